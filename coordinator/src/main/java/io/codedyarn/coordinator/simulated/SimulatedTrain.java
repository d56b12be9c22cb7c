package io.codedyarn.coordinator.simulated;

import io.codedyarn.compute.data.Rows;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.RunOptions;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.CheckpointInterval;
import io.codedyarn.coordinator.checkpoint.CheckpointSink;
import io.codedyarn.coordinator.checkpoint.InvalidCheckpointException;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.lazy.LazySettings;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.MemoryTrace;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.coordinator.trace.TraceSink;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.sim.Simulation;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
        return run(
                spec,
                plan,
                data,
                false,
                BalanceSchedule.defaults(),
                AdaptSettings.off(),
                SpeedSettings.defaults());
    }

    /**
     * The simulated cluster's NodeManagers: worker w runs on {@code simulated-(w mod 3)} (3 = the
     * embedded cluster's default), so {@code --straggle ...,node=K} means the same workers here.
     */
    public static final int NODES = 3;

    /** A replacement's start and load time on the simulated cluster (seconds). */
    public static final double REPLACEMENT_SECONDS = 5;

    /**
     * The simulated nodes, each worker's, and its {@code --straggle} slowdown on a node, resolved
     * as a YARN worker resolves it.
     */
    static SimulatedCluster.Nodes nodes(TrainSpec spec, int workers) {
        StraggleSpec straggle = spec.straggle();
        double[][] recorded = straggle.traceColumns(workers, SimulatedTrain::open);
        List<String> all = new ArrayList<>();
        for (int k = 0; k < NODES; k++) {
            all.add("simulated-" + k);
        }
        String[] nodeOf = new String[workers];
        for (int w = 0; w < workers; w++) {
            nodeOf[w] = all.get(w % NODES);
        }
        return new SimulatedCluster.Nodes(
                all,
                nodeOf,
                (w, node) ->
                        straggle.message(w, workers, spec.seed(), node, all.indexOf(node), recorded)
                                .slowdown(w),
                REPLACEMENT_SECONDS);
    }

    /** What a checkpoint keeps of the simulated cluster: the latency model's position. */
    private static com.fasterxml.jackson.databind.JsonNode clusterState(SimulatedCluster cluster) {
        var node = io.codedyarn.coordinator.checkpoint.CheckpointFile.json().createObjectNode();
        node.put("batches", cluster.batches());
        return node;
    }

    /** A local file, named by a path or a {@code file:} URI. */
    private static Reader open(String path) throws IOException {
        Path p = path.startsWith("file:") ? Path.of(URI.create(path)) : Path.of(path);
        return Files.newBufferedReader(p, StandardCharsets.UTF_8);
    }

    /**
     * @param loadBalance SAG/DSAG load balancing ({@code coded-yarn.dsag.load-balance}); the
     *     simulated workers then report 5 % of each task's time as communication, which the latency
     *     profiler needs
     * @param schedule when the balancer solves ({@code coded-yarn.dsag.load-balance.*})
     * @param adaptation slow-worker detection, node exclusion and replacement ({@code
     *     coded-yarn.exclusion.*}); a replacement starts {@link #REPLACEMENT_SECONDS} after it is
     *     asked for, on the simulated node with the fewest workers outside the excluded ones
     * @param speeds how hetero, hetero-group and bcc-hetero without {@code --speeds} re-plan from
     *     measured speeds ({@code coded-yarn.speeds.*}; simulated workers load new partitions at
     *     once)
     */
    public static RunResult run(
            TrainSpec spec,
            Plan plan,
            Rows data,
            boolean loadBalance,
            BalanceSchedule schedule,
            AdaptSettings adaptation,
            SpeedSettings speeds)
            throws InterruptedException {
        try {
            return run(
                    spec,
                    plan,
                    data,
                    loadBalance,
                    schedule,
                    adaptation,
                    speeds,
                    LazySettings.defaults(),
                    Checkpointing.none());
        } catch (InvalidCheckpointException e) {
            throw new IllegalStateException("no checkpoint was given", e);
        }
    }

    /**
     * Checkpoints of a simulated run and the one it continues.
     *
     * @param sink where checkpoints go
     * @param interval when ({@code coded-yarn.checkpoint.interval})
     * @param data the dataset as given (the checkpoints' identity; empty: built-in)
     * @param resume the checkpoint to continue; null to start afresh
     */
    public record Checkpointing(
            CheckpointSink sink, CheckpointInterval interval, String data, Checkpoint resume) {
        public static Checkpointing none() {
            return new Checkpointing(
                    CheckpointSink.none(), CheckpointInterval.finalOnly(), "", null);
        }
    }

    /**
     * As {@link #run(TrainSpec, Plan, Rows, boolean, BalanceSchedule, AdaptSettings,
     * SpeedSettings)}, with the lazy family's ξ, D and F ({@code coded-yarn.lazy.*}) and
     * checkpoints. A resumed run starts its simulated clock at the checkpoint's time and its
     * latency model at the checkpoint's broadcast, so a decoded run with no task in flight at the
     * checkpoint continues bit for bit.
     *
     * @throws InvalidCheckpointException when {@code checkpointing.resume()} is another job's
     */
    public static RunResult run(
            TrainSpec spec,
            Plan plan,
            Rows data,
            boolean loadBalance,
            BalanceSchedule schedule,
            AdaptSettings adaptation,
            SpeedSettings speeds,
            LazySettings lazy,
            Checkpointing checkpointing)
            throws InterruptedException, InvalidCheckpointException {
        return run(
                spec,
                plan,
                data,
                loadBalance,
                schedule,
                adaptation,
                speeds,
                lazy,
                checkpointing,
                new MemoryTrace());
    }

    /**
     * As {@link #run(TrainSpec, Plan, Rows, boolean, BalanceSchedule, AdaptSettings, SpeedSettings,
     * LazySettings, Checkpointing)}, the run's records going to {@code trace} as they become final
     * ({@link Coordinator#trace}: the result's logs are empty unless it is a {@link MemoryTrace}).
     * A resumed run's {@code trace} takes over the earlier rows.
     *
     * @throws InvalidCheckpointException when {@code checkpointing.resume()} is another job's, or
     *     {@code trace} cannot find the rows before it
     */
    public static RunResult run(
            TrainSpec spec,
            Plan plan,
            Rows data,
            boolean loadBalance,
            BalanceSchedule schedule,
            AdaptSettings adaptation,
            SpeedSettings speeds,
            LazySettings lazy,
            Checkpointing checkpointing,
            TraceSink trace)
            throws InterruptedException, InvalidCheckpointException {
        return run(
                spec,
                plan,
                data,
                RunOptions.defaults()
                        .withLoadBalance(loadBalance)
                        .withAdaptation(adaptation, NODES)
                        .withSpeeds(speeds)
                        .withBalanceSchedule(schedule)
                        .withLazy(lazy),
                0,
                checkpointing,
                trace);
    }

    /**
     * As above, with every coordinator setting in {@code options} ({@code --scheme auto}'s
     * included; its node count is the simulated cluster's) and {@code loadSecondsPerUnit}, how long
     * a worker takes to read partitions it is asked to load mid-run ({@code
     * coded-yarn.simulated.load-seconds-per-unit}: simulated seconds per unit of load added).
     */
    public static RunResult run(
            TrainSpec spec,
            Plan plan,
            Rows data,
            RunOptions options,
            double loadSecondsPerUnit,
            Checkpointing checkpointing,
            TraceSink trace)
            throws InterruptedException, InvalidCheckpointException {
        InvalidParametersException.require(
                spec.latency() != null, "--latency", "is required with --cluster simulated");
        LatencySpec latency = spec.latency();
        LatencyModel model =
                latency.build(
                        plan.workers(),
                        spec.params().speeds(),
                        Seeds.generator(Simulation.runSeed(spec.seed(), 0)),
                        SimulatedTrain::open);
        ManualClock clock = new ManualClock();
        Checkpoint resume = checkpointing.resume();
        if (resume != null) {
            // the workers are ready at the checkpoint's time, as they were when it was taken
            clock.advanceTo(resume.elapsedNanos());
        }
        DataShape shape = InProcessWorkers.shape(data, plan.partitions());
        SimulatedCluster cluster =
                SimulatedCluster.over(
                        plan, data, spec, SimulatedCluster.TaskLatency.of(model), clock);
        if (resume != null) {
            cluster.skipBatches(resume.state().path("cluster").path("batches").asInt(0));
        }
        if (options.loadBalance()) {
            cluster.communicationFraction(0.05);
        }
        cluster.nodes(nodes(spec, plan.workers()));
        cluster.loadSeconds(loadSecondsPerUnit);
        Coordinator coordinator =
                new Coordinator(
                                spec,
                                plan,
                                shape,
                                cluster,
                                cluster,
                                clock,
                                options.withAdaptation(options.adaptation(), NODES))
                        .checkpoints(
                                checkpointing.sink(),
                                checkpointing.interval(),
                                checkpointing.data())
                        .clusterState(() -> clusterState(cluster))
                        .trace(trace);
        if (resume != null) {
            coordinator.resume(resume);
        }
        return coordinator.run();
    }
}
