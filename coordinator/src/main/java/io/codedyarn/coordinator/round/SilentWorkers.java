package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.liveness.TaskDeadlines;
import io.codedyarn.coordinator.round.TaskLedger.Slot;

/**
 * Liveness of the workers that stay connected but answer nothing, for the {@link RoundEngine}: each
 * live worker's oldest open task must be answered within its {@link TaskDeadlines} allowance from
 * when the worker began it (the send, or its previous answer), and a worker still starting within
 * its start deadline ({@link StartPhase}); the first one past it is declared hung and abandoned, a
 * failure arrival as if its connection had broken. Off (no deadlines) unless liveness is on.
 */
final class SilentWorkers {
    private final RoundEngine engine;
    private final WorkerRoster roster;
    private final TaskLedger ledger;
    private final StartPhase starts;

    SilentWorkers(RoundEngine engine, WorkerRoster roster, TaskLedger ledger, StartPhase starts) {
        this.engine = engine;
        this.roster = roster;
        this.ledger = ledger;
        this.starts = starts;
    }

    /**
     * The first live worker silent past its deadline (its oldest open task, or its start), declared
     * hung and abandoned: a failure arrival, as if its connection had broken. Null when none is.
     */
    Arrival overdue(long now) {
        TaskDeadlines deadlines = engine.deadlines();
        if (deadlines == null) {
            return null;
        }
        Arrival start = starts.overdueStart(now);
        if (start != null) {
            return start;
        }
        for (int w = 0; w < engine.workers(); w++) {
            if (now >= silentBy(w, deadlines)) {
                Slot head = ledger.oldestOpen(w);
                double silent = (now - roster.began(w, head.sent)) / 1e9;
                return engine.fail(
                        w, deadlines.explain(w, head.load, silent), WorkerChange.Kind.HUNG);
            }
        }
        return null;
    }

    /**
     * Clock nanos by which live worker {@code w} must answer its oldest open task: from when it
     * began it (the send, or its previous answer), its {@link TaskDeadlines} allowance; MAX_VALUE
     * when it has no open task or no deadline yet (before its first answer).
     */
    private long silentBy(int w, TaskDeadlines deadlines) {
        Slot head = ledger.oldestOpen(w);
        if (head == null || !roster.alive(w)) {
            return Long.MAX_VALUE;
        }
        double allowance = deadlines.allowance(w, head.load);
        if (!Double.isFinite(allowance)) {
            return Long.MAX_VALUE;
        }
        return roster.began(w, head.sent) + (long) Math.ceil(allowance * 1e9);
    }

    /** Clock nanos of the next silent worker's deadline (MAX_VALUE: none). */
    long nextOverdue() {
        TaskDeadlines deadlines = engine.deadlines();
        if (deadlines == null) {
            return Long.MAX_VALUE;
        }
        long next = starts.nextStartDeadline();
        for (int w = 0; w < engine.workers(); w++) {
            next = Math.min(next, silentBy(w, deadlines));
        }
        return next;
    }
}
