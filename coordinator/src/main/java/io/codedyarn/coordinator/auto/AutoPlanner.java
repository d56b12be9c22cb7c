package io.codedyarn.coordinator.auto;

import io.codedyarn.coordinator.adapt.PlanStep;
import io.codedyarn.coordinator.adapt.PlanSwitch;
import io.codedyarn.coordinator.round.AutoStart;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.round.WorkerChange;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.scheme.Auto;
import io.codedyarn.placement.scheme.AutoCode;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * {@code --scheme auto}: the run starts uncoded, and between rounds this step picks the exact code
 * and its redundancy from what it measures, and switches while the job runs.
 *
 * <ul>
 *   <li><b>Measure.</b> Every timed result goes into the {@link LiveWindow}: seconds per unit of
 *       load, per worker and round, the rounds' stragglers included.
 *   <li><b>Predict.</b> After the warm-up and then periodically, each candidate ({@link
 *       AutoCandidates}) replays a snapshot of the window ({@link Weighing}, {@link Replay}): its
 *       mean time per round τ_c. On a real cluster the replays run aside while the rounds go on
 *       ({@link Deliberation}), and the decision is taken at the first round boundary after them.
 *       Over the R rounds left ({@link RoundsLeft}), moving to c costs T_c = L_c + (R − L_c/τ)·τ_c
 *       against T = R·τ for the code in use, L_c being the slowest worker's reads (partitions it
 *       lacks × the measured read time per partition), during which rounds go on at τ.
 *   <li><b>Decide.</b> Switch to the c of least T_c when τ_c ≤ (1 − g)·τ, T − T_c ≥ max(g·T, τ),
 *       and τ_c &lt; τ in both halves of the window (a gain that only the whole window shows is the
 *       winner's curse of choosing among many candidates on the same data, or a burst); in the
 *       newer half only when the move reads nothing.
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
    private final Executor aside; // where the replays run: here, or a thread of their own
    private final CompletableFuture<List<AutoCandidates.Choice>> fixed; // speeds do not change them
    private CompletableFuture<Weighing> weighing; // the replays of the decision in progress
    private long weighedAt;
    private int weighedRounds;
    private final RoundTimes times;
    private long switchedAt = -1; // the round the code in use began, until it is verified
    private String before; // what the replaced code measured and replayed, for auto-verified
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
     * @param deliberation where the candidates are built and replayed ({@link Deliberation})
     */
    public AutoPlanner(
            AutoSettings settings,
            RoundEngine engine,
            DecodeGate gate,
            RunState run,
            double startupReadSeconds,
            Executor deliberation) {
        this.settings = settings;
        this.engine = engine;
        this.gate = gate;
        this.run = run;
        this.move = new PlanSwitch(engine, gate, run.decisions);
        this.window = new LiveWindow(engine.workers(), settings.windowIterations());
        this.times = new RoundTimes(2 * settings.windowIterations() + settings.periodIterations());
        this.left = new RoundsLeft(run.spec);
        // --stragglers s pre-placed cyclic(s)'s partitions: s is the cap the user chose
        int preplaced = run.spec.params().stragglers();
        this.cap = preplaced > 0 ? preplaced : settings.cap(engine.workers());
        this.aside = deliberation;
        int n = engine.workers();
        int c = cap;
        long seed = run.spec.seed();
        this.fixed = CompletableFuture.supplyAsync(() -> AutoCandidates.fixed(n, c, seed), aside);
        this.readSeconds = 2 * Math.max(0, startupReadSeconds);
        this.nextDecision = settings.warmupIterations();
        gate.onTimed(window::record);
        gate.backups(settings.backupFactor(), settings.backupFirstFactor());
        if (run.spec.autoStart() != null) {
            begin(run.spec.autoStart());
        }
    }

    /**
     * {@code --trace}: switches to the code chosen from the earlier run's trace before the first
     * round. Its partitions were placed with the start ({@code Auto.starting}), so nobody reads.
     */
    private void begin(AutoStart start) {
        Plan first = AutoCode.parse(start.code()).place(engine.workers(), run.spec.seed());
        int loading = move.start(first);
        if (loading != 0) { // cannot happen for a start placed by Auto.starting
            throw new IllegalStateException(
                    "auto's start "
                            + start.code()
                            + " is not placed: "
                            + loading
                            + " workers lack it");
        }
        move.switchIfLoaded();
        current = start.code();
        run.decisions.add(
                0,
                engine.elapsedSeconds(),
                -1,
                "auto-start",
                String.format(
                        Locale.ROOT,
                        "plan %d in use: %s (from --trace)",
                        move.generation(),
                        current),
                start.evidence());
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
        times.mark(iteration, now);
        verify(iteration, now);
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
        if (weighing == null) {
            if (iteration < nextDecision || anyReplacing()) {
                return;
            }
            nextDecision = iteration + settings.periodIterations();
            weigh(iteration);
            if (weighing == null) {
                return;
            }
        }
        if (!weighing.isDone()) {
            return; // aside: the rounds go on meanwhile
        }
        Weighing x = joined(weighing);
        weighing = null;
        if (anyReplacing()) {
            return; // a worker changed while the replays ran: weigh again later
        }
        decide(iteration, now, x);
    }

    private static <T> T joined(CompletableFuture<T> done) {
        try {
            return done.join();
        } catch (CompletionException e) { // a bug in the replays: fail as it would inline
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** Snapshots the window and starts its replays ({@link Weighing}), here or aside. */
    private void weigh(long iteration) {
        double[][] w = window.matrix(2);
        if (w == null) {
            return;
        }
        Plan in = gate.plan();
        String[] nodes = new String[engine.workers()];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = engine.node(i);
        }
        long seed = run.spec.seed() + 0x9E3779B97F4A7C15L * (move.generation() + 1);
        weighedAt = iteration;
        weighing = fixed.thenApplyAsync(f -> Weighing.of(w, in, f, cap, seed, nodes), aside);
    }

    private void decide(long iteration, double now, Weighing x) {
        LOG.info(
                "auto: {} candidates weighed on {} rounds in {} ms (window of round {})",
                x.candidates().size(),
                x.rounds(),
                x.nanos() / 1_000_000,
                weighedAt);
        weighedRounds = x.rounds();
        double tau = x.tau();
        double rounds = left.estimate(iteration);
        double stay = rounds * tau;
        AutoCandidates.Choice best = null;
        double bestTime = stay;
        double bestTau = Double.NaN;
        double bestMove = 0;
        AutoCandidates.Choice runnerUp = null;
        double runnerUpTau = Double.POSITIVE_INFINITY;
        for (Weighing.Scored s : x.candidates()) {
            AutoCandidates.Choice c = s.choice();
            double tc = s.tau();
            if (tc < runnerUpTau && !c.label().equals(current)) {
                runnerUp = c;
                runnerUpTau = tc;
            }
            double moveSeconds = moveSeconds(c.plan());
            // A move that reads nothing (partitions pre-placed or kept from an earlier code) needs
            // only the newer half to agree: if it was wrong, the next decision moves back, free
            // as well, so it costs at most one period; one that reads must win in both halves.
            if (!(tc <= (1 - settings.minGain()) * tau)
                    || !(moveSeconds == 0 || s.tauOlder() < x.tauOlder())
                    || !(s.tauNewer() < x.tauNewer())) {
                continue;
            }
            double time = moveSeconds + Math.max(0, rounds - moveSeconds / tau) * tc;
            if (time < bestTime) {
                best = c;
                bestTime = time;
                bestTau = tc;
                bestMove = moveSeconds;
            }
        }
        boolean pays = best != null && stay - bestTime >= Math.max(settings.minGain() * stay, tau);
        String measured = x.measured().describe();
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
        double measuredBefore = times.perRound(weighedAt - weighedRounds, weighedAt);
        before =
                String.format(
                        Locale.ROOT,
                        "before the decision %s: %.4g s/round measured, %.4g replayed (x%.2f)",
                        current,
                        measuredBefore,
                        tau,
                        measuredBefore / tau);
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
        switchedAt = iteration;
    }

    /**
     * {@code auto-verified}: a period after a switch, the wall seconds per round the new code took
     * against its prediction, beside the same pair for the code it replaced. The ratios are the
     * calibration of replayed against measured time.
     */
    private void verify(long iteration, double now) {
        if (switchedAt < 0 || iteration < switchedAt + settings.periodIterations()) {
            return;
        }
        double measured = times.perRound(switchedAt, iteration);
        run.decisions.add(
                iteration,
                now,
                -1,
                "auto-verified",
                String.format(
                        Locale.ROOT,
                        "%s: %.4g s/round measured over %d rounds, %.4g predicted (x%.2f)",
                        current,
                        measured,
                        iteration - switchedAt,
                        predicted,
                        measured / predicted),
                before);
        switchedAt = -1;
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
