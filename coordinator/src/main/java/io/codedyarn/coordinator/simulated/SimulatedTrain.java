package io.codedyarn.coordinator.simulated;

import io.codedyarn.coordinator.BalanceSchedule;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.DataShape;
import io.codedyarn.coordinator.InProcessWorkers;
import io.codedyarn.coordinator.ManualClock;
import io.codedyarn.coordinator.RunResult;
import io.codedyarn.coordinator.SimulatedCluster;
import io.codedyarn.coordinator.TrainSpec;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.sim.Simulation;
import io.codedyarn.placement.straggle.Slowdown;
import io.codedyarn.placement.straggle.StraggleSpec;
import io.codedyarn.worker.data.Rows;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code train --cluster simulated}: the same {@link Coordinator} with in-process workers running
 * the real kernels on the real data, and time from a latency model ({@code --latency}, as in {@code
 * simulate}) instead of the clock — learning curves against simulated time for clusters far larger
 * than this machine. The latency model is seeded as run 0 of {@code simulate} with the same {@code
 * --seed}, so both see the same latencies.
 */
public final class SimulatedTrain {
    private SimulatedTrain() {}

    public static RunResult run(TrainSpec spec, Plan plan, Rows data) throws InterruptedException {
        return run(spec, plan, data, false);
    }

    /**
     * The simulated cluster's NodeManagers: worker w runs on {@code simulated-(w mod 3)} (3 = the
     * embedded cluster's default), so {@code --straggle ...,node=K} means the same workers here.
     */
    public static final int NODES = 3;

    /** Each worker's {@code --straggle} slowdown, resolved as a YARN worker resolves it. */
    static Slowdown[] slowdowns(TrainSpec spec, int workers) {
        StraggleSpec straggle = StraggleSpec.parse(spec.straggle());
        double[][] recorded = straggle.traceColumns(workers, SimulatedTrain::open);
        Slowdown[] out = new Slowdown[workers];
        for (int w = 0; w < workers; w++) {
            out[w] =
                    straggle.message(
                                    w,
                                    workers,
                                    spec.seed(),
                                    "simulated-" + (w % NODES),
                                    w % NODES,
                                    recorded)
                            .slowdown(w);
        }
        return out;
    }

    /** A local file, named by a path or a {@code file:} URI. */
    private static Reader open(String path) throws IOException {
        Path p = path.startsWith("file:") ? Path.of(URI.create(path)) : Path.of(path);
        return Files.newBufferedReader(p, StandardCharsets.UTF_8);
    }

    /**
     * As {@link #run(TrainSpec, Plan, Rows, boolean, BalanceSchedule)} with the default schedule.
     */
    public static RunResult run(TrainSpec spec, Plan plan, Rows data, boolean loadBalance)
            throws InterruptedException {
        return run(spec, plan, data, loadBalance, BalanceSchedule.defaults());
    }

    /**
     * @param loadBalance SAG/DSAG load balancing ({@code coded-yarn.dsag.load-balance}); the
     *     simulated workers then report 5 % of each task's time as communication, which the latency
     *     profiler needs
     * @param schedule when the balancer solves ({@code coded-yarn.dsag.load-balance.*})
     */
    public static RunResult run(
            TrainSpec spec, Plan plan, Rows data, boolean loadBalance, BalanceSchedule schedule)
            throws InterruptedException {
        InvalidParametersException.require(
                spec.latency() != null, "--latency", "is required with --cluster simulated");
        LatencySpec latency = LatencySpec.parse(spec.latency());
        LatencyModel model =
                latency.build(
                        plan.workers(),
                        spec.params().speeds(),
                        Seeds.generator(Simulation.runSeed(spec.seed(), 0)),
                        SimulatedTrain::open);
        ManualClock clock = new ManualClock();
        DataShape shape = InProcessWorkers.shape(data, plan.partitions());
        SimulatedCluster cluster =
                SimulatedCluster.over(
                        plan, data, spec, SimulatedCluster.TaskLatency.of(model), clock);
        if (loadBalance) {
            cluster.communicationFraction(0.05);
        }
        cluster.straggle(slowdowns(spec, plan.workers()));
        return new Coordinator(spec, plan, shape, cluster, cluster, clock)
                .loadBalance(loadBalance)
                .balanceSchedule(schedule)
                .run();
    }
}
