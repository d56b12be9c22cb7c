package io.codedyarn.coordinator.adapt;

import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.round.WorkerChange;
import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.scheme.Schemes;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * Measured speeds replace given speeds ({@code --speeds auto}, the default of hetero, hetero-group
 * and bcc-hetero in {@code train}): the {@link io.codedyarn.coordinator.RoundLoop}'s second adapt
 * step re-plans the code from each worker's measured throughput and switches to it at an iteration
 * boundary.
 *
 * <ul>
 *   <li><b>Measure.</b> r_i = worker i's throughput in units of load per second ({@link
 *       io.codedyarn.coordinator.round.MeasuredRates}: an exponential average of its service times
 *       per unit, injected or real slowness included), from the first rounds on.
 *   <li><b>Decide.</b> After {@link SpeedSettings#warmupIterations} iterations, and then whenever
 *       the speeds drift: the scheme places anew with speeds r (same workers, same K partitions, so
 *       the partition files on HDFS stay what they are; only who holds which changes) and the new
 *       plan is taken when it predicts an iteration at least {@link SpeedSettings#minGain} shorter
 *       than the current one ({@link #predictedSeconds}: when the round decodes if every worker
 *       keeps its measured throughput).
 *   <li><b>Act.</b> ({@link PlanSwitch}) Each worker whose support grows loads the partitions it
 *       lacks ({@link io.codedyarn.coordinator.cluster.WorkerPort#load}: re-placed beside its node
 *       on HDFS first) while it goes on computing the old code; once every live worker holds its
 *       new partitions, the {@link DecodeGate} switches to the new plan between two rounds. Results
 *       of older rounds are discarded as always, so no iteration is lost and no result is decoded
 *       with the wrong code.
 * </ul>
 *
 * Workers keep the partitions of the current and the new plan while a switch is pending and drop
 * the older ones at the next re-plan. Replacements (the {@link Adapter}'s) and re-plans do not
 * overlap: a re-plan waits until no replacement is under way, and a replacement asked for later
 * starts with the partitions the worker was last asked to hold. Owned by the coordinator's thread.
 */
public final class Replanner implements PlanStep {
    /** The schemes whose placement follows per-worker speeds. */
    static final Set<String> SCHEMES =
            Set.of("hetero", "hetero-group", "bcc-hetero", "bcc-hetero-redraw");

    /** Places the run's scheme anew for measured speeds ({@code generation} ≥ 1 seeds it). */
    @FunctionalInterface
    interface Planner {
        Plan place(double[] speeds, int generation);
    }

    private final SpeedSettings settings;
    private final RoundEngine engine;
    private final DecodeGate gate;
    private final Planner planner;
    private final Decisions events;
    private final PlanSwitch move;
    private double[] pendingSpeeds;
    private double lastChange = Double.NEGATIVE_INFINITY;
    private boolean unsupported;

    public Replanner(
            SpeedSettings settings,
            RoundEngine engine,
            DecodeGate gate,
            Planner planner,
            Decisions events) {
        this.settings = settings;
        this.engine = engine;
        this.gate = gate;
        this.planner = planner;
        this.events = events;
        this.move = new PlanSwitch(engine, gate, events);
    }

    /** Whether {@code spec} trains with measured speeds: a speed-placed scheme, no speeds given. */
    public static boolean applies(TrainSpec spec) {
        return SCHEMES.contains(spec.scheme()) && !spec.params().hasSpeeds();
    }

    /** The spec's scheme placed for {@code speeds}, over the initial plan's K partitions. */
    public static Planner of(TrainSpec spec, Plan initial) {
        return (speeds, generation) ->
                Schemes.byName(spec.scheme())
                        .place(
                                spec.params()
                                        .withSpeeds(speeds)
                                        .withPartitions(initial.partitions()),
                                Seeds.generator(
                                        spec.params().seed() + 0x9E3779B97F4A7C15L * generation));
    }

    /** The step between rounds ({@code iteration}: the next round's), after the {@link Adapter}. */
    @Override
    public void adapt(long iteration, java.util.List<WorkerChange> changes) {
        if (unsupported) {
            return;
        }
        double now = engine.elapsedSeconds();
        move.observe(iteration, now, changes);
        if (move.pending()) {
            switchWhenLoaded(iteration, now);
        } else if (iteration >= settings.warmupIterations()
                && now - lastChange >= settings.minIntervalSeconds()
                && !anyReplacing()) {
            consider(iteration, now);
        }
    }

    private void switchWhenLoaded(long iteration, double now) {
        Plan old = move.switchIfLoaded();
        if (old == null) {
            return;
        }
        events.add(
                iteration,
                now,
                -1,
                "replanned",
                "plan "
                        + move.generation()
                        + " in use: loads "
                        + loads(gate.plan())
                        + " (were "
                        + loads(old)
                        + ")",
                "speeds " + format(pendingSpeeds));
        lastChange = now;
    }

    private void consider(long iteration, double now) {
        double[] rates = gate.measuredRates();
        if (rates == null) {
            return;
        }
        Plan current = gate.plan();
        double[] speeds = normalised(rates);
        Plan next = planner.place(speeds, move.generation() + 1);
        double before = predictedSeconds(current, rates);
        double after = predictedSeconds(next, rates);
        if (!(after <= (1 - settings.minGain()) * before)) {
            return;
        }
        lastChange = now;
        int loading = move.start(next);
        if (loading < 0) {
            unsupported = true;
            events.add(
                    iteration,
                    now,
                    -1,
                    "replan-abandoned",
                    "plan " + move.generation() + " not used",
                    "this cluster cannot load partitions into running workers");
            return;
        }
        pendingSpeeds = speeds;
        events.add(
                iteration,
                now,
                -1,
                "replanning",
                String.format(
                        Locale.ROOT,
                        "plan %d: loads %s; %d workers load partitions",
                        move.generation(),
                        loads(next),
                        loading),
                String.format(
                        Locale.ROOT,
                        "measured speeds %s predict %.4g s per iteration, %.4g s with the"
                                + " current loads %s",
                        format(speeds),
                        after,
                        before,
                        loads(current)));
        if (loading == 0) {
            switchWhenLoaded(iteration, now);
        }
    }

    private boolean anyReplacing() {
        for (int w = 0; w < engine.workers(); w++) {
            if (engine.replacing(w)) {
                return true;
            }
        }
        return false;
    }

    /**
     * When the round decodes if every worker keeps its measured throughput: worker i finishes at
     * t_i = ℓ_i / r_i (ℓ_i in {@link LoadUnit}s, the unit the rates are measured in), and a code
     * that tolerates s stragglers decodes with the first L − s of its L loaded workers (hetero-gc:
     * any n_eff − s, Lemma 2), so the prediction is the (L − s)-th smallest t_i. With s = 0 it is
     * max_i t_i, which hetero-gc's allocation minimises by equalising the t_i (Theorem 5).
     */
    public static double predictedSeconds(Plan plan, double[] rates) {
        double[] load = LoadUnit.of(plan);
        double[] finish =
                java.util.stream.IntStream.range(0, load.length)
                        .filter(w -> load[w] > 0)
                        .mapToDouble(w -> load[w] / rates[w])
                        .sorted()
                        .toArray();
        if (finish.length == 0) {
            return 0;
        }
        int s = Math.max(0, Math.min(plan.stragglers(), finish.length - 1));
        return finish[finish.length - 1 - s];
    }

    /** Speeds relative to their mean (1 = an average worker), for the log and the scheme. */
    static double[] normalised(double[] rates) {
        double mean = Arrays.stream(rates).average().orElse(1);
        double[] r = new double[rates.length];
        for (int w = 0; w < r.length; w++) {
            r[w] = rates[w] / mean;
        }
        return r;
    }

    private static String loads(Plan p) {
        StringBuilder b = new StringBuilder();
        for (int w = 0; w < p.workers(); w++) {
            b.append(w == 0 ? "" : " ").append(fmt(p.load(w)));
        }
        return b.toString();
    }

    private static String format(double[] v) {
        StringBuilder b = new StringBuilder();
        for (int w = 0; w < v.length; w++) {
            b.append(w == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.3g", v[w]));
        }
        return b.toString();
    }

    private static String fmt(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : String.format(Locale.ROOT, "%.3g", x);
    }
}
