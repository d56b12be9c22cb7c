package io.codedyarn.coordinator.round;

import java.util.Arrays;

/**
 * Per worker, what the {@link RoundEngine} knows of its current incarnation: whether it is alive
 * (else why it died), the node it runs on, how many tasks it has not answered, when its last result
 * arrived, and whether a replacement is on its way (and by when it must be ready). The engine and
 * its parts change these through the named transitions below as events arrive; nothing else does.
 * Runs on the coordinator's thread.
 */
final class WorkerRoster {
    /** Null while alive; else why it died (or "not ready yet" for a worker still starting). */
    private final String[] deathCause;

    private final int[] inFlight;
    private final String[] node;
    private final boolean[] replacing;

    /** Clock nanos by which a requested replacement must be ready. */
    private final long[] replaceBy;

    /** Clock nanos of the worker's previous result (or of its incarnation's start). */
    private final long[] lastReceived;

    WorkerRoster(int workers) {
        deathCause = new String[workers];
        inFlight = new int[workers];
        node = new String[workers];
        replacing = new boolean[workers];
        replaceBy = new long[workers];
        lastReceived = new long[workers];
        Arrays.fill(lastReceived, Long.MIN_VALUE);
    }

    // ---- life and death ----

    boolean alive(int worker) {
        return deathCause[worker] == null;
    }

    /**
     * "worker w failed: why" for each dead worker, or "no worker failed" (a stall's diagnostic).
     */
    String deadWorkers() {
        StringBuilder b = new StringBuilder();
        for (int w = 0; w < deathCause.length; w++) {
            if (deathCause[w] != null) {
                b.append(b.length() == 0 ? "" : "; ")
                        .append("worker ")
                        .append(w)
                        .append(" failed: ")
                        .append(deathCause[w]);
            }
        }
        return b.length() == 0 ? "no worker failed" : b.toString();
    }

    int aliveCount() {
        int c = 0;
        for (String s : deathCause) {
            c += s == null ? 1 : 0;
        }
        return c;
    }

    /** Why the worker is not alive (null while it is). */
    String deathCause(int worker) {
        return deathCause[worker];
    }

    /** The worker died because {@code why}: its open tasks are no longer counted. */
    void died(int worker, String why) {
        deathCause[worker] = why;
        inFlight[worker] = 0;
    }

    /** Training starts without the worker, whose first container is not ready yet. */
    void notReadyYet(int worker) {
        deathCause[worker] = "not ready yet";
    }

    /** Adds {@code more} to the cause of a dead worker's death (e.g. its replacement failed). */
    void alsoDiedOf(int worker, String more) {
        deathCause[worker] += more;
    }

    /** A new incarnation on {@code host} (a promoted replacement, or a late first container). */
    void startedOn(int worker, String host, long now) {
        deathCause[worker] = null;
        inFlight[worker] = 0;
        lastReceived[worker] = now;
        node[worker] = host;
    }

    // ---- where it runs ----

    /** The node the worker's first container said Ready on, before training starts. */
    void placedOn(int worker, String host) {
        node[worker] = host;
    }

    /** The node the current incarnation runs on; null before any said Ready. */
    String node(int worker) {
        return node[worker];
    }

    // ---- tasks ----

    /** Whether the worker has a task it has not answered yet. */
    boolean busy(int worker) {
        return inFlight[worker] > 0;
    }

    /** A task was sent to the worker. */
    void sent(int worker) {
        inFlight[worker]++;
    }

    /** The worker answered a task at clock nanos {@code received}. */
    void answered(int worker, long received) {
        lastReceived[worker] = received;
        inFlight[worker]--;
    }

    /**
     * Clock nanos at which the worker began a task sent at {@code sent}: the send, or its previous
     * result if that left later (a worker runs one task at a time, a single FIFO server).
     */
    long began(int worker, long sent) {
        return Math.max(sent, lastReceived[worker]);
    }

    // ---- replacement ----

    /** A replacement was asked for; it must be ready by clock nanos {@code by}. */
    void markReplacing(int worker, long by) {
        replacing[worker] = true;
        replaceBy[worker] = by;
    }

    /** Whether a replacement of the worker is on its way. */
    boolean isReplacing(int worker) {
        return replacing[worker];
    }

    /** Whether the worker is dead and its replacement on its way. */
    boolean awaitingReplacement(int worker) {
        return replacing[worker] && !alive(worker);
    }

    /** Clock nanos by which the replacement on its way must be ready. */
    long replacementDeadline(int worker) {
        return replaceBy[worker];
    }

    /** The replacement took over (or the port routed to it): none is on its way any more. */
    void replacementArrived(int worker) {
        replacing[worker] = false;
    }

    /** The replacement could not start: none is on its way any more. */
    void replacementFailed(int worker) {
        replacing[worker] = false;
    }
}
