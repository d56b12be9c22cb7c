package io.codedyarn.am.net;

import java.util.OptionalInt;
import java.util.Set;

/**
 * Warm spare workers on the AM's endpoint: containers started with ids workers .. workers+S−1,
 * welcomed with no partitions, connected and idle. A replacement then need not wait for a container
 * start (≈ 12 s on the embedded cluster): {@link GrpcWorkerServer#takeSpare} reserves a ready spare
 * on a node the replacement may use, {@link GrpcWorkerServer#assignSpare} sends it the worker's
 * partitions (a {@code Load}), and its {@code Loaded} makes its stream the worker's
 * replacement-in-waiting — exactly as a new container's second Hello would — with a {@code
 * WorkerReady} for the worker. A spare that fails before it is assigned costs nothing; one that
 * fails while assigned is the replacement's failure.
 *
 * <p>Thread-safe: the streams' threads and the AM's threads all call it; one lock.
 */
final class Spares {
    private final int workers;
    private final Connection[] streams;
    private final String[] hosts;
    private final boolean[] ready;
    private final int[] assigned; // −1: free, else the worker it is loading for

    Spares(int workers, int count) {
        this.workers = workers;
        this.streams = new Connection[count];
        this.hosts = new String[count];
        this.ready = new boolean[count];
        this.assigned = new int[count];
        java.util.Arrays.fill(assigned, -1);
    }

    int count() {
        return streams.length;
    }

    /** Whether {@code id} names a spare (workers ≤ id < workers + count). */
    boolean isSpare(int id) {
        return id >= workers && id < workers + streams.length;
    }

    /** Registers a spare's stream; false when its slot is taken. */
    synchronized boolean claim(int id, Connection c, String host) {
        int k = id - workers;
        if (streams[k] != null) {
            return false;
        }
        streams[k] = c;
        hosts[k] = host;
        ready[k] = false;
        assigned[k] = -1;
        return true;
    }

    synchronized void ready(int id) {
        int k = id - workers;
        ready[k] = streams[k] != null;
    }

    /**
     * A ready, free spare whose host is not in {@code avoid}, now reserved for {@code worker}; or
     * empty.
     */
    synchronized OptionalInt take(Set<String> avoid, int worker) {
        for (int k = 0; k < streams.length; k++) {
            if (streams[k] != null && ready[k] && assigned[k] < 0 && !avoid.contains(hosts[k])) {
                assigned[k] = worker;
                return OptionalInt.of(workers + k);
            }
        }
        return OptionalInt.empty();
    }

    synchronized Connection stream(int id) {
        return streams[id - workers];
    }

    synchronized String host(int id) {
        return hosts[id - workers];
    }

    /** The worker the spare is loading for, or −1. */
    synchronized int assignedTo(int id) {
        return assigned[id - workers];
    }

    /**
     * Frees the slot of a spare stream that ended or became a worker's; the worker it was assigned
     * to, or −1.
     */
    synchronized int release(int id, Connection c) {
        int k = id - workers;
        if (streams[k] != c) {
            return -1;
        }
        streams[k] = null;
        ready[k] = false;
        int w = assigned[k];
        assigned[k] = -1;
        return w;
    }

    /** Every spare's stream (to stop them). */
    synchronized java.util.List<Connection> all() {
        java.util.List<Connection> out = new java.util.ArrayList<>();
        for (Connection c : streams) {
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }
}
