package io.codedyarn.coordinator;

import com.fasterxml.jackson.databind.JsonNode;
import io.codedyarn.compute.task.Task;
import io.codedyarn.coordinator.adapt.Adapter;
import io.codedyarn.coordinator.adapt.PlanStep;
import io.codedyarn.coordinator.adapt.Replanner;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.checkpoint.CheckpointInterval;
import io.codedyarn.coordinator.checkpoint.CheckpointSink;
import io.codedyarn.coordinator.checkpoint.InvalidCheckpointException;
import io.codedyarn.coordinator.cluster.Clock;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.cluster.EventSource;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.Decodings;
import io.codedyarn.coordinator.round.Family;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.Stop;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LiveFeed;
import io.codedyarn.coordinator.trace.MemoryTrace;
import io.codedyarn.coordinator.trace.Metric;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.coordinator.trace.TraceSink;
import io.codedyarn.coordinator.validation.ValidationCheck;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Training;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The training coordinator: a Hadoop-free state machine run by ONE thread (the caller of {@link
 * #run}); cluster adapters only post events to its {@link EventSource}, and it reaches workers only
 * through the {@link WorkerPort}. Time comes from the injected {@link Clock} (the system clock on
 * real clusters, a simulated one in {@code --cluster simulated}).
 *
 * <p>Training is one {@link RoundLoop} over the shared {@link RoundEngine}, driving the scheme's
 * {@link Family}: decode-gated rounds with a step-wise optimiser ({@link
 * io.codedyarn.coordinator.decoded.DecodedFamily}), lazy group rounds ({@link
 * io.codedyarn.coordinator.lazy.LazyFamily}), SAG/DSAG's asynchronous rounds ({@link
 * io.codedyarn.coordinator.async.AsyncFamily}), or stale synchronous parallel's one-update rounds
 * ({@link io.codedyarn.coordinator.ssp.SspFamily}). A run ends when a stopping rule holds
 * (iterations, target gap, time limit, or the optimiser converged), or fails with a diagnostic
 * naming the cause when the live workers can no longer make up a round. Methods that log estimates
 * (lazy, SAG/DSAG, SSP) get one exact evaluation of the returned model at the end, so the reported
 * objective is always exact.
 */
public final class Coordinator {
    private static final Logger LOG = LoggerFactory.getLogger(Coordinator.class);

    private final TrainSpec spec;
    private final Plan plan;
    private final DataShape shape;
    private final WorkerPort port;
    private final EventSource events;
    private final Clock clock;
    private final RunOptions options;
    private CheckpointSink checkpointSink = CheckpointSink.none();
    private CheckpointInterval checkpointInterval = CheckpointInterval.finalOnly();
    private String data = "";
    private Supplier<JsonNode> clusterState = () -> null;
    private Checkpoint resume;
    private TraceSink trace;
    private LiveFeed feed;
    private volatile RunState current;
    private volatile RoundEngine engineNow; // for workersStarting(), from other threads

    /** A coordinator with {@link RunOptions#defaults()}. */
    public Coordinator(
            TrainSpec spec,
            Plan plan,
            DataShape shape,
            WorkerPort port,
            EventSource events,
            Clock clock) {
        this(spec, plan, shape, port, events, clock, RunOptions.defaults());
    }

    public Coordinator(
            TrainSpec spec,
            Plan plan,
            DataShape shape,
            WorkerPort port,
            EventSource events,
            Clock clock,
            RunOptions options) {
        if (port.workers() != plan.workers()) {
            throw new IllegalArgumentException(
                    "port has " + port.workers() + " workers, plan " + plan.workers());
        }
        this.spec = spec;
        this.plan = plan;
        this.shape = shape;
        this.port = port;
        this.events = events;
        this.clock = clock;
        this.options = java.util.Objects.requireNonNull(options);
    }

    /**
     * Rejects what no run of this spec could do, before any cluster time is spent.
     *
     * @throws io.codedyarn.placement.InvalidParametersException naming the flag
     */
    public static void validate(TrainSpec spec, Plan plan) {
        Families.validate(spec, plan);
    }

    /**
     * Checkpoints through {@code sink}: every {@code interval}, when the run stops, and when it
     * fails (the state the failed round started from; for SAG/DSAG with what that round's results
     * brought into the cache). Default: none.
     *
     * @param data the dataset's location as given (part of the checkpoint's identity; empty: the
     *     built-in dataset)
     */
    public Coordinator checkpoints(CheckpointSink sink, CheckpointInterval interval, String data) {
        this.checkpointSink = java.util.Objects.requireNonNull(sink);
        this.checkpointInterval = java.util.Objects.requireNonNull(interval);
        this.data = data == null ? "" : data;
        return this;
    }

    /**
     * What the cluster adapter keeps in each checkpoint (the simulated cluster: its latency model's
     * position); null from the supplier keeps nothing.
     */
    public Coordinator clusterState(Supplier<JsonNode> state) {
        this.clusterState = java.util.Objects.requireNonNull(state);
        return this;
    }

    /**
     * The identity checkpoints of this job carry, with the dataset given to {@link #checkpoints}.
     */
    public Checkpoint.Identity identity() {
        return Checkpoints.identity(spec, plan, shape, data);
    }

    /**
     * Publishes the run's iterations, task latencies and adaptation events to {@code feed} as they
     * happen (on this coordinator's thread; the feed is read from others).
     */
    public Coordinator liveFeed(LiveFeed feed) {
        this.feed = java.util.Objects.requireNonNull(feed);
        return this;
    }

    /**
     * Where the run's records go as they become final: its iterations, adaptation events and task
     * latencies ({@link TraceSink}). Default: a {@link MemoryTrace}, whose rows are the {@link
     * RunResult}'s logs; with another sink those logs are empty (the rows are where it put them).
     * Set it before {@link #resume}, which has it take over the earlier run's rows.
     */
    public Coordinator trace(TraceSink sink) {
        if (resume != null) {
            throw new IllegalStateException("set the trace sink before resume()");
        }
        this.trace = java.util.Objects.requireNonNull(sink);
        return this;
    }

    private TraceSink trace() {
        if (trace == null) {
            trace = new MemoryTrace();
        }
        return trace;
    }

    /**
     * Continues the run {@code checkpoint} was taken from, instead of starting afresh: the setup
     * rounds are skipped, the iteration log, clock and optimiser state go on where it stopped; the
     * {@link #trace} sink takes over the earlier run's iteration and event rows (a checkpoint keeps
     * only the last of them). Call after {@link #checkpoints} (the identity includes the dataset)
     * and {@link #trace}.
     *
     * @throws InvalidCheckpointException naming the file and field when it is another job's, or
     *     when the trace sink cannot find the rows before it
     */
    public Coordinator resume(Checkpoint checkpoint) throws InvalidCheckpointException {
        checkpoint.identity().check(checkpoint.source(), identity());
        TraceSink.Continued earlier = Checkpoints.rowsBefore(checkpoint);
        try {
            trace().resume(earlier);
        } catch (IllegalArgumentException e) {
            throw new InvalidCheckpointException(checkpoint.source(), "trace", e.getMessage(), e);
        } catch (java.io.IOException e) {
            throw new InvalidCheckpointException(
                    checkpoint.source(),
                    "trace",
                    "cannot read the rows before it: " + e.getMessage(),
                    e);
        }
        this.resume = checkpoint;
        return this;
    }

    /**
     * Waits for every worker, trains, stops the workers. Worker failures and invalid combinations
     * end in a failed {@link RunResult} naming the cause, never in an exception.
     */
    public RunResult run() throws InterruptedException {
        RoundEngine engine = new RoundEngine(port, events, clock);
        engineNow = engine;
        TraceSink sink = trace();
        engine.trace(sink);
        RunState run = newRun(engine, sink);
        current = run;
        if (resume != null) {
            engine.resume(resume.elapsedNanos(), resume.rounds());
        }
        Checkpoints checkpoints =
                new Checkpoints(checkpointSink, checkpointInterval, identity(), clusterState);
        DecodeGate rounds = null;
        Family family = null;
        boolean ok = true;
        String diagnostic = "";
        double objective = Double.NaN;
        double[] model = null;
        double[] parts = null; // PCA's per-component values at the model
        Adapter adapter =
                new Adapter(
                        options.adaptation(),
                        engine,
                        options.clusterNodes(),
                        run.decisions,
                        !Replanner.applies(spec)); // measured speeds answer slowness with loads
        engine.replacementWaitSeconds(options.adaptation().replacementWaitSeconds());
        engine.liveness(options.liveness());
        try {
            double startupRead =
                    engine.awaitReady(
                            (long) (options.startupTimeoutSeconds() * 1e9),
                            startsWith(),
                            changes -> adapter.adapt(0, changes));
            rounds = new DecodeGate(plan, engine, run.decisions);
            LOG.info(
                    "training {} with {} ({}), {} workers, seed {}",
                    spec.workload().cliName(),
                    plan.scheme(),
                    Families.training(plan),
                    plan.workers(),
                    spec.seed());
            PlanStep replanner = PlanSteps.create(run, plan, engine, rounds, options, startupRead);
            family =
                    Families.create(
                            run,
                            rounds,
                            options.loadBalance(),
                            options.balanceSchedule(),
                            options.lazy());
            RoundLoop loop =
                    new RoundLoop(
                            run,
                            family,
                            adapter,
                            replanner,
                            checkpoints,
                            rounds,
                            resume,
                            ValidationCheck.of(options.validation(), shape.cols()));
            Stop stop = loop.run();
            LOG.info("stopped: {}", stop);
            // before the final evaluation: a resumed run continues from the last round
            checkpoints.write(run, family, rounds);
            model = run.model();
            objective = run.modelValue();
            parts = run.modelParts();
            if (model != null && Double.isNaN(objective)) {
                double[] sums =
                        rounds.evaluate(-1, model, Task.Kind.OBJECTIVE, loop.driver()).sum();
                objective = run.metric.value(sums, model);
                parts = run.metric.componentValues(sums, model, run.components());
            }
        } catch (RunAborted e) {
            ok = false;
            diagnostic = e.getMessage();
            // the failures that ended it, which no adapt step saw (a lazy or SAG/DSAG round
            // aborts on the arrival itself): events.csv says what happened, as for other runs
            adapter.recordFailures(run.iteration(), engine.drainChanges());
            // a failed run keeps its work: the best exactly evaluated iterate and its metric
            // (NaN when only estimates were seen), written with status FAILED
            model = run.model();
            objective = run.modelValue();
            parts = run.modelParts();
            if (family != null) {
                checkpoints.writeAtFailure(run, family, rounds);
            }
        } catch (IllegalArgumentException e) {
            ok = false;
            diagnostic = e.getMessage();
        } finally {
            port.close();
            ValidationCheck.roc(options.validation(), model, sink);
            run.finishFeed();
            engine.finishTrace();
        }
        return result(ok, diagnostic, model, objective, parts, run, engine, sink);
    }

    /** The run's state: its model, iteration count and records, with the objective's metric. */
    private RunState newRun(RoundEngine engine, TraceSink sink) {
        long n = shape.rows();
        Metric metric =
                new Metric(
                        spec.workload(),
                        n,
                        Metric.defaultLambda(spec.workload(), spec.lambda(), n),
                        spec.reference());
        RunState run = new RunState(spec, plan, shape, engine, metric, sink);
        if (feed != null) {
            run.feed(feed);
        }
        return run;
    }

    /** What the run returns (and logs): succeeded or why not, the model, the logs kept. */
    private static RunResult result(
            boolean ok,
            String diagnostic,
            double[] model,
            double objective,
            double[] parts,
            RunState run,
            RoundEngine engine,
            TraceSink sink) {
        if (ok && model == null) {
            ok = false;
            diagnostic = "no iteration completed";
        }
        LOG.info(
                "run {}: objective {} after {} iterations{}",
                ok ? "succeeded" : "failed",
                objective,
                run.iteration(),
                ok ? "" : ": " + diagnostic);
        return RunResult.withLogsOf(
                sink,
                ok,
                diagnostic,
                model,
                objective,
                parts,
                Math.toIntExact(run.iteration()),
                engine.elapsedSeconds());
    }

    /**
     * Which sets of ready workers can start training: with liveness on, for an exact code, those
     * whose codewords decode (n − s of them for a cyclic code); otherwise all.
     */
    private java.util.function.Predicate<boolean[]> startsWith() {
        if (!options.liveness().enabled()
                || !(Families.training(plan) instanceof Training.Decoded)) {
            return RoundEngine::allOf;
        }
        return ready -> Decodings.decodes(plan, ready);
    }

    /**
     * One line for a status page (readable from any thread): the last iteration, its time and
     * metric, and the gap when known.
     */
    public String status() {
        RunState r = current;
        return r == null ? "starting" : r.status();
    }

    /**
     * The last round's record (iteration, coordinator seconds, metric, gap), null before the first
     * round (readable from any thread: the AM publishes it for the client's progress line).
     */
    public IterationRecord lastIteration() {
        RunState r = current;
        return r == null ? null : r.last();
    }

    /**
     * Workers whose first container is not ready yet (neither ready nor given up on); all of them
     * before the run starts (readable from any thread: the AM publishes it for the client).
     */
    public int workersStarting() {
        RoundEngine e = engineNow;
        return e == null ? plan.workers() : e.startingCount();
    }

    /** Fraction of the run done, 0..1 (readable from any thread: the AM reports it to YARN). */
    public double progress() {
        RunState r = current;
        return r == null ? 0 : r.progress();
    }
}
