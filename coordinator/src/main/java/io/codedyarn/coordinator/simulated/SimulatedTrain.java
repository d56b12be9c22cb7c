package io.codedyarn.coordinator.simulated;

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
import io.codedyarn.worker.data.Rows;

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
     * @param loadBalance DSAG load balancing ({@code coded-yarn.dsag.load-balance}); the simulated
     *     workers then report 5 % of each task's time as communication, which the latency profiler
     *     needs
     */
    public static RunResult run(TrainSpec spec, Plan plan, Rows data, boolean loadBalance)
            throws InterruptedException {
        InvalidParametersException.require(
                spec.latency() != null, "--latency", "is required with --cluster simulated");
        LatencySpec latency = LatencySpec.parse(spec.latency());
        LatencyModel model =
                latency.build(
                        plan.workers(),
                        spec.params().speeds(),
                        Seeds.generator(Simulation.runSeed(spec.seed(), 0)),
                        path ->
                                java.nio.file.Files.newBufferedReader(
                                        java.nio.file.Path.of(path),
                                        java.nio.charset.StandardCharsets.UTF_8));
        ManualClock clock = new ManualClock();
        DataShape shape = InProcessWorkers.shape(data, plan.partitions());
        SimulatedCluster cluster =
                SimulatedCluster.over(
                        plan, data, spec, SimulatedCluster.TaskLatency.of(model), clock);
        if (loadBalance) {
            cluster.communicationFraction(0.05);
        }
        return new Coordinator(spec, plan, shape, cluster, cluster, clock)
                .loadBalance(loadBalance)
                .run();
    }
}
