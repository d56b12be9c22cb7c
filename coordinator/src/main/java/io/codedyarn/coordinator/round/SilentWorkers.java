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

    SilentWorkers(RoundEngine engine) {
        this.engine = engine;
    }

    /**
     * The first live worker silent past its deadline (its oldest open task, or its start), declared
     * hung and abandoned: a failure arrival, as if its connection had broken. Null when none is.
     */
    Arrival overdue(long now) {
        if (engine.deadlines == null) {
            return null;
        }
        Arrival start = engine.starts.overdueStart(now);
        if (start != null) {
            return start;
        }
        for (int w = 0; w < engine.workers; w++) {
            if (now >= silentBy(w)) {
                Slot head = engine.ledger.oldestOpen(w);
                double silent = (now - Math.max(head.sent, engine.roster.lastReceived[w])) / 1e9;
                return engine.fail(
                        w, engine.deadlines.explain(w, head.load, silent), WorkerChange.Kind.HUNG);
            }
        }
        return null;
    }

    /**
     * Clock nanos by which live worker {@code w} must answer its oldest open task: from when it
     * began it (the send, or its previous answer), its {@link TaskDeadlines} allowance; MAX_VALUE
     * when it has no open task or no deadline yet (before its first answer).
     */
    private long silentBy(int w) {
        Slot head = engine.ledger.oldestOpen(w);
        if (head == null || !engine.alive(w)) {
            return Long.MAX_VALUE;
        }
        double allowance = engine.deadlines.allowance(w, head.load);
        if (!Double.isFinite(allowance)) {
            return Long.MAX_VALUE;
        }
        return Math.max(head.sent, engine.roster.lastReceived[w])
                + (long) Math.ceil(allowance * 1e9);
    }

    /** Clock nanos of the next silent worker's deadline (MAX_VALUE: none). */
    long nextOverdue() {
        if (engine.deadlines == null) {
            return Long.MAX_VALUE;
        }
        long next = engine.starts.nextStartDeadline();
        for (int w = 0; w < engine.workers; w++) {
            next = Math.min(next, silentBy(w));
        }
        return next;
    }
}
