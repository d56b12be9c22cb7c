package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventSource;
import io.codedyarn.coordinator.liveness.LivenessSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The start of training, for the {@link RoundEngine}: which workers' first containers are ready,
 * the start deadlines (with liveness on: the overall timeout until some worker is ready, then
 * max(start floor, start factor × the slowest start so far)), the replacements of workers that fail
 * or hang at start, and the diagnostic naming each missing worker, its node and cause when training
 * cannot start. A worker still starting when training starts joins later, through the engine. Runs
 * on the coordinator's thread; {@link #startingCount} is readable from any.
 */
final class StartPhase {
    private final RoundEngine engine;
    private final WorkerRoster roster;
    private final EventSource events;
    private final int workers;

    /** Per worker: its first container has not said Ready yet (training may have started). */
    private final boolean[] starting;

    private volatile int startingCount; // starting[] true, for other threads (the AM's progress)

    /** When {@link #awaitReady} began, and the slowest start among the workers ready so far. */
    private long startedAt;

    private long slowestStart = -1;

    StartPhase(RoundEngine engine, WorkerRoster roster, EventSource events) {
        this.engine = engine;
        this.roster = roster;
        this.events = events;
        this.workers = engine.workers();
        this.starting = new boolean[workers];
    }

    int startingCount() {
        return startingCount;
    }

    /** Whether the worker's first container has not said Ready yet. */
    boolean isStarting(int worker) {
        return starting[worker];
    }

    /** Clock nanos when {@link #awaitReady} began. */
    long startedAt() {
        return startedAt;
    }

    /**
     * Waits until the workers ready are {@code enough} (for an exact code: their codewords decode,
     * so training can go on without the rest, which join when ready); returns the slowest load time
     * in seconds. A worker that fails at start, or (with liveness on) is not ready within its start
     * deadline, is a {@link WorkerChange.Kind#FAILED} change handed to {@code adapt} at once, which
     * may ask for its replacement ({@link RoundEngine#replace}); a replacement that says Ready
     * takes the worker's place. The run is aborted, naming each missing worker, its node and cause,
     * only when enough workers can no longer be ready: failed and not replaced, or a replacement
     * not ready within {@link RoundEngine#replacementWaitSeconds}, or nothing ready within {@code
     * timeoutNanos}.
     */
    double awaitReady(
            long timeoutNanos, Predicate<boolean[]> enough, Consumer<List<WorkerChange>> adapt)
            throws InterruptedException, RunAborted {
        startedAt = engine.now();
        long overall = startedAt + timeoutNanos;
        Arrays.fill(starting, true);
        startingCount = workers;
        long slowest = 0;
        boolean[] ready = new boolean[workers];
        while (!enough.test(ready.clone())) {
            if (engine.hasChanges()) {
                adapt.accept(engine.drainChanges()); // may ask for replacements
                continue;
            }
            boolean[] possible = ready.clone();
            for (int w = 0; w < workers; w++) {
                possible[w] |= starting[w] || roster.isReplacing(w);
            }
            if (!enough.test(possible)) {
                throw new RunAborted(notReady("too few workers are ready or on their way"));
            }
            long now = engine.now();
            Arrival hung = overdueStart(now);
            if (hung != null) {
                continue; // its FAILED change goes to adapt first
            }
            long until = Math.min(overall, nextStartDeadline());
            for (int w = 0; w < workers; w++) {
                if (roster.awaitingReplacement(w)) {
                    until = Math.min(until, roster.replacementDeadline(w));
                }
            }
            CoordinatorEvent ev = events.poll(Math.max(0, until - now));
            if (ev == null) {
                abortIfOverdue(overall, timeoutNanos);
            } else if (ev instanceof CoordinatorEvent.WorkerReady r) {
                int w = r.worker();
                if (roster.awaitingReplacement(w)) {
                    String previous = engine.node(w);
                    engine.promote(w, r.host());
                    engine.changed(
                            new WorkerChange(
                                    w,
                                    WorkerChange.Kind.STANDBY,
                                    r.host(),
                                    (r.spare() ? "a warm spare" : "a new container")
                                            + ", its partitions loaded in "
                                            + r.loadNanos() / 1_000_000
                                            + " ms, before training started",
                                    previous == null ? "(never ready)" : previous,
                                    engine.elapsedSeconds()));
                } else if (starting[w]) {
                    readyAtStart(r);
                } else {
                    continue; // a duplicate, or a worker given up on whose container lingers
                }
                ready[w] = true;
                slowest = Math.max(slowest, r.loadNanos());
            } else if (ev instanceof CoordinatorEvent.WorkerFailed f) {
                int w = f.worker();
                if (starting[w]) {
                    started(w);
                    engine.fail(w, "failed at start: " + f.reason(), WorkerChange.Kind.FAILED);
                } else if (roster.alive(w)) { // ready, then failed before training started
                    ready[w] = false;
                    engine.fail(w, f.reason(), WorkerChange.Kind.FAILED);
                }
            } else if (ev instanceof CoordinatorEvent.ReplacementFailed f
                    && roster.isReplacing(f.worker())) {
                roster.replacementFailed(f.worker());
                engine.changed(
                        new WorkerChange(
                                f.worker(), WorkerChange.Kind.REPLACEMENT_FAILED, f.reason()));
            }
        }
        // ready events already queued count too: training starts without a worker only when it
        // is really not ready yet
        CoordinatorEvent queued;
        while ((queued = events.poll(0)) instanceof CoordinatorEvent.WorkerReady r
                && starting[r.worker()]) {
            readyAtStart(r);
            slowest = Math.max(slowest, r.loadNanos());
        }
        if (queued != null) {
            engine.handLater(queued); // next() takes it first
        }
        for (int w = 0; w < workers; w++) {
            if (starting[w]) { // training goes on without it; it joins when ready
                roster.notReadyYet(w);
                RoundEngine.LOG.info(
                        "training starts without worker {}: it joins when it is ready", w);
            }
        }
        engine.trainingStarts();
        return slowest / 1e9;
    }

    /** A worker's first container says Ready before training starts. */
    private void readyAtStart(CoordinatorEvent.WorkerReady r) {
        started(r.worker());
        roster.placedOn(r.worker(), r.host());
        slowestStart = Math.max(slowestStart, engine.now() - startedAt);
        RoundEngine.LOG.info(
                "worker {} ready on {} (loaded in {} ms)",
                r.worker(),
                r.host(),
                r.loadNanos() / 1_000_000);
    }

    /** At start: nothing came before the overall timeout or a replacement's wait. */
    private void abortIfOverdue(long overall, long timeoutNanos) throws RunAborted {
        long now = engine.now();
        if (now >= overall) {
            throw new RunAborted(
                    notReady(
                            "not enough workers were ready within "
                                    + Math.round(timeoutNanos / 1e9)
                                    + " s of the start"));
        }
        for (int w = 0; w < workers; w++) {
            if (roster.awaitingReplacement(w) && now >= roster.replacementDeadline(w)) {
                throw new RunAborted(
                        notReady(
                                "worker "
                                        + w
                                        + "'s replacement was not ready within "
                                        + fmt(engine.replacementWaitSeconds())
                                        + " s (coded-yarn.worker.replacement-wait-seconds)"));
            }
        }
    }

    private String notReady(String why) {
        StringBuilder b = new StringBuilder("cannot start training: ").append(why);
        for (int w = 0; w < workers; w++) {
            boolean missing = starting[w] || !roster.alive(w);
            if (missing) {
                b.append("; worker ").append(w);
                String n = engine.node(w);
                if (n != null) {
                    b.append(" on ").append(n);
                }
                b.append(": ")
                        .append(
                                starting[w]
                                        ? "its container is not ready yet"
                                        : roster.deathCause(w)
                                                + (roster.isReplacing(w)
                                                        ? " (replacement on its way)"
                                                        : ""));
            }
        }
        return b.toString();
    }

    /**
     * Clock nanos by which a worker still starting must be ready: the start's overall timeout until
     * some worker is ready, then max(start floor, start factor × the slowest start so far).
     */
    private long startDeadline() {
        if (!engine.livenessOn() || slowestStart < 0) {
            return Long.MAX_VALUE;
        }
        LivenessSettings liveness = engine.livenessSettings();
        double allowance =
                Math.max(liveness.startFloorSeconds(), liveness.startFactor() * slowestStart / 1e9);
        return startedAt + (long) (allowance * 1e9);
    }

    long nextStartDeadline() {
        for (boolean s : starting) {
            if (s) {
                return startDeadline();
            }
        }
        return Long.MAX_VALUE;
    }

    /** {@code worker}'s first container is ready, or was given up on. */
    void started(int worker) {
        if (starting[worker]) {
            starting[worker] = false;
            startingCount--;
        }
    }

    /** The first worker still starting past its start deadline, declared hung; else null. */
    Arrival overdueStart(long now) {
        long due = startDeadline();
        if (now < due) {
            return null;
        }
        for (int w = 0; w < workers; w++) {
            if (starting[w]) {
                started(w);
                LivenessSettings liveness = engine.livenessSettings();
                String why =
                        String.format(
                                Locale.ROOT,
                                "hung at start: not ready %s s after the start (deadline: %s × the"
                                        + " slowest ready worker's %s s, at least %s s)",
                                fmt((now - startedAt) / 1e9),
                                fmt(liveness.startFactor()),
                                fmt(slowestStart / 1e9),
                                fmt(liveness.startFloorSeconds()));
                return engine.fail(w, why, WorkerChange.Kind.HUNG);
            }
        }
        return null;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
