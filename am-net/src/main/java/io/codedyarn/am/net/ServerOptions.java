package io.codedyarn.am.net;

import io.codedyarn.protocol.ProtocolCodec;

/**
 * Where the AM's worker endpoint listens and how large one message may be.
 *
 * @param bindAddress the one address to listen on: the AM's host on a cluster (containers connect
 *     to it from other nodes), loopback in-process; never every interface, which would expose the
 *     endpoint on networks the workers do not use
 * @param port TCP port, 0 for an ephemeral one ({@link GrpcWorkerServer#port()} tells which)
 * @param maxMessageBytes bound on one message in either direction: inbound Results larger than this
 *     are refused by gRPC (RESOURCE_EXHAUSTED), outbound Tasks larger than this are refused by
 *     {@link GrpcWorkerServer#send} before they are sent
 * @param ioThreads threads of the server's own event loop (named {@value
 *     GrpcWorkerServer#IO_THREAD_PREFIX}-*); every worker stream is served by one of them
 * @param helloTimeoutMillis how long a new stream may stay silent before its Hello: a peer that
 *     sends nothing is cut off (DEADLINE_EXCEEDED) instead of holding a stream forever
 * @param spares warm spare workers accepted besides the workers (ids workers .. workers+spares−1;
 *     {@link Spares})
 * @param kernels the kernels the job's workers must run ({@link ProtocolCodec#kernels}); a worker
 *     whose Hello says otherwise is logged (WARN); empty: not checked
 * @param keepaliveMillis after this long without traffic on a connection the server pings it
 *     (HTTP/2 PING, gRPC keepalive) and closes it when no answer comes within twice as long (a
 *     worker JVM starting on a busy machine answered a ping 10 s late): a frozen or cut-off
 *     worker's stream ends as a failure even while it has no task
 * @param pending what peers not yet authenticated may hold ({@link PendingLimits}), raised to at
 *     least workers + spares by the server so its own fleet is never refused
 */
public record ServerOptions(
        String bindAddress,
        int port,
        int maxMessageBytes,
        int ioThreads,
        long helloTimeoutMillis,
        int spares,
        String kernels,
        long keepaliveMillis,
        PendingLimits pending) {
    /** Default Hello timeout: a worker sends Hello right after connecting; 30 s is generous. */
    public static final long DEFAULT_HELLO_TIMEOUT_MILLIS = 30_000;

    /** Default keepalive: a ping after 10 s without traffic, the stream closed 20 s later. */
    public static final long DEFAULT_KEEPALIVE_MILLIS = 10_000;

    /** Default event-loop threads: one serves 64 loopback streams in well under a millisecond. */
    public static final int DEFAULT_IO_THREADS = 1;

    public ServerOptions {
        java.util.Objects.requireNonNull(kernels, "kernels");
        java.util.Objects.requireNonNull(pending, "pending");
        if (port < 0
                || port > 65535
                || maxMessageBytes < 1024
                || ioThreads < 1
                || helloTimeoutMillis < 1
                || keepaliveMillis < 1
                || spares < 0) {
            throw new IllegalArgumentException(
                    "need 0 <= port <= 65535, maxMessageBytes >= 1024, ioThreads >= 1 and"
                            + " helloTimeoutMillis >= 1, got "
                            + port
                            + "/"
                            + maxMessageBytes
                            + "/"
                            + ioThreads
                            + "/"
                            + helloTimeoutMillis
                            + (spares < 0 ? "; spares must be >= 0, got " + spares : ""));
        }
    }

    /**
     * Loopback (127.0.0.1), an ephemeral port, {@link ProtocolCodec#DEFAULT_MAX_MESSAGE_BYTES}, one
     * thread, a 30 s Hello timeout.
     */
    public static ServerOptions defaults() {
        return new ServerOptions(
                "127.0.0.1",
                0,
                ProtocolCodec.DEFAULT_MAX_MESSAGE_BYTES,
                DEFAULT_IO_THREADS,
                DEFAULT_HELLO_TIMEOUT_MILLIS,
                0,
                "",
                DEFAULT_KEEPALIVE_MILLIS,
                PendingLimits.DEFAULTS);
    }

    /** Room for a Welcome or a Load (partition URIs, a recorded straggle trace) beside the rest. */
    static final int SLACK_BYTES = 1 << 20;

    /**
     * The bound on one message for a model of {@code modelLength} numbers, tasks of at most {@code
     * units} units over {@code partitions} partitions: a Result is at most {@code units} vectors of
     * 1 + modelLength doubles (8 bytes each, plus 8 of framing), a Task the iterate plus at most
     * {@code units × partitions} pieces (≤ 32 bytes each); {@value #SLACK_BYTES} more for the rest.
     * Both ends enforce it, so a peer cannot make the other buffer more than the model needs (gRPC
     * refuses a larger message with RESOURCE_EXHAUSTED naming both sizes).
     */
    public static int messageBytesFor(int modelLength, int units, int partitions) {
        if (modelLength < 1 || units < 1 || partitions < 1) {
            throw new IllegalArgumentException(
                    "need modelLength, units and partitions >= 1, got "
                            + modelLength
                            + "/"
                            + units
                            + "/"
                            + partitions);
        }
        long result = (long) units * (Double.BYTES * (1L + modelLength) + 8) + 64;
        long task = (long) Double.BYTES * modelLength + (long) units * partitions * 32 + 64;
        long bytes = Math.max(result, task) + SLACK_BYTES;
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "a message for a model of "
                            + modelLength
                            + " numbers and "
                            + units
                            + " units per task would be "
                            + bytes
                            + " bytes, over gRPC's limit of 2 GiB");
        }
        return (int) bytes;
    }

    public ServerOptions withBindAddress(String address) {
        Copy c = new Copy(this);
        c.bindAddress = address;
        return c.build();
    }

    public ServerOptions withPort(int p) {
        Copy c = new Copy(this);
        c.port = p;
        return c.build();
    }

    public ServerOptions withMaxMessageBytes(int bytes) {
        Copy c = new Copy(this);
        c.maxMessageBytes = bytes;
        return c.build();
    }

    public ServerOptions withIoThreads(int threads) {
        Copy c = new Copy(this);
        c.ioThreads = threads;
        return c.build();
    }

    public ServerOptions withHelloTimeoutMillis(long millis) {
        Copy c = new Copy(this);
        c.helloTimeoutMillis = millis;
        return c.build();
    }

    /** Expects every worker to run {@code expected} ({@link ProtocolCodec#kernels}). */
    public ServerOptions withKernels(String expected) {
        Copy c = new Copy(this);
        c.kernels = expected;
        return c.build();
    }

    public ServerOptions withKeepaliveMillis(long millis) {
        Copy c = new Copy(this);
        c.keepaliveMillis = millis;
        return c.build();
    }

    public ServerOptions withSpares(int count) {
        Copy c = new Copy(this);
        c.spares = count;
        return c.build();
    }

    /** With these caps on connections not yet authenticated. */
    public ServerOptions withPending(PendingLimits limits) {
        Copy c = new Copy(this);
        c.pending = limits;
        return c.build();
    }

    /** A record's fields to change one of: each {@code with*} copies all and sets its own. */
    private static final class Copy {
        String bindAddress;
        int port;
        int maxMessageBytes;
        int ioThreads;
        long helloTimeoutMillis;
        int spares;
        String kernels;
        long keepaliveMillis;
        PendingLimits pending;

        Copy(ServerOptions o) {
            bindAddress = o.bindAddress;
            port = o.port;
            maxMessageBytes = o.maxMessageBytes;
            ioThreads = o.ioThreads;
            helloTimeoutMillis = o.helloTimeoutMillis;
            spares = o.spares;
            kernels = o.kernels;
            keepaliveMillis = o.keepaliveMillis;
            pending = o.pending;
        }

        ServerOptions build() {
            return new ServerOptions(
                    bindAddress,
                    port,
                    maxMessageBytes,
                    ioThreads,
                    helloTimeoutMillis,
                    spares,
                    kernels,
                    keepaliveMillis,
                    pending);
        }
    }
}
