package io.codedyarn.bench;

import io.codedyarn.am.net.AmIdentity;
import io.codedyarn.am.net.EventLoops;
import io.codedyarn.am.net.GrpcWorkerServer;
import io.codedyarn.am.net.ServerOptions;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.RunOptions;
import io.codedyarn.coordinator.cluster.Clock;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
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
 * <p>Not JMH: each configuration needs a server and N connections set up around the measured loop.
 * One run per configuration: W warm-up iterations, then the R measured ones, on the same server,
 * connections and threads, as a training job's iterations follow each other. Why the warm-up is in
 * the same run: a fresh run starts slow even in a warmed-up JVM and speeds up over thousands of
 * iterations (d = 1,000, N = 16 on the 2-vCPU VM: medians of consecutive 1,000-iteration windows
 * 1.66, 0.96, 0.94, 0.68, … 0.51 ms after a 10,000-iteration warm-up run; docs/performance.md), so
 * a separate warm-up run followed by a short measured run measures a run's start, not its steady
 * state.
 */
public final class CoordinationBenchmark {
    private static final byte[] SECRET = "bench".getBytes(StandardCharsets.UTF_8);

    /** Name prefix of the zero-cost workers' event-loop thread. */
    private static final String WORKER_THREAD_PREFIX = "zero-cost-workers";

    /**
     * One configuration's figures, milliseconds per iteration: wall time (mean, median) between
     * consecutive iterations, and the CPU time the AM's own threads (the coordinator's and the
     * server's event loop, {@value GrpcWorkerServer#IO_THREAD_PREFIX}-*) spent per iteration — what
     * the in-process workers' threads spend on the same cores is not in it. {@code
     * mutualTlsConnections}: the worker connections that completed the AM's mutual TLS handshake
     * (the worker certificate presented and pinned), at least {@code workers} in every run.
     */
    public record Figures(
            int dimension,
            int workers,
            int iterations,
            int ioThreads,
            double meanMillis,
            double medianMillis,
            double coordinatorCpuMillis,
            double amIoCpuMillis,
            double workersCpuMillis,
            long mutualTlsConnections) {
        /** The AM's CPU per iteration: its coordinator thread plus its transport threads. */
        public double amCpuMillis() {
            return coordinatorCpuMillis + amIoCpuMillis;
        }

        /**
         * The AM's transport CPU per worker and iteration, microseconds: one task sent and one
         * result received, each of about 8·d bytes.
         */
        public double amIoMicrosPerWorker() {
            return amIoCpuMillis * 1e3 / workers;
        }
    }

    private record Measured(double[] wallMillis, double[] cpuMillis, long mutualTls) {}

    private CoordinationBenchmark() {}

    /**
     * Runs {@code warmup} then {@code iterations} iterations of uncoded GD in one run and times the
     * latter.
     *
     * @throws IllegalStateException when the run fails (names the coordinator's diagnostic)
     */
    public static Figures measure(int d, int n, int warmup, int iterations, int ioThreads)
            throws Exception {
        Measured m = run(d, n, warmup, iterations, ioThreads);
        double[] ms = m.wallMillis();
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        double median =
                sorted.length % 2 == 1
                        ? sorted[sorted.length / 2]
                        : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        return new Figures(
                d,
                n,
                ms.length,
                ioThreads,
                Arrays.stream(ms).average().orElse(Double.NaN),
                median,
                m.cpuMillis()[0],
                m.cpuMillis()[1],
                m.cpuMillis()[2],
                m.mutualTls());
    }

    /**
     * Default warm-up iterations: enough for the JIT (code run once per iteration reaches C2 after
     * 5,000–15,000 calls) and the run's own ramp (see the class comment), bounded by the data
     * moved: 10^9 / (d·N), between 20 and 10,000 (about 10 s at d = 1,000).
     */
    public static int defaultWarmup(int d, int n) {
        return (int) Math.max(20, Math.min(10_000, 1e9 / ((double) d * n)));
    }

    /**
     * Default measured iterations: 1,000, fewer for large broadcasts (d·N above 10^5 doubles) so
     * one configuration takes seconds, not minutes; at least 20.
     */
    public static int defaultIterations(int d, int n) {
        return (int) Math.max(20, Math.min(1000, 1e8 / ((double) d * n)));
    }

    /**
     * What worker w is told it holds: the plan's partitions (the AM refuses a task naming a
     * partition the worker does not hold; a zero-cost worker reads none of them).
     */
    private static Map<Integer, String> held(Plan plan, int w) {
        Map<Integer, String> uris = new java.util.TreeMap<>();
        for (int j : plan.stored(w)) {
            uris.put(j, "zero-cost:/part-" + j);
        }
        return uris;
    }

    /**
     * Milliseconds of each iteration after the warm-up (consecutive record times), the threads' CPU
     * milliseconds per iteration from the first measured round's first send to the end, and the
     * connections that completed the mutual TLS handshake.
     */
    private static Measured run(int d, int n, int warmup, int iterations, int ioThreads)
            throws Exception {
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
                        Optimizer.parse("gd"),
                        0.1,
                        warmup + iterations + 1,
                        Double.NaN,
                        Double.NaN,
                        0,
                        Double.NaN,
                        null,
                        StraggleSpec.parse("none"),
                        1);
        long[] rows = new long[plan.partitions()];
        Arrays.fill(rows, 1000);
        DataShape shape = new DataShape(1000L * rows.length, d, rows);
        // room for x (8 d bytes) plus framing, with the default as the floor
        int maxBytes = Math.max(ServerOptions.defaults().maxMessageBytes(), 8 * d + (1 << 20));
        EventQueue events = new EventQueue();
        List<ZeroCostWorker> workers = new ArrayList<>();
        RunResult result;
        double[] cpuMillis;
        long mutualTls;
        // the workers' channels share one event-loop thread of their own (not gRPC's default
        // group of 2 x cores threads), so that they take as few of this machine's cores as they can
        EventLoops workerLoop = EventLoops.create(1, WORKER_THREAD_PREFIX);
        // TLS as on a cluster, so that the measured coordination includes its cost
        AmIdentity identity =
                AmIdentity.generate("coded-yarn bench AM", Instant.now(), new SecureRandom());
        try (GrpcWorkerServer server =
                new GrpcWorkerServer(
                                n,
                                SECRET,
                                identity,
                                (w, host) ->
                                        new WorkerSetup(w, Workload.LR, 1, false, held(plan, w)),
                                events,
                                ServerOptions.defaults()
                                        .withBindAddress("127.0.0.1")
                                        .withMaxMessageBytes(maxBytes)
                                        .withIoThreads(ioThreads))
                        .start()) {
            for (int w = 0; w < n; w++) {
                workers.add(
                        new ZeroCostWorker(
                                server.port(),
                                w,
                                SECRET,
                                identity.workerKeys(),
                                maxBytes,
                                workerLoop.group()));
            }
            AmCpu cpu = new AmCpu(server, warmup + 1);
            result =
                    new Coordinator(
                                    spec,
                                    plan,
                                    shape,
                                    cpu,
                                    events,
                                    Clock.system(),
                                    RunOptions.defaults().withStartupTimeout(60))
                            .run();
            cpuMillis = cpu.millisPerRound();
            mutualTls = server.authenticatedConnections();
        } finally {
            for (ZeroCostWorker w : workers) {
                w.close();
            }
            workerLoop.shutdown();
        }
        if (!result.succeeded()) {
            throw new IllegalStateException("benchmark run failed: " + result.diagnostic());
        }
        // the server requires the worker certificate (AmIdentity): a connection that completed
        // its handshake presented it, so every worker ran over mutual TLS
        if (mutualTls < n) {
            throw new IllegalStateException(
                    "benchmark run: only "
                            + mutualTls
                            + " of "
                            + n
                            + " worker connections completed the mutual TLS handshake");
        }
        List<IterationRecord> it = result.iterationLog();
        int from = Math.min(warmup + 1, it.size() - 1);
        double[] ms = new double[it.size() - from];
        for (int i = from; i < it.size(); i++) {
            ms[i - from] = (it.get(i).seconds() - it.get(i - 1).seconds()) * 1e3;
        }
        return new Measured(ms, cpuMillis, mutualTls);
    }

    /**
     * The server as the coordinator's port, noting the threads' CPU time when the first measured
     * round starts (set-up and warm-up excluded) and when the coordinator closes it: the AM's (this
     * thread and the server's event loop) and the zero-cost workers' event loop.
     */
    private static final class AmCpu implements WorkerPort {
        private final GrpcWorkerServer server;
        private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        private long[] start;
        private long[] end;
        private final long firstRound;
        private long lastRound;

        AmCpu(GrpcWorkerServer server, long firstRound) {
            this.server = server;
            this.firstRound = firstRound;
        }

        @Override
        public int workers() {
            return server.workers();
        }

        @Override
        public void send(int worker, Task task) {
            if (start == null && task.round() == firstRound) {
                start = cpuNanos();
            }
            lastRound = Math.max(lastRound, task.round());
            server.send(worker, task);
        }

        /** Takes the end snapshot first: closing the server ends its event-loop threads. */
        @Override
        public void close() {
            end = cpuNanos();
            server.close();
        }

        /** [coordinator thread, AM event loop, workers' event loop] CPU ms per round. */
        double[] millisPerRound() {
            double[] out = new double[3];
            for (int i = 0; i < 3; i++) {
                out[i] =
                        start == null || end == null || lastRound <= firstRound
                                ? Double.NaN
                                : (end[i] - start[i]) / 1e6 / (lastRound - firstRound);
            }
            return out;
        }

        /** [this thread, the server's event loop, the workers' event loop] CPU nanoseconds. */
        private long[] cpuNanos() {
            long[] sum = {mx.getCurrentThreadCpuTime(), 0, 0};
            for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
                if (t == null) {
                    continue;
                }
                long cpu = Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
                if (t.getThreadName().startsWith(GrpcWorkerServer.IO_THREAD_PREFIX)) {
                    sum[1] += cpu;
                } else if (t.getThreadName().startsWith(WORKER_THREAD_PREFIX)) {
                    sum[2] += cpu;
                }
            }
            return sum;
        }
    }
}
