package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.WorkerPort;

/**
 * The events of workers' lives that are not results, for the {@link RoundEngine}: a failure (a
 * failure arrival, or the end of a start that training went on without), a first container ready
 * late (it joins at the next boundary, or at once when a stalled round waits for it), a replacement
 * ready (a standby the adapter promotes between rounds, or at once within a stalled round), a
 * replacement that could not start, and partitions loaded. Each is recorded as a {@link
 * WorkerChange} for the adaptation step.
 */
final class WorkerLifecycle {
    private final RoundEngine engine;
    private final WorkerPort port;
    private final WorkerRoster roster;
    private final TaskLedger ledger;
    private final StartPhase starts;
    private final Replacements replacements;

    WorkerLifecycle(
            RoundEngine engine,
            WorkerPort port,
            WorkerRoster roster,
            TaskLedger ledger,
            StartPhase starts,
            Replacements replacements) {
        this.engine = engine;
        this.port = port;
        this.roster = roster;
        this.ledger = ledger;
        this.starts = starts;
        this.replacements = replacements;
    }

    /**
     * Declares the worker failed ({@code why}); a hung one's incarnation is abandoned (its
     * container stopped), since nothing else would end it.
     */
    Arrival fail(int w, String why, WorkerChange.Kind kind) {
        roster.died(w, why);
        ledger.closed(w);
        if (kind == WorkerChange.Kind.HUNG) {
            RoundEngine.LOG.warn("worker {} on {} declared failed: {}", w, engine.node(w), why);
            port.abandon(w, why);
        } else {
            RoundEngine.LOG.warn("worker {} failed: {}", w, why);
        }
        engine.changed(new WorkerChange(w, kind, why, "", null, engine.elapsedSeconds()));
        return new Arrival(w, -1, new long[0], null, 0, why);
    }

    /** Handles {@code e}; the arrival the waiting round must see, or null. */
    Arrival handle(CoordinatorEvent e) {
        if (e instanceof CoordinatorEvent.WorkerFailed f) {
            return failed(f);
        } else if (e instanceof CoordinatorEvent.WorkerReady r && starts.isStarting(r.worker())) {
            return readyLate(r);
        } else if (e instanceof CoordinatorEvent.WorkerReady r && roster.isReplacing(r.worker())) {
            return replacementReady(r);
        } else if (e instanceof CoordinatorEvent.ReplacementFailed f
                && roster.isReplacing(f.worker())) {
            return replacementFailed(f);
        } else if (e instanceof CoordinatorEvent.PartitionsLoaded l && roster.alive(l.worker())) {
            engine.changed(
                    new WorkerChange(
                            l.worker(),
                            WorkerChange.Kind.LOADED,
                            (l.loadNanos() / 1_000_000) + " ms"));
        }
        return null;
    }

    private Arrival failed(CoordinatorEvent.WorkerFailed f) {
        int w = f.worker();
        if (starts.isStarting(w)) { // not ready yet, training went on without it
            starts.started(w);
            return fail(w, "failed at start: " + f.reason(), WorkerChange.Kind.FAILED);
        }
        if (roster.alive(w)) {
            return fail(w, f.reason(), WorkerChange.Kind.FAILED);
        }
        return null;
    }

    /**
     * Its first container, late: it holds its partitions and takes tasks from now on (at once when
     * a round waits for it, else from the next round on).
     */
    private Arrival readyLate(CoordinatorEvent.WorkerReady r) {
        int w = r.worker();
        starts.started(w);
        String how =
                "its first container, "
                        + (engine.now() - starts.startedAt()) / 1_000_000
                        + " ms after the start";
        if (replacements.stalled()) {
            replacements.admit(w, r.host());
            engine.changed(
                    new WorkerChange(
                            w,
                            WorkerChange.Kind.READY,
                            r.host(),
                            how,
                            r.host(),
                            engine.elapsedSeconds()));
            return Arrival.ready(w);
        }
        engine.changed(
                new WorkerChange(
                        w, WorkerChange.Kind.READY, r.host(), how, null, engine.elapsedSeconds()));
        return null;
    }

    private Arrival replacementReady(CoordinatorEvent.WorkerReady r) {
        int w = r.worker();
        String how =
                String.format(
                        java.util.Locale.ROOT,
                        "%s, its partitions loaded in %d ms",
                        r.spare() ? "a warm spare" : "a new container",
                        r.loadNanos() / 1_000_000);
        if (replacements.stalled() && !roster.alive(w)) {
            // a round is waiting for it: it takes over now, not at the round's end
            String previous = roster.node(w);
            replacements.promote(w, r.host());
            engine.changed(
                    new WorkerChange(
                            w,
                            WorkerChange.Kind.STANDBY,
                            r.host(),
                            how + ", promoted within a round that waited for it",
                            previous,
                            engine.elapsedSeconds()));
            return Arrival.ready(w);
        }
        engine.changed(
                new WorkerChange(
                        w,
                        WorkerChange.Kind.STANDBY,
                        r.host(),
                        how,
                        null,
                        engine.elapsedSeconds()));
        return null;
    }

    private Arrival replacementFailed(CoordinatorEvent.ReplacementFailed f) {
        int w = f.worker();
        roster.replacementFailed(w);
        engine.changed(new WorkerChange(w, WorkerChange.Kind.REPLACEMENT_FAILED, f.reason()));
        if (replacements.stalled() && !roster.alive(w)) {
            // a round waits for this replacement: it learns now that it is not coming, and why
            // (e.g. the worker's only replica was on the lost node), instead of at the end of the
            // replacement wait with no cause
            roster.alsoDiedOf(w, "; its replacement failed: " + f.reason());
            return new Arrival(w, -1, new long[0], null, 0, roster.deathCause(w));
        }
        return null;
    }
}
