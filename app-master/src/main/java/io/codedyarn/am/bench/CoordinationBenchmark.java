package io.codedyarn.am.bench;

import io.codedyarn.am.coord.Clock;
import io.codedyarn.am.coord.Coordinator;
import io.codedyarn.am.coord.DataShape;
import io.codedyarn.am.coord.EventQueue;
import io.codedyarn.am.coord.IterationRecord;
import io.codedyarn.am.coord.RunResult;
import io.codedyarn.am.coord.TrainSpec;
import io.codedyarn.am.coord.WorkerSetup;
import io.codedyarn.am.net.GrpcWorkerServer;
import io.codedyarn.am.net.ServerOptions;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.worker.task.Workload;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Coordination overhead per iteration (issue 6, "Speed"): the real {@link Coordinator} running
 * uncoded GD (LR, fixed step) over the real {@link GrpcWorkerServer} on loopback, against N {@link
 * ZeroCostWorker}s in this JVM. One iteration = broadcast x to N workers + N results back + their
 * sum (uncoded decode) + a GD update; the time between consecutive iteration records is the
 * overhead, since the workers add none.
 *
 * <p>Not JMH: each configuration needs a server and N connections set up around the measured loop;
 * a warm-up run of the same configuration precedes the measured one.
 */
public final class CoordinationBenchmark {
    private static final byte[] SECRET = "bench".getBytes(StandardCharsets.UTF_8);

    /** One configuration's figures (milliseconds per iteration). */
    public record Figures(
            int dimension, int workers, int iterations, double meanMillis, double medianMillis) {}

    private CoordinationBenchmark() {}

    /**
     * Runs {@code warmup} then {@code iterations} iterations of uncoded GD and times the latter.
     *
     * @throws IllegalStateException when the run fails (names the coordinator's diagnostic)
     */
    public static Figures measure(int d, int n, int warmup, int iterations) throws Exception {
        run(d, n, warmup);
        double[] ms = run(d, n, iterations);
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        double median =
                sorted.length % 2 == 1
                        ? sorted[sorted.length / 2]
                        : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        return new Figures(d, n, ms.length, Arrays.stream(ms).average().orElse(Double.NaN), median);
    }

    /**
     * Default measured iterations: 200, fewer for large broadcasts (d·N above 10^5 doubles) so one
     * configuration takes seconds, not minutes; at least 20.
     */
    public static int defaultIterations(int d, int n) {
        return (int) Math.max(20, Math.min(200, 2e7 / ((double) d * n)));
    }

    /** Milliseconds of each iteration after the first (consecutive record times). */
    private static double[] run(int d, int n, int iterations) throws Exception {
        SchemeParams params = SchemeParams.of(n, 0, 1);
        Plan plan = Schemes.byName("uncoded").place(params, Seeds.generator(1));
        TrainSpec spec =
                new TrainSpec(
                        Workload.LR,
                        "uncoded",
                        params,
                        1,
                        Double.NaN,
                        false,
                        "gd",
                        0.1,
                        iterations + 1,
                        Double.NaN,
                        Double.NaN,
                        0,
                        Double.NaN,
                        null,
                        1);
        long[] rows = new long[plan.partitions()];
        Arrays.fill(rows, 1000);
        DataShape shape = new DataShape(1000L * rows.length, d, rows);
        // room for x (8 d bytes) plus framing, with the default as the floor
        int maxBytes = Math.max(ServerOptions.defaults().maxMessageBytes(), 8 * d + (1 << 20));
        EventQueue events = new EventQueue();
        List<ZeroCostWorker> workers = new ArrayList<>();
        RunResult result;
        try (GrpcWorkerServer server =
                new GrpcWorkerServer(
                                n,
                                SECRET,
                                w -> new WorkerSetup(w, Workload.LR, 1, false, Map.of()),
                                events,
                                ServerOptions.defaults()
                                        .withBindAddress("127.0.0.1")
                                        .withMaxMessageBytes(maxBytes))
                        .start()) {
            for (int w = 0; w < n; w++) {
                workers.add(new ZeroCostWorker(server.port(), w, SECRET, maxBytes));
            }
            result =
                    new Coordinator(spec, plan, shape, server, events, Clock.system())
                            .startupTimeout(60)
                            .run();
        } finally {
            for (ZeroCostWorker w : workers) {
                w.close();
            }
        }
        if (!result.succeeded()) {
            throw new IllegalStateException("benchmark run failed: " + result.diagnostic());
        }
        List<IterationRecord> it = result.iterationLog();
        double[] ms = new double[it.size() - 1];
        for (int i = 1; i < it.size(); i++) {
            ms[i - 1] = (it.get(i).seconds() - it.get(i - 1).seconds()) * 1e3;
        }
        return ms;
    }
}
