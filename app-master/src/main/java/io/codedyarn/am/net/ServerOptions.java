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
 */
public record ServerOptions(String bindAddress, int port, int maxMessageBytes, int ioThreads) {
    /** Default event-loop threads: one serves 64 loopback streams in well under a millisecond. */
    public static final int DEFAULT_IO_THREADS = 1;

    public ServerOptions {
        if (port < 0 || port > 65535 || maxMessageBytes < 1024 || ioThreads < 1) {
            throw new IllegalArgumentException(
                    "need 0 <= port <= 65535, maxMessageBytes >= 1024 and ioThreads >= 1, got "
                            + port
                            + "/"
                            + maxMessageBytes
                            + "/"
                            + ioThreads);
        }
    }

    /** 0.0.0.0, an ephemeral port, {@link ProtocolCodec#DEFAULT_MAX_MESSAGE_BYTES}, one thread. */
    public static ServerOptions defaults() {
        return new ServerOptions(
                "0.0.0.0", 0, ProtocolCodec.DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_IO_THREADS);
    }

    public ServerOptions withBindAddress(String address) {
        return new ServerOptions(address, port, maxMessageBytes, ioThreads);
    }

    public ServerOptions withPort(int p) {
        return new ServerOptions(bindAddress, p, maxMessageBytes, ioThreads);
    }

    public ServerOptions withMaxMessageBytes(int bytes) {
        return new ServerOptions(bindAddress, port, bytes, ioThreads);
    }

    public ServerOptions withIoThreads(int threads) {
        return new ServerOptions(bindAddress, port, maxMessageBytes, threads);
    }
}
