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
 */
public record ServerOptions(String bindAddress, int port, int maxMessageBytes) {
    public ServerOptions {
        if (port < 0 || port > 65535 || maxMessageBytes < 1024) {
            throw new IllegalArgumentException(
                    "need 0 <= port <= 65535 and maxMessageBytes >= 1024, got "
                            + port
                            + "/"
                            + maxMessageBytes);
        }
    }

    /** 0.0.0.0, an ephemeral port, {@link ProtocolCodec#DEFAULT_MAX_MESSAGE_BYTES}. */
    public static ServerOptions defaults() {
        return new ServerOptions("0.0.0.0", 0, ProtocolCodec.DEFAULT_MAX_MESSAGE_BYTES);
    }

    public ServerOptions withBindAddress(String address) {
        return new ServerOptions(address, port, maxMessageBytes);
    }

    public ServerOptions withPort(int p) {
        return new ServerOptions(bindAddress, p, maxMessageBytes);
    }

    public ServerOptions withMaxMessageBytes(int bytes) {
        return new ServerOptions(bindAddress, port, bytes);
    }
}
