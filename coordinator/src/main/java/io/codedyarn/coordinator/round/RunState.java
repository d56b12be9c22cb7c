package io.codedyarn.coordinator.round;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LiveFeed;
import io.codedyarn.coordinator.trace.Metric;
import io.codedyarn.coordinator.trace.TraceSink;
import io.codedyarn.coordinator.trace.ValidationRecord;
import io.codedyarn.placement.Plan;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state a method shares with the coordinator while it trains: the spec, plan and data shape,
 * the round engine, the metric, the iteration count and the last {@value #RECENT} records (every
 * record goes to the run's {@link TraceSink} as it is logged: {@code iterations.csv}), the best
 * iterate so far, and the stopping rules ({@link #record} returns the {@link Stop} once one holds:
 * iteration budget, target gap, time limit). Single-threaded.
 */
public final class RunState {
    private static final Logger LOG = LoggerFactory.getLogger(RunState.class);
    public final TrainSpec spec;
    public final Plan plan;
    public final DataShape shape;
    public final RoundEngine engine;
    public final Metric metric;
    public final Decisions decisions;

    public final int cols; // model columns: d, plus 1 for the intercept column (LR, LSQ)

    /**
     * Records a checkpoint keeps: enough to check the rows a resumed run finds in the streamed
     * {@code iterations.csv} against, and to restore a short run's whole log from it alone.
     */
    static final int RECENT = 128;

    private final TraceSink trace;
    private final ArrayDeque<IterationRecord> recent = new ArrayDeque<>();
    private long iterations; // rows logged, a resumed run's earlier ones included
    private long iterates; // rows that were iterates (not line-search trials)
    private final int maxIterations;
    private double[] best;
    private double bestValue = Double.NaN;
    private double[] bestParts; // PCA: per-component values at best; null: none or not known
    private double lastValue = Double.NaN;
    private volatile double progress;
    private boolean estimateReachedTarget;
    private RunFeed feed; // null: no live view

    /** The last iteration's record, for {@link #status} (formatted on demand, off the loop). */
    private volatile IterationRecord last;

    /**
     * @param trace where each iteration record and adaptation event goes as it is logged
     */
    public RunState(
            TrainSpec spec,
            Plan plan,
            DataShape shape,
            RoundEngine engine,
            Metric metric,
            TraceSink trace) {
        this.spec = spec;
        this.plan = plan;
        this.shape = shape;
        this.engine = engine;
        this.metric = metric;
        this.trace = trace;
        this.decisions = new Decisions(trace);
        this.cols = shape.cols() + (spec.intercept() && spec.workload() != Workload.PCA ? 1 : 0);
        this.maxIterations = spec.iterations() > 0 ? spec.iterations() : 100;
    }

    /** Length of the model vector (PCA: d·k). */
    public int modelLength() {
        return spec.workload().modelLength(cols, Math.max(1, spec.components()));
    }

    /** The model length a run of {@code spec} on data of {@code shape} trains. */
    public static int modelLength(TrainSpec spec, DataShape shape) {
        int cols = shape.cols() + (spec.intercept() && spec.workload() != Workload.PCA ? 1 : 0);
        return spec.workload().modelLength(cols, Math.max(1, spec.components()));
    }

    public int components() {
        return Math.max(1, spec.components());
    }

    public long iteration() {
        return iterations;
    }

    /** Whether the iteration budget is used up (a resumed run may start so). */
    public boolean budgetSpent() {
        return iterations >= maxIterations;
    }

    /**
     * Logs iteration t (the round evaluated at {@code s.point()}, metric {@code s.value()}) and
     * applies the stopping rules: the first that holds, or empty to go on. {@code s.exact()}: the
     * value is the metric at the point (not a cache estimate), so the point may become the returned
     * model.
     */
    public Optional<Stop> record(Step s) {
        double value = s.value();
        double gap = metric.gap(value);
        double t = engine.elapsedSeconds();
        long iterate = s.trial() ? iterates - 1 : iterates++;
        IterationRecord r =
                new IterationRecord(
                        iterations,
                        t,
                        value,
                        gap,
                        s.used(),
                        s.stale(),
                        s.discarded(),
                        s.who(),
                        iterate,
                        s.trial());
        iterations++;
        trace.iteration(r);
        remember(r);
        lastValue = value;
        if (!s.exact()) {
            best = s.point().clone(); // only estimates: the last point, evaluated at the end
            bestValue = Double.NaN;
            bestParts = null;
        } else if (best == null || metric.better(value, bestValue)) {
            best = s.point().clone();
            bestValue = value;
            bestParts = s.parts() == null ? null : s.parts().clone();
        }
        progress = Math.min(1.0, (double) iterations / maxIterations);
        last = r;
        publish(last);
        if (iterations % 10 == 1 || LOG.isDebugEnabled()) {
            LOG.info(
                    "iteration {} t={}s metric={} gap={} used={}",
                    iterations - 1,
                    String.format("%.3f", t),
                    value,
                    gap,
                    s.used());
        }
        if (iterations >= maxIterations) {
            return Optional.of(Stop.ITERATIONS);
        }
        estimateReachedTarget = false;
        if (!Double.isNaN(spec.targetGap()) && gap <= spec.targetGap()) {
            if (s.exact()) {
                progress = 1.0;
                return Optional.of(Stop.TARGET_GAP);
            }
            estimateReachedTarget = true; // only an exact evaluation may stop the run: confirm
        }
        if (!Double.isNaN(spec.timeLimitSeconds()) && t >= spec.timeLimitSeconds()) {
            progress = 1.0;
            return Optional.of(Stop.TIME_LIMIT);
        }
        return Optional.empty();
    }

    /**
     * Whether the last recorded step was an estimate (SAG/DSAG's cache, SGD) whose gap reached
     * {@code --target-gap}: the run stops only if an exact evaluation there confirms it ({@link
     * #confirm}), since the estimate is biased and can even pass the optimum.
     */
    public boolean estimateReachedTarget() {
        return estimateReachedTarget;
    }

    /**
     * The exact objective {@code exact} at the last recorded step's point, evaluated because its
     * estimate reached the target: the point becomes the model with that exact value, the check is
     * an {@code exact-check} event, and the run stops ({@link Stop#TARGET_GAP}) when the exact gap
     * holds.
     *
     * @param parts PCA's per-component values there ({@link Metric#componentValues}; null: none)
     * @param nextCheck iterations until the next check if it does not hold (for the event)
     */
    public Optional<Stop> confirm(double[] point, double exact, double[] parts, int nextCheck) {
        double estimated = metric.gap(lastValue);
        double gap = metric.gap(exact);
        boolean holds = gap <= spec.targetGap();
        best = point.clone();
        bestValue = exact;
        bestParts = parts == null ? null : parts.clone();
        decisions.add(
                iterations - 1,
                engine.elapsedSeconds(),
                -1,
                "exact-check",
                String.format(
                        Locale.ROOT,
                        "estimated gap %.4g, exact gap %.4g (objective %.17g)",
                        estimated,
                        gap,
                        exact),
                holds
                        ? "the target gap " + spec.targetGap() + " holds: training stops"
                        : "the estimate reached the target gap "
                                + spec.targetGap()
                                + " but the model has not: training goes on, next check in "
                                + nextCheck
                                + " iterations if the estimate stays there");
        if (holds) {
            progress = 1.0;
            return Optional.of(Stop.TARGET_GAP);
        }
        return Optional.empty();
    }

    /**
     * The run's part of a checkpoint, of bounded size: the number of iterations and events so far
     * with the last of each ({@value #RECENT} and {@value Decisions#RECENT} at most; the rest are
     * in the files the trace sink streamed, at {@code trace}), the best iterate and its value, and
     * PCA's ‖X‖²_F (a setup round's result) and per-component values at the best iterate.
     *
     * @param trace the trace sink's {@link TraceSink#location} (empty: in memory)
     * @param bestParts PCA's per-component values at {@code best} (null: none, or a checkpoint
     *     written before they were kept)
     */
    public record Saved(
            long iterations,
            List<IterationRecord> recent,
            long iterates,
            double[] best,
            double bestValue,
            double lastValue,
            long events,
            List<io.codedyarn.coordinator.trace.AdaptEvent> recentEvents,
            double squaredFrobenius,
            String trace,
            double[] bestParts) {
        /**
         * What the trace sink of the run continuing this checkpoint must take over.
         *
         * @throws IllegalArgumentException naming the field when the counts and rows disagree
         */
        public TraceSink.Continued continued(String checkpoint) {
            if (recent == null || recentEvents == null) {
                throw new IllegalArgumentException(
                        (recent == null ? "recent" : "recentEvents") + ": missing");
            }
            if (recent.size() > iterations
                    || (!recent.isEmpty()
                            && recent.get(recent.size() - 1).iteration() != iterations - 1)) {
                throw new IllegalArgumentException(
                        "recent: its last row is not iteration " + (iterations - 1));
            }
            if (recentEvents.size() > events) {
                throw new IllegalArgumentException(
                        "recentEvents: " + recentEvents.size() + " rows of " + events);
            }
            return new TraceSink.Continued(
                    checkpoint, iterations, recent, events, recentEvents, trace);
        }
    }

    public Saved save() {
        return new Saved(
                iterations,
                List.copyOf(recent),
                iterates,
                best == null ? null : best.clone(),
                bestValue,
                lastValue,
                decisions.size(),
                decisions.recent(),
                metric.squaredFrobenius(),
                trace.location(),
                bestParts == null ? null : bestParts.clone());
    }

    /**
     * Continues from a checkpoint's part (the trace sink already holds its rows: {@link
     * TraceSink#resume}).
     */
    public void restore(Saved s) {
        s.continued(""); // checks it
        iterations = s.iterations();
        recent.clear();
        s.recent().forEach(this::remember);
        iterates = s.iterates();
        best = s.best() == null ? null : s.best().clone();
        bestValue = s.bestValue();
        bestParts = s.bestParts() == null ? null : s.bestParts().clone();
        lastValue = s.lastValue();
        decisions.restore(s.events(), s.recentEvents());
        metric.squaredFrobenius(s.squaredFrobenius());
        last = recent.peekLast();
        progress = Math.min(1.0, (double) iterations / maxIterations);
        if (feed != null) {
            feed.restored(recent); // their tasks' trace is the earlier run's
        }
    }

    private void remember(IterationRecord r) {
        if (recent.size() == RECENT) {
            recent.pollFirst();
        }
        recent.addLast(r);
    }

    /**
     * Publishes this run to {@code feed} from now on: each iteration with the tasks, events and
     * held-out scores since the previous one, and a last entry at {@link #finishFeed}.
     */
    public void feed(LiveFeed feed) {
        this.feed = new RunFeed(feed, engine, decisions);
    }

    private void publish(IterationRecord r) {
        if (feed != null) {
            feed.publish(r);
        }
    }

    /**
     * A held-out score of the last recorded iteration's point: to the trace sink, and to the feed
     * with the next entry.
     */
    public void validation(ValidationRecord r) {
        trace.validation(r);
        if (feed != null) {
            feed.score(r);
        }
    }

    /** The feed's last entry: what changed after the last iteration. */
    public void finishFeed() {
        if (feed != null) {
            feed.publish(null);
        }
    }

    /**
     * Where the run's records go ({@link io.codedyarn.coordinator.Checkpoints} flushes it before a
     * checkpoint).
     */
    public TraceSink trace() {
        return trace;
    }

    /** The model to return: the best exactly evaluated iterate, else the last one. */
    public double[] model() {
        return best;
    }

    /** The metric at {@link #model()}, NaN when only estimates were seen. */
    public double modelValue() {
        return bestValue;
    }

    /**
     * PCA's per-component values at {@link #model()} ({@link Metric#componentValues}); null for LR
     * and LSQ and when only estimates were seen.
     */
    public double[] modelParts() {
        return bestParts == null ? null : bestParts.clone();
    }

    double lastValue() {
        return lastValue;
    }

    public double progress() {
        return progress;
    }

    /** The last iteration's record, null before the first (readable from any thread). */
    public IterationRecord last() {
        return last;
    }

    public String status() {
        IterationRecord r = last;
        if (r == null) {
            return "waiting for the workers";
        }
        return String.format(
                java.util.Locale.ROOT,
                "iteration %d at %.3f s: %s %.10g%s, %d results used",
                r.iteration(),
                r.seconds(),
                spec.workload() == Workload.PCA ? "explained variance" : "F",
                r.objective(),
                Double.isNaN(r.gap())
                        ? ""
                        : String.format(java.util.Locale.ROOT, " (gap %.3g)", r.gap()),
                r.used());
    }
}
