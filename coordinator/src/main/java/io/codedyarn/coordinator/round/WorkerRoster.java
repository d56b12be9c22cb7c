package io.codedyarn.coordinator.round;

import java.util.Arrays;

/**
 * Per worker, what the {@link RoundEngine} knows of its current incarnation: whether it is alive
 * (else why it died), the node it runs on, how many tasks it has not answered, when its last result
 * arrived, and whether a replacement is on its way (and by when it must be ready). The engine
 * changes these as events arrive; nothing else does. Runs on the coordinator's thread.
 */
final class WorkerRoster {
    /** Null while alive; else why it died (or "not ready yet" for a worker still starting). */
    final String[] deathCause;

    final int[] inFlight;
    final String[] node;
    final boolean[] replacing;

    /** Clock nanos by which a requested replacement must be ready. */
    final long[] replaceBy;

    /** Clock nanos of the worker's previous result (or of its incarnation's start). */
    final long[] lastReceived;

    WorkerRoster(int workers) {
        deathCause = new String[workers];
        inFlight = new int[workers];
        node = new String[workers];
        replacing = new boolean[workers];
        replaceBy = new long[workers];
        lastReceived = new long[workers];
        Arrays.fill(lastReceived, Long.MIN_VALUE);
    }

    boolean alive(int worker) {
        return deathCause[worker] == null;
    }

    int aliveCount() {
        int c = 0;
        for (String s : deathCause) {
            c += s == null ? 1 : 0;
        }
        return c;
    }

    boolean busy(int worker) {
        return inFlight[worker] > 0;
    }

    /** The worker died because {@code why}: its open tasks are no longer counted. */
    void died(int worker, String why) {
        deathCause[worker] = why;
        inFlight[worker] = 0;
    }

    /** A new incarnation on {@code host} (a promoted replacement, or a late first container). */
    void startedOn(int worker, String host, long now) {
        deathCause[worker] = null;
        inFlight[worker] = 0;
        lastReceived[worker] = now;
        node[worker] = host;
    }
}
