package io.codedyarn.coordinator.auto;

import io.codedyarn.coordinator.adapt.PlanStep;
import io.codedyarn.coordinator.adapt.PlanSwitch;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.round.WorkerChange;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.scheme.Auto;
import java.util.List;
import java.util.Locale;

/**
 * {@code --scheme auto}: the run starts uncoded, and between rounds this step picks the exact code
 * and its redundancy from what it measures, and switches while the job runs.
 *
 * <ul>
 *   <li><b>Measure.</b> Every timed result goes into the {@link LiveWindow}: seconds per unit of
 *       load, per worker and round, the rounds' stragglers included.
 *   <li><b>Predict.</b> After the warm-up and then periodically, each candidate ({@link
 *       AutoCandidates}) replays the window ({@link Replay}): its mean time per round τ_c. Over the
 *       R rounds left ({@link RoundsLeft}), moving to c costs T_c = L_c + (R − L_c/τ)·τ_c against T
 *       = R·τ for the code in use, L_c being the slowest worker's reads (partitions it lacks × the
 *       measured read time per partition), during which rounds go on at τ.
 *   <li><b>Decide.</b> Switch to the c of least T_c when τ_c ≤ (1 − g)·τ, T − T_c ≥ max(g·T, τ),
 *       and τ_c &lt; τ in both halves of the window (a gain that only the whole window shows is the
 *       winner's curse of choosing among many candidates on the same data, or a burst).
 *   <li><b>Act.</b> {@link PlanSwitch}: workers read only the partitions they lack while they go on
 *       computing; the switch happens between two rounds once they hold them. Every exact code
 *       yields the same gradient, so the optimizer, its state included, never notices.
 * </ul>
 *
 * Each decision is an {@code events.csv} row: {@code auto-kept} or {@code auto-switching} with the
 * predictions and the measurements behind them, then {@code auto-switched} once the new code is in
 * use. Owned by the coordinator's thread.
 */
public final class AutoPlanner implements PlanStep {
    private static final org.slf4j.Logger LOG =
            org.slf4j.LoggerFactory.getLogger(AutoPlanner.class);

    private final AutoSettings settings;
    private final RoundEngine engine;
    private final DecodeGate gate;
    private final RunState run;
    private final PlanSwitch move;
    private final LiveWindow window;
    private final RoundsLeft left;
    private final int cap;
    private final List<AutoCandidates.Choice> fixed; // the candidates speeds do not change
    private double readSeconds; // per partition read beside a worker (estimate, then measured)
    private String current = "uncoded";
    private String next;
    private double predicted;
    private double decidedAt;
    private int readsPending;
    private long nextDecision;
    private boolean unsupported;

    /**
     * @param startupReadSeconds the slowest worker's start-up read of its one partition: a move's
     *     read per partition is taken as twice that (copied beside the worker, then read) until the
     *     first move is measured
     */
    public AutoPlanner(
            AutoSettings settings,
            RoundEngine engine,
            DecodeGate gate,
            RunState run,
            double startupReadSeconds) {
        this.settings = settings;
        this.engine = engine;
        this.gate = gate;
        this.run = run;
        this.move = new PlanSwitch(engine, gate, run.decisions);
        this.window = new LiveWindow(engine.workers(), settings.windowIterations());
        this.left = new RoundsLeft(run.spec);
        // --stragglers s pre-placed cyclic(s)'s partitions: s is the cap the user chose
        int preplaced = gate.plan().stored(0).length - 1;
        this.cap = preplaced > 0 ? preplaced : settings.cap(engine.workers());
        this.fixed = AutoCandidates.fixed(engine.workers(), cap, run.spec.seed());
        this.readSeconds = 2 * Math.max(0, startupReadSeconds);
        this.nextDecision = settings.warmupIterations();
        gate.onTimed(window::record);
    }

    /** Whether {@code spec} asks for auto. */
    public static boolean applies(TrainSpec spec) {
        return Auto.NAME.equals(spec.scheme());
    }

    @Override
    public void adapt(long iteration, List<WorkerChange> changes) {
        left.observe(run.last());
        if (unsupported) {
            return;
        }
        double now = engine.elapsedSeconds();
        for (WorkerChange c : changes) {
            if (c.kind() == WorkerChange.Kind.STANDBY || c.kind() == WorkerChange.Kind.READY) {
                window.forget(c.worker()); // another process, maybe on another node
            }
        }
        move.observe(iteration, now, changes);
        if (move.pending()) {
            switchWhenLoaded(iteration, now);
            return;
        }
        if (iteration < nextDecision || anyReplacing()) {
            return;
        }
        nextDecision = iteration + settings.periodIterations();
        decide(iteration, now);
    }

    private void decide(long iteration, double now) {
        double[][] w = window.matrix(2);
        if (w == null) {
            return;
        }
        Plan in = gate.plan();
        int half = w.length / 2;
        double tauA = Replay.meanRound(in, w, 0, half);
        double tauB = Replay.meanRound(in, w, half, w.length);
        if (half >= 2 && Drift.changed(tauA, tauB)) { // weigh the newer half alone
            w = java.util.Arrays.copyOfRange(w, half, w.length);
            half = w.length / 2;
            tauA = Replay.meanRound(in, w, 0, half);
            tauB = Replay.meanRound(in, w, half, w.length);
        }
        Measured m = Measured.of(w, engine);
        long started = System.nanoTime(); // wall time, for the row: not the run's clock
        List<AutoCandidates.Choice> choices = new java.util.ArrayList<>(fixed);
        choices.addAll(
                AutoCandidates.hetero(
                        engine.workers(),
                        cap,
                        m.speeds(),
                        run.spec.seed() + 0x9E3779B97F4A7C15L * (move.generation() + 1)));
        double tau = Replay.meanRound(in, w, 0, w.length);
        double rounds = left.estimate(iteration);
        double stay = rounds * tau;
        AutoCandidates.Choice best = null;
        double bestTime = stay;
        double bestTau = Double.NaN;
        double bestMove = 0;
        AutoCandidates.Choice runnerUp = null;
        double runnerUpTau = Double.POSITIVE_INFINITY;
        for (AutoCandidates.Choice c : choices) {
            double tc = Replay.meanRound(c.plan(), w, 0, w.length);
            if (tc < runnerUpTau && !c.label().equals(current)) {
                runnerUp = c;
                runnerUpTau = tc;
            }
            if (!(tc <= (1 - settings.minGain()) * tau)
                    || !(Replay.meanRound(c.plan(), w, 0, half) < tauA)
                    || !(Replay.meanRound(c.plan(), w, half, w.length) < tauB)) {
                continue;
            }
            double moveSeconds = moveSeconds(c.plan());
            double time = moveSeconds + Math.max(0, rounds - moveSeconds / tau) * tc;
            if (time < bestTime) {
                best = c;
                bestTime = time;
                bestTau = tc;
                bestMove = moveSeconds;
            }
        }
        boolean pays = best != null && stay - bestTime >= Math.max(settings.minGain() * stay, tau);
        String measured = m.describe();
        // the cost goes to the log, not to events.csv, whose rows a seeded run reproduces
        LOG.info(
                "auto: {} candidates weighed on {} rounds in {} ms",
                choices.size(),
                w.length,
                (System.nanoTime() - started) / 1_000_000);
        if (!pays) {
            run.decisions.add(
                    iteration,
                    now,
                    -1,
                    "auto-kept",
                    String.format(
                            Locale.ROOT,
                            "%s %.4g s/round; best alternative %s %.4g s/round (%+.0f%%); R~%.0f",
                            current,
                            tau,
                            runnerUp == null ? "none" : runnerUp.label(),
                            runnerUpTau,
                            100 * (runnerUpTau / tau - 1),
                            rounds),
                    measured);
            return;
        }
        start(iteration, now, best, tau, bestTau, rounds, stay, bestTime, bestMove, measured);
    }

    private void start(
            long iteration,
            double now,
            AutoCandidates.Choice to,
            double tau,
            double tauTo,
            double rounds,
            double stay,
            double time,
            double moveSeconds,
            String measured) {
        int reads = maxReads(to.plan());
        int loading = move.start(to.plan());
        if (loading < 0) {
            unsupported = true;
            run.decisions.add(
                    iteration,
                    now,
                    -1,
                    "auto-abandoned",
                    "plan " + move.generation() + " (" + to.label() + ") not used",
                    "this cluster cannot load partitions into running workers");
            return;
        }
        next = to.label();
        predicted = tauTo;
        decidedAt = now;
        readsPending = reads;
        run.decisions.add(
                iteration,
                now,
                -1,
                "auto-switching",
                String.format(
                        Locale.ROOT,
                        "to %s (plan %d): %.4g vs %.4g s/round, R~%.0f, T %.3g+%.3g s vs %.3g s;"
                                + " %d workers read up to %d partitions",
                        to.label(),
                        move.generation(),
                        tauTo,
                        tau,
                        rounds,
                        moveSeconds,
                        time - moveSeconds,
                        stay,
                        loading,
                        reads),
                measured);
        switchWhenLoaded(iteration, now);
    }

    private void switchWhenLoaded(long iteration, double now) {
        Plan old = move.switchIfLoaded();
        if (old == null) {
            return;
        }
        double took = now - decidedAt;
        if (readsPending > 0 && took > 0) {
            readSeconds = took / readsPending; // measured: the next decisions price moves by it
        }
        run.decisions.add(
                iteration,
                now,
                -1,
                "auto-switched",
                String.format(
                        Locale.ROOT,
                        "plan %d in use: %s (was %s)",
                        move.generation(),
                        next,
                        current),
                String.format(
                        Locale.ROOT,
                        "held %.3g s after the decision; predicted %.4g s/round",
                        took,
                        predicted));
        current = next;
        next = null;
        nextDecision = iteration + settings.periodIterations();
    }

    /** The slowest worker's reads: partitions it lacks × seconds per partition. */
    private double moveSeconds(Plan plan) {
        return maxReads(plan) * readSeconds;
    }

    private int maxReads(Plan plan) {
        int most = 0;
        for (int w = 0; w < engine.workers(); w++) {
            if (engine.alive(w)) {
                most = Math.max(most, move.toRead(w, plan).length);
            }
        }
        return most;
    }

    private boolean anyReplacing() {
        for (int w = 0; w < engine.workers(); w++) {
            if (engine.replacing(w)) {
                return true;
            }
        }
        return false;
    }
}
