package io.codedyarn.am.net;

import io.codedyarn.worker.net.ProtocolCodec;

/**
 * Where the AM's worker endpoint listens and how large one message may be.
 *
 * @param bindAddress address to bind ("0.0.0.0": every interface; containers connect from other
 *     nodes)
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
 */
public record ServerOptions(
        String bindAddress,
        int port,
        int maxMessageBytes,
        int ioThreads,
        long helloTimeoutMillis,
        int spares) {
    /** Default Hello timeout: a worker sends Hello right after connecting; 30 s is generous. */
    public static final long DEFAULT_HELLO_TIMEOUT_MILLIS = 30_000;

    /** Default event-loop threads: one serves 64 loopback streams in well under a millisecond. */
    public static final int DEFAULT_IO_THREADS = 1;

    public ServerOptions {
        if (port < 0
                || port > 65535
                || maxMessageBytes < 1024
                || ioThreads < 1
                || helloTimeoutMillis < 1
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
     * 0.0.0.0, an ephemeral port, {@link ProtocolCodec#DEFAULT_MAX_MESSAGE_BYTES}, one thread, a 30
     * s Hello timeout.
     */
    public static ServerOptions defaults() {
        return new ServerOptions(
                "0.0.0.0",
                0,
                ProtocolCodec.DEFAULT_MAX_MESSAGE_BYTES,
                DEFAULT_IO_THREADS,
                DEFAULT_HELLO_TIMEOUT_MILLIS,
                0);
    }

    public ServerOptions withBindAddress(String address) {
        return new ServerOptions(
                address, port, maxMessageBytes, ioThreads, helloTimeoutMillis, spares);
    }

    public ServerOptions withPort(int p) {
        return new ServerOptions(
                bindAddress, p, maxMessageBytes, ioThreads, helloTimeoutMillis, spares);
    }

    public ServerOptions withMaxMessageBytes(int bytes) {
        return new ServerOptions(bindAddress, port, bytes, ioThreads, helloTimeoutMillis, spares);
    }

    public ServerOptions withIoThreads(int threads) {
        return new ServerOptions(
                bindAddress, port, maxMessageBytes, threads, helloTimeoutMillis, spares);
    }

    public ServerOptions withHelloTimeoutMillis(long millis) {
        return new ServerOptions(bindAddress, port, maxMessageBytes, ioThreads, millis, spares);
    }

    public ServerOptions withSpares(int count) {
        return new ServerOptions(
                bindAddress, port, maxMessageBytes, ioThreads, helloTimeoutMillis, count);
    }
}
