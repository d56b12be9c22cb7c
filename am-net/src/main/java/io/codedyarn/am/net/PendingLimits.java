package io.codedyarn.am.net;

/**
 * What peers that have not yet authenticated may hold of the AM's worker endpoint: a connection is
 * pending from its accept until its mutual TLS handshake and HTTP/2 set-up complete (the point
 * where only a holder of the application's worker key can be). {@link PendingConnections} enforces
 * it on the listening socket, before any TLS or gRPC code sees the connection.
 *
 * @param perAddress pending connections from one remote IP address at once; more are closed as they
 *     are accepted
 * @param total pending connections from all addresses at once; more are closed as they are accepted
 * @param bytes bytes one pending connection may send: a worker's handshake and HTTP/2 preface take
 *     a few KB, a peer trickling a large TLS record to make the AM buffer it is cut off here
 * @param handshakeTimeoutMillis how long a connection may stay pending; a peer that trickles its
 *     handshake to hold a slot is cut off then
 */
public record PendingLimits(int perAddress, int total, int bytes, long handshakeTimeoutMillis) {
    /** Defaults: 32 per address, 256 in all, 64 KiB each, 10 s. */
    public static final PendingLimits DEFAULTS = new PendingLimits(32, 256, 64 * 1024, 10_000);

    public PendingLimits {
        if (perAddress < 1 || total < 1 || bytes < 1024 || handshakeTimeoutMillis < 1) {
            throw new IllegalArgumentException(
                    "need perAddress >= 1, total >= 1, bytes >= 1024 and handshakeTimeoutMillis"
                            + " >= 1, got "
                            + perAddress
                            + "/"
                            + total
                            + "/"
                            + bytes
                            + "/"
                            + handshakeTimeoutMillis);
        }
    }

    /**
     * These limits, raised where needed so that a whole fleet of {@code peers} legitimate workers
     * connecting at once from one host (the embedded cluster, {@code bench coordination} over
     * loopback) is never refused: the caps stop a flood, not the job's own workers.
     */
    public PendingLimits atLeast(int peers) {
        return new PendingLimits(
                Math.max(perAddress, peers), Math.max(total, peers), bytes, handshakeTimeoutMillis);
    }
}
