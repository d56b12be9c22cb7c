package io.codedyarn.am.net;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Which stream is each worker's, for the {@link GrpcWorkerServer}: its current one (tasks and loads
 * go there), its replacement's once connected and welcomed but not yet routed to (the standby, make
 * before break), and whether a replacement is expected (a second Hello for the id is accepted only
 * then, or a warm spare's stream is adopted in its place). Workers 0 .. workers−1 only; the spares
 * are {@link Spares}'.
 *
 * <p>Thread-safe without locks: the streams' threads register and release themselves, the
 * coordinator's thread reads, promotes and abandons; each slot changes by compare-and-set or
 * get-and-set, so a stream never takes a slot another holds.
 */
final class WorkerStreams {
    private final AtomicReferenceArray<Connection> current;

    /** Per worker: its replacement's stream, connected and welcomed but not yet routed to. */
    private final AtomicReferenceArray<Connection> standby;

    /** Per worker: 1 while a replacement is expected (a second Hello for the id is accepted). */
    private final AtomicIntegerArray expecting;

    WorkerStreams(int workers) {
        this.current = new AtomicReferenceArray<>(workers);
        this.standby = new AtomicReferenceArray<>(workers);
        this.expecting = new AtomicIntegerArray(workers);
    }

    /** Worker {@code w}'s current stream; null when it has none (not connected yet, or gone). */
    Connection current(int w) {
        return current.get(w);
    }

    /** From now on a replacement of worker {@code w} is expected. */
    void expectReplacement(int w) {
        expecting.set(w, 1);
    }

    /**
     * Registers {@code c} as worker {@code w}'s current stream, or as its replacement's when one is
     * expected and the current stream lives; {@link GrpcWorkerServer.Claim#REFUSED} if taken.
     */
    GrpcWorkerServer.Claim claim(int w, Connection c) {
        if (current.compareAndSet(w, null, c)) {
            return GrpcWorkerServer.Claim.CURRENT;
        }
        if (expecting.get(w) == 1 && standby.compareAndSet(w, null, c)) {
            return GrpcWorkerServer.Claim.STANDBY;
        }
        return GrpcWorkerServer.Claim.REFUSED;
    }

    /**
     * A spare's stream {@code c}, loaded with worker {@code w}'s partitions, becomes its
     * replacement-in-waiting (as a second Hello would); false when the worker has one already.
     */
    boolean adoptAsStandby(int w, Connection c) {
        if (!standby.compareAndSet(w, null, c)) {
            return false;
        }
        expecting.set(w, 1);
        return true;
    }

    /**
     * Routes worker {@code w}'s tasks to its replacement and stops the old stream ({@code Stop}
     * "replaced"); nothing when no replacement connected (it connected after the old stream had
     * gone: already routed).
     */
    void promote(int w) {
        expecting.set(w, 0);
        Connection s = standby.getAndSet(w, null);
        if (s == null) {
            return;
        }
        Connection old = current.getAndSet(w, s);
        s.promoted();
        if (old != null) {
            old.retire("replaced by a new container");
        }
    }

    /** Gives up on worker {@code w}'s current stream: told to stop ({@code why}) and closed. */
    void abandon(int w, String why) {
        Connection old = current.getAndSet(w, null);
        if (old != null) {
            old.retire("the application master gave up on it: " + why);
        }
    }

    /** Unregisters {@code c}; whether it was worker {@code w}'s replacement-in-waiting. */
    boolean release(int w, Connection c) {
        if (standby.compareAndSet(w, c, null)) {
            return true;
        }
        current.compareAndSet(w, c, null);
        return false;
    }

    /** Sends Stop ({@code reason}) on every worker's current and standby stream. */
    void stopAll(String reason) {
        for (int w = 0; w < current.length(); w++) {
            Connection c = current.get(w);
            if (c != null) {
                c.stop(reason);
            }
            Connection s = standby.get(w);
            if (s != null) {
                s.stop(reason);
            }
        }
    }
}
