package io.codedyarn.coordinator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.CheckpointInterval;
import io.codedyarn.coordinator.checkpoint.CheckpointParts;
import io.codedyarn.coordinator.checkpoint.CheckpointSink;
import io.codedyarn.coordinator.checkpoint.InvalidCheckpointException;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.decoded.DecodedFamily;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.Family;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.TraceSink;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Training;
import java.io.IOException;
import java.util.Locale;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a run's checkpoints and restores them (coordinator thread only). The body has four parts:
 * {@code run} ({@link RunState.Saved}: the counts of iterations and events with the last of each,
 * where the trace sink streamed them, the best iterate), {@code family} (the family's {@link
 * Family#checkpoint()}), {@code gate} (GC-DC's prediction, {@link DecodeGate.Saved}) and {@code
 * cluster} (what the cluster adapter asked to keep: the simulated cluster's latency-model position;
 * absent on YARN, whose new containers start idle).
 *
 * <p>Generators: the run's seeded generators either live only in the setup rounds (step size, group
 * constants, PCA's V⁰: their results are in the state, so a resumed run does not draw again) or are
 * the simulated latency model's, which draws the same number of variates per broadcast whatever the
 * loads (common random numbers) and is therefore re-derived from (seed, broadcasts so far) by
 * replaying that many broadcasts ({@code SimulatedCluster.skipBatches}): L64X128MixRandom's state
 * has no public accessor to serialise. The one other generator, the SAG/DSAG load balancer's,
 * starts afresh with its latency profile (see {@link
 * io.codedyarn.coordinator.async.AsyncGate.Saved}).
 */
public final class Checkpoints {
    private static final Logger LOG = LoggerFactory.getLogger(Checkpoints.class);

    private static final ObjectMapper JSON = CheckpointParts.JSON;

    private final CheckpointSink sink;
    private final CheckpointInterval interval;
    private final Checkpoint.Identity identity;
    private final Supplier<JsonNode> cluster;
    private double lastSeconds;
    private long boundaryNanos = -1;
    private JsonNode boundaryCluster;

    Checkpoints(
            CheckpointSink sink,
            CheckpointInterval interval,
            Checkpoint.Identity identity,
            Supplier<JsonNode> cluster) {
        this.sink = sink;
        this.interval = interval;
        this.identity = identity;
        this.cluster = cluster;
    }

    /** The identity of a job (what a checkpoint must match to be resumed by it). */
    static Checkpoint.Identity identity(TrainSpec spec, Plan plan, DataShape shape, String data) {
        Training t = Families.training(plan);
        String optimizer;
        if (t instanceof Training.Lazy) {
            optimizer = "lazy";
        } else if (t instanceof Training.Asynchronous) {
            optimizer = spec.workload() == io.codedyarn.compute.task.Workload.PCA ? "power" : "sag";
        } else {
            optimizer = DecodedFamily.Update.of(spec).name().toLowerCase(Locale.ROOT);
        }
        return new Checkpoint.Identity(
                plan.scheme(),
                spec.workload().cliName(),
                optimizer,
                spec.seed(),
                plan.workers(),
                plan.partitions(),
                shape.rows(),
                shape.cols(),
                RunState.modelLength(spec, shape),
                data);
    }

    /**
     * Between two rounds (after the setup or the restore, and after each recorded round): remembers
     * the clock and the cluster's state there, which a failure later in the round is checkpointed
     * with ({@link #writeAtFailure}).
     */
    void boundary(RunState run) {
        boundaryNanos = run.engine.elapsedNanos();
        boundaryCluster = cluster.get();
    }

    /**
     * After a recorded round that did not stop the run: a checkpoint when one is due.
     *
     * @throws RunAborted when it cannot be stored: a job that goes on without checkpoints would
     *     lose all its work since the last one to the next failure (an expired delegation token
     *     fails every later write), so it stops now, its diagnostic naming the cause; the previous
     *     checkpoint (written atomically) stays the one {@code train --resume} continues from
     */
    void afterRound(RunState run, Family family, DecodeGate gate) throws RunAborted {
        boundary(run);
        if (interval.due(run.iteration(), run.engine.elapsedSeconds(), lastSeconds)) {
            Exception failed = write(run, family, gate, run.engine.elapsedNanos(), cluster.get());
            if (failed != null) {
                throw new RunAborted(
                        "the checkpoint after iteration "
                                + (run.iteration() - 1)
                                + " could not be written ("
                                + failed
                                + "): training stops; train --resume continues from the"
                                + " previous checkpoint");
            }
        }
    }

    /** Takes and stores a checkpoint now (nothing before the family's setup finished). */
    void write(RunState run, Family family, DecodeGate gate) {
        write(run, family, gate, run.engine.elapsedNanos(), cluster.get());
    }

    /**
     * A round failed: checkpoints the state it started from, with the clock and the cluster's state
     * of that boundary (so the resumed run redoes the round as it would have gone). Round tags
     * continue after the failed round's, whose results may already be in a SAG/DSAG cache.
     */
    void writeAtFailure(RunState run, Family family, DecodeGate gate) {
        if (boundaryNanos < 0) {
            write(run, family, gate);
        } else {
            write(run, family, gate, boundaryNanos, boundaryCluster);
        }
    }

    /** Takes and stores one; what failed when it was not stored (logged), else null. */
    private Exception write(
            RunState run, Family family, DecodeGate gate, long elapsedNanos, JsonNode c) {
        JsonNode state = family.checkpoint();
        if (state == null) {
            return null;
        }
        ObjectNode body = JSON.createObjectNode();
        body.set("run", JSON.valueToTree(run.save()));
        body.set("family", state);
        body.set("gate", JSON.valueToTree(gate.save()));
        if (c != null) {
            body.set("cluster", c);
        }
        Checkpoint checkpoint =
                new Checkpoint(
                        "", identity, run.iteration(), elapsedNanos, run.engine.rounds(), body);
        lastSeconds = run.engine.elapsedSeconds();
        long t0 = System.nanoTime(); // wall time of the write, for the log only
        try {
            // the rows it counts are where a resumed run will look for them before it says so
            run.trace().flush();
            sink.write(checkpoint);
            LOG.debug(
                    "checkpoint after iteration {} written in {} ms",
                    checkpoint.iteration(),
                    (System.nanoTime() - t0) / 1_000_000);
        } catch (IOException | RuntimeException e) {
            // the previous checkpoint (written atomically) stays the latest
            LOG.error(
                    "checkpoint after iteration {} not written ({}); the previous one stays",
                    checkpoint.iteration(),
                    e.toString());
            return e;
        }
        return null;
    }

    /**
     * Restores a checkpoint's run, gate and family state into a fresh run (before its first round;
     * the engine's clock and round tags are set by {@link
     * io.codedyarn.coordinator.round.RoundEngine#resume}).
     *
     * @throws IllegalArgumentException naming the checkpoint's file and the field that does not fit
     */
    static void restore(Checkpoint c, RunState run, Family family, DecodeGate gate) {
        try {
            run.restore(CheckpointParts.read(c.state().get("run"), RunState.Saved.class, "run"));
            if (run.iteration() != c.iteration()) {
                throw new IllegalArgumentException(
                        "run.iterations: "
                                + run.iteration()
                                + " rows, the header says "
                                + c.iteration());
            }
            gate.restore(
                    CheckpointParts.read(c.state().get("gate"), DecodeGate.Saved.class, "gate"));
            family.resume(c.state().get("family"));
            run.decisions.add(
                    c.iteration(),
                    run.engine.elapsedSeconds(),
                    -1,
                    "resumed",
                    "from " + c.source() + " after iteration " + c.iteration(),
                    "tasks in flight when it was taken are lost; the rounds after it are redone");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "checkpoint " + c.source() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Where the rows before {@code checkpoint} are and how many ({@link RunState.Saved}), checked
     * against its header's iteration count.
     *
     * @throws InvalidCheckpointException naming the file and field when its run state is not one
     */
    static TraceSink.Continued rowsBefore(Checkpoint checkpoint) throws InvalidCheckpointException {
        TraceSink.Continued earlier;
        try {
            RunState.Saved saved =
                    CheckpointParts.read(
                            checkpoint.state().get("run"), RunState.Saved.class, "run");
            earlier = saved.continued(checkpoint.source());
        } catch (IllegalArgumentException e) {
            throw new InvalidCheckpointException(checkpoint.source(), "run", e.getMessage(), e);
        }
        if (earlier.iterations() != checkpoint.iteration()) {
            throw new InvalidCheckpointException(
                    checkpoint.source(),
                    "run.iterations",
                    earlier.iterations() + " rows, the header says " + checkpoint.iteration());
        }
        return earlier;
    }

    /**
     * {@code checkpoint}, saying that the rows before it are now in {@code location} (the run's
     * streamed files moved there: its output directory); the run resuming it looks there after the
     * checkpoint's own directory.
     */
    public static Checkpoint traceAt(Checkpoint checkpoint, String location) {
        if (!(checkpoint.state().get("run")
                instanceof com.fasterxml.jackson.databind.node.ObjectNode)) {
            return checkpoint; // not a run's state: Coordinator.resume says what is wrong
        }
        com.fasterxml.jackson.databind.node.ObjectNode state = checkpoint.state().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) state.get("run")).put("trace", location);
        return new Checkpoint(
                checkpoint.source(),
                checkpoint.identity(),
                checkpoint.iteration(),
                checkpoint.elapsedNanos(),
                checkpoint.rounds(),
                state);
    }
}
