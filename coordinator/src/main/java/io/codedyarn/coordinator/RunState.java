package io.codedyarn.coordinator;

import io.codedyarn.placement.Plan;
import io.codedyarn.worker.task.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state a method shares with the coordinator while it trains: the spec, plan and data shape,
 * the round engine, the metric, the iteration log, the best iterate so far, and the stopping rules
 * ({@link #record} returns the {@link Stop} once one holds: iteration budget, target gap, time
 * limit). Single-threaded.
 */
final class RunState {
    private static final Logger LOG = LoggerFactory.getLogger(RunState.class);

    final TrainSpec spec;
    final Plan plan;
    final DataShape shape;
    final RoundEngine engine;
    final Metric metric;
    final Decisions decisions = new Decisions();

    /** Model columns: d, plus 1 for the intercept column (LR, LSQ). */
    final int cols;

    private final List<IterationRecord> iterations = new ArrayList<>();
    private long iterates; // rows that were iterates (not line-search trials)
    private final int maxIterations;
    private double[] best;
    private double bestValue = Double.NaN;
    private double lastValue = Double.NaN;
    private volatile double progress;

    private LiveFeed feed; // null: no live view
    private int eventsPublished;

    /** The last iteration's record, for {@link #status} (formatted on demand, off the loop). */
    private volatile IterationRecord last;

    RunState(TrainSpec spec, Plan plan, DataShape shape, RoundEngine engine, Metric metric) {
        this.spec = spec;
        this.plan = plan;
        this.shape = shape;
        this.engine = engine;
        this.metric = metric;
        this.cols = shape.cols() + (spec.intercept() && spec.workload() != Workload.PCA ? 1 : 0);
        this.maxIterations = spec.iterations() > 0 ? spec.iterations() : 100;
    }

    /** Length of the model vector (PCA: d·k). */
    int modelLength() {
        return spec.workload().modelLength(cols, Math.max(1, spec.components()));
    }

    /** The model length a run of {@code spec} on data of {@code shape} trains. */
    static int modelLength(TrainSpec spec, DataShape shape) {
        int cols = shape.cols() + (spec.intercept() && spec.workload() != Workload.PCA ? 1 : 0);
        return spec.workload().modelLength(cols, Math.max(1, spec.components()));
    }

    int components() {
        return Math.max(1, spec.components());
    }

    long iteration() {
        return iterations.size();
    }

    /** Whether the iteration budget is used up (a resumed run may start so). */
    boolean budgetSpent() {
        return iterations.size() >= maxIterations;
    }

    /**
     * Logs iteration t (the round evaluated at {@code s.point()}, metric {@code s.value()}) and
     * applies the stopping rules: the first that holds, or empty to go on. {@code s.exact()}: the
     * value is the metric at the point (not a cache estimate), so the point may become the returned
     * model.
     */
    Optional<Stop> record(Step s) {
        double value = s.value();
        double gap = metric.gap(value);
        double t = engine.elapsedSeconds();
        long iterate = s.trial() ? iterates - 1 : iterates++;
        iterations.add(
                new IterationRecord(
                        iterations.size(),
                        t,
                        value,
                        gap,
                        s.used(),
                        s.stale(),
                        s.discarded(),
                        s.who(),
                        iterate,
                        s.trial()));
        lastValue = value;
        if (!s.exact()) {
            best = s.point().clone(); // only estimates: the last point, evaluated at the end
            bestValue = Double.NaN;
        } else if (best == null || metric.better(value, bestValue)) {
            best = s.point().clone();
            bestValue = value;
        }
        progress = Math.min(1.0, (double) iterations.size() / maxIterations);
        last = iterations.get(iterations.size() - 1);
        publish(last);
        if (iterations.size() % 10 == 1 || LOG.isDebugEnabled()) {
            LOG.info(
                    "iteration {} t={}s metric={} gap={} used={}",
                    iterations.size() - 1,
                    String.format("%.3f", t),
                    value,
                    gap,
                    s.used());
        }
        if (iterations.size() >= maxIterations) {
            return Optional.of(Stop.ITERATIONS);
        }
        if (!Double.isNaN(spec.targetGap()) && gap <= spec.targetGap()) {
            progress = 1.0;
            return Optional.of(Stop.TARGET_GAP);
        }
        if (!Double.isNaN(spec.timeLimitSeconds()) && t >= spec.timeLimitSeconds()) {
            progress = 1.0;
            return Optional.of(Stop.TIME_LIMIT);
        }
        return Optional.empty();
    }

    /**
     * The run's part of a checkpoint: the log so far, the best iterate and its value, the
     * adaptation events, and PCA's ‖X‖²_F (a setup round's result).
     */
    record Saved(
            List<IterationRecord> iterations,
            long iterates,
            double[] best,
            double bestValue,
            double lastValue,
            List<io.codedyarn.coordinator.adapt.AdaptEvent> events,
            double squaredFrobenius) {}

    Saved save() {
        return new Saved(
                List.copyOf(iterations),
                iterates,
                best == null ? null : best.clone(),
                bestValue,
                lastValue,
                decisions.list(),
                metric.squaredFrobenius());
    }

    void restore(Saved s) {
        iterations.clear();
        iterations.addAll(s.iterations());
        iterates = s.iterates();
        best = s.best() == null ? null : s.best().clone();
        bestValue = s.bestValue();
        lastValue = s.lastValue();
        decisions.restore(s.events());
        metric.squaredFrobenius(s.squaredFrobenius());
        last = iterations.isEmpty() ? null : iterations.get(iterations.size() - 1);
        progress = Math.min(1.0, (double) iterations.size() / maxIterations);
        if (feed != null) {
            // a resumed run: the earlier iterations (their tasks' trace is the earlier run's)
            for (IterationRecord r : iterations) {
                feed.publish(new LiveFeed.Entry(r, List.of(), List.of()));
            }
        }
    }

    /**
     * Publishes this run to {@code feed} from now on: each iteration with the tasks and events
     * since the previous one, and a last entry at {@link #finishFeed}.
     */
    void feed(LiveFeed feed) {
        this.feed = feed;
        engine.trackChanges();
    }

    private void publish(IterationRecord r) {
        if (feed != null) {
            feed.publish(
                    new LiveFeed.Entry(r, engine.drainChanged(), decisions.since(eventsPublished)));
            eventsPublished = decisions.size();
        }
    }

    /** The feed's last entry: what changed after the last iteration (lost tasks, events). */
    void finishFeed() {
        if (feed != null) {
            feed.finish(
                    new LiveFeed.Entry(
                            null, engine.drainChanged(), decisions.since(eventsPublished)));
            eventsPublished = decisions.size();
        }
    }

    /** The model to return: the best exactly evaluated iterate, else the last one. */
    double[] model() {
        return best;
    }

    /** The metric at {@link #model()}, NaN when only estimates were seen. */
    double modelValue() {
        return bestValue;
    }

    double lastValue() {
        return lastValue;
    }

    double progress() {
        return progress;
    }

    /** The last iteration's record, null before the first (readable from any thread). */
    IterationRecord last() {
        return last;
    }

    String status() {
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

    List<IterationRecord> iterations() {
        return iterations;
    }
}
