package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.liveness.TaskDeadlines;
import java.util.Set;

/**
 * Make before break, for the {@link RoundEngine}: asks the {@link WorkerPort} for a worker's
 * replacement (at most one on its way per worker, to be ready within the replacement wait),
 * switches the worker to its replacement when it is promoted (by the adaptation step between two
 * rounds, or at once within a round that waits for it) and admits a first container that was ready
 * only after training started. A round that cannot decode with the live workers waits for the
 * replacements on their way ({@link #awaitReplacements}, until {@link #unstall}); meanwhile the
 * {@link WorkerLifecycle} promotes each as it is ready. Runs on the coordinator's thread.
 */
final class Replacements {
    private final RoundEngine engine;
    private final WorkerPort port;
    private final WorkerRoster roster;
    private final TaskLedger ledger;
    private final StartPhase starts;
    private boolean stalled;
    private double waitSeconds = 120;

    Replacements(
            RoundEngine engine,
            WorkerPort port,
            WorkerRoster roster,
            TaskLedger ledger,
            StartPhase starts) {
        this.engine = engine;
        this.port = port;
        this.roster = roster;
        this.ledger = ledger;
        this.starts = starts;
    }

    /** See {@link RoundEngine#replacementWaitSeconds()}. */
    double waitSeconds() {
        return waitSeconds;
    }

    void waitSeconds(double seconds) {
        if (!(seconds >= 0)) {
            throw new IllegalArgumentException("replacement wait must be >= 0 s, got " + seconds);
        }
        this.waitSeconds = seconds;
    }

    /** See {@link RoundEngine#replace}. */
    boolean replace(int worker, Set<String> avoid) {
        if (roster.isReplacing(worker) || !port.replace(worker, avoid)) {
            return false;
        }
        roster.markReplacing(worker, engine.now() + (long) (waitSeconds * 1e9));
        return true;
    }

    /** See {@link RoundEngine#promote}. */
    void promote(int worker, String newNode) {
        port.promote(worker);
        roster.replacementArrived(worker);
        TaskDeadlines deadlines = engine.deadlines();
        if (deadlines != null) {
            deadlines.reset(worker); // a new JVM on another node: its own history starts now
        }
        roster.startedOn(worker, newNode, engine.now());
        ledger.replaced(worker);
    }

    /** See {@link RoundEngine#admit}. */
    void admit(int worker, String host) {
        roster.startedOn(worker, host, engine.now());
        ledger.closed(worker);
    }

    /**
     * A round cannot decode with the live workers (the loop has asked for replacements): says
     * whether any failed worker's replacement (or late first container) is on its way. While so
     * (until {@link #unstall}), a ready replacement of a failed worker is promoted as it arrives
     * and {@link RoundEngine#next} returns {@link Arrival#ready} for it, so the round can send it
     * its task.
     */
    boolean awaitReplacements() {
        for (int w = 0; w < engine.workers(); w++) {
            if (!roster.alive(w) && (roster.isReplacing(w) || starts.isStarting(w))) {
                stalled = true;
                return true;
            }
        }
        return false;
    }

    /** Whether a round waits for replacements (since {@link #awaitReplacements}). */
    boolean stalled() {
        return stalled;
    }

    /** The round no longer waits for a replacement. */
    void unstall() {
        stalled = false;
    }
}
