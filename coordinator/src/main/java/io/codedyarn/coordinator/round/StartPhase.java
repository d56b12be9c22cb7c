package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import java.util.List;

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

    /** Per worker: its first container has not said Ready yet (training may have started). */
    final boolean[] starting;

    private volatile int startingCount; // starting[] true, for other threads (the AM's progress)

    /** When {@link #awaitReady} began, and the slowest start among the workers ready so far. */
    long startedAt;

    private long slowestStart = -1;

    StartPhase(RoundEngine engine) {
        this.engine = engine;
        this.starting = new boolean[engine.workers()];
    }

    int startingCount() {
        return startingCount;
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
            long timeoutNanos,
            java.util.function.Predicate<boolean[]> enough,
            java.util.function.Consumer<List<WorkerChange>> adapt)
            throws InterruptedException, RunAborted {
        startedAt = engine.clock.nanos();
        long overall = startedAt + timeoutNanos;
        java.util.Arrays.fill(starting, true);
        startingCount = engine.workers;
        long slowest = 0;
        boolean[] ready = new boolean[engine.workers];
        while (!enough.test(ready.clone())) {
            if (!engine.changes.isEmpty()) {
                adapt.accept(engine.drainChanges()); // may ask for replacements
                continue;
            }
            boolean[] possible = ready.clone();
            for (int w = 0; w < engine.workers; w++) {
                possible[w] |= starting[w] || engine.roster.replacing[w];
            }
            if (!enough.test(possible)) {
                throw new RunAborted(notReady("too few workers are ready or on their way"));
            }
            long now = engine.clock.nanos();
            Arrival hung = overdueStart(now);
            if (hung != null) {
                continue; // its FAILED change goes to adapt first
            }
            long until = Math.min(overall, nextStartDeadline());
            for (int w = 0; w < engine.workers; w++) {
                if (engine.roster.replacing[w] && !engine.alive(w)) {
                    until = Math.min(until, engine.roster.replaceBy[w]);
                }
            }
            CoordinatorEvent ev = engine.events.poll(Math.max(0, until - now));
            if (ev == null) {
                abortIfOverdue(overall, timeoutNanos);
            } else if (ev instanceof CoordinatorEvent.WorkerReady r) {
                int w = r.worker();
                if (engine.roster.replacing[w] && !engine.alive(w)) {
                    String previous = engine.node(w);
                    engine.promote(w, r.host());
                    engine.changes.add(
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
                } else if (engine.alive(w)) { // ready, then failed before training started
                    ready[w] = false;
                    engine.fail(w, f.reason(), WorkerChange.Kind.FAILED);
                }
            } else if (ev instanceof CoordinatorEvent.ReplacementFailed f
                    && engine.roster.replacing[f.worker()]) {
                engine.roster.replacing[f.worker()] = false;
                engine.changes.add(
                        new WorkerChange(
                                f.worker(), WorkerChange.Kind.REPLACEMENT_FAILED, f.reason()));
            }
        }
        // ready events already queued count too: training starts without a worker only when it
        // is really not ready yet
        CoordinatorEvent queued;
        while ((queued = engine.events.poll(0)) instanceof CoordinatorEvent.WorkerReady r
                && starting[r.worker()]) {
            readyAtStart(r);
            slowest = Math.max(slowest, r.loadNanos());
        }
        if (queued != null) {
            engine.early.add(queued); // next() takes it first
        }
        for (int w = 0; w < engine.workers; w++) {
            if (starting[w]) { // training goes on without it; it joins when ready
                engine.roster.deathCause[w] = "not ready yet";
                RoundEngine.LOG.info(
                        "training starts without worker {}: it joins when it is ready", w);
            }
        }
        engine.start = engine.clock.nanos() - engine.resumedNanos;
        return slowest / 1e9;
    }

    /** A worker's first container says Ready before training starts. */
    private void readyAtStart(CoordinatorEvent.WorkerReady r) {
        started(r.worker());
        engine.roster.node[r.worker()] = r.host();
        slowestStart = Math.max(slowestStart, engine.clock.nanos() - startedAt);
        RoundEngine.LOG.info(
                "worker {} ready on {} (loaded in {} ms)",
                r.worker(),
                r.host(),
                r.loadNanos() / 1_000_000);
    }

    /** At start: nothing came before the overall timeout or a replacement's wait. */
    private void abortIfOverdue(long overall, long timeoutNanos) throws RunAborted {
        long now = engine.clock.nanos();
        if (now >= overall) {
            throw new RunAborted(
                    notReady(
                            "not enough workers were ready within "
                                    + Math.round(timeoutNanos / 1e9)
                                    + " s of the start"));
        }
        for (int w = 0; w < engine.workers; w++) {
            if (engine.roster.replacing[w]
                    && !engine.alive(w)
                    && now >= engine.roster.replaceBy[w]) {
                throw new RunAborted(
                        notReady(
                                "worker "
                                        + w
                                        + "'s replacement was not ready within "
                                        + engine.fmt(engine.replacementWaitSeconds)
                                        + " s (coded-yarn.worker.replacement-wait-seconds)"));
            }
        }
    }

    private String notReady(String why) {
        StringBuilder b = new StringBuilder("cannot start training: ").append(why);
        for (int w = 0; w < engine.workers; w++) {
            boolean missing = starting[w] || !engine.alive(w);
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
                                        : engine.roster.deathCause[w]
                                                + (engine.roster.replacing[w]
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
        if (engine.deadlines == null || slowestStart < 0) {
            return Long.MAX_VALUE;
        }
        double allowance =
                Math.max(
                        engine.liveness.startFloorSeconds(),
                        engine.liveness.startFactor() * slowestStart / 1e9);
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
        for (int w = 0; w < engine.workers; w++) {
            if (starting[w]) {
                started(w);
                String why =
                        String.format(
                                java.util.Locale.ROOT,
                                "hung at start: not ready %s s after the start (deadline: %s × the"
                                        + " slowest ready worker's %s s, at least %s s)",
                                engine.fmt((now - startedAt) / 1e9),
                                engine.fmt(engine.liveness.startFactor()),
                                engine.fmt(slowestStart / 1e9),
                                engine.fmt(engine.liveness.startFloorSeconds()));
                return engine.fail(w, why, WorkerChange.Kind.HUNG);
            }
        }
        return null;
    }
}
