package io.codedyarn.am.net;

import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.channel.Channel;
import io.grpc.netty.shaded.io.netty.channel.ChannelFactory;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelInboundHandlerAdapter;
import io.grpc.netty.shaded.io.netty.channel.ReflectiveChannelFactory;
import io.grpc.netty.shaded.io.netty.channel.ServerChannel;
import io.grpc.netty.shaded.io.netty.util.ReferenceCountUtil;
import io.grpc.netty.shaded.io.netty.util.concurrent.ScheduledFuture;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Enforces {@link PendingLimits} on the endpoint's listening socket: every accepted connection is
 * counted as pending (per remote address and in all) until gRPC reports its transport ready, which
 * happens only after the mutual TLS handshake; a connection over either count is closed as it is
 * accepted, and a pending one is closed when it sends more than its bytes or outlives the handshake
 * timeout. So a peer that opens many sockets and trickles bytes holds at most the caps' sockets and
 * bytes, and for at most the timeout.
 *
 * <p>Why at the socket: gRPC's builder has no hook before its TLS handler, and the handler buffers
 * a whole TLS record (up to about 16 KB) per connection; the one hook that sees every accepted
 * socket first is the listening channel's own pipeline, which {@link #channelFactory} reaches by
 * creating that channel. Each accepted socket then gets a {@link Guard} ahead of gRPC's handlers,
 * removed once the connection is authenticated, so streams pay nothing afterwards.
 *
 * <p>Threading: the counts are taken under this object's lock from the event-loop threads (accept,
 * close) and from gRPC's transport filter (authenticated).
 */
final class PendingConnections {
    private static final org.slf4j.Logger LOG =
            org.slf4j.LoggerFactory.getLogger(PendingConnections.class);

    private final PendingLimits limits;
    private final Map<InetAddress, Integer> perAddress = new HashMap<>();
    private final Map<SocketAddress, Guard> pending = new HashMap<>();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong cutOff = new AtomicLong();

    PendingConnections(PendingLimits limits) {
        this.limits = limits;
    }

    /** Creates listening channels of {@code type} that count what they accept. */
    ChannelFactory<ServerChannel> channelFactory(Class<? extends ServerChannel> type) {
        ReflectiveChannelFactory<? extends ServerChannel> plain =
                new ReflectiveChannelFactory<>(type);
        return () -> {
            ServerChannel listening = plain.newChannel();
            // before the bootstrap's acceptor, which the bootstrap adds after creating the channel
            listening.pipeline().addLast("coded-yarn-pending-limits", new Acceptor());
            return listening;
        };
    }

    /** Connections refused at accept (over a count) so far. */
    long refused() {
        return refused.get();
    }

    /** Pending connections closed for their bytes or the handshake timeout so far. */
    long cutOff() {
        return cutOff.get();
    }

    /** Pending connections now. */
    synchronized int pending() {
        return pending.size();
    }

    /**
     * The connection from {@code remote} is authenticated (gRPC's transport is ready): no longer
     * pending, and its guard leaves the pipeline.
     */
    void authenticated(SocketAddress remote) {
        Guard g;
        synchronized (this) {
            g = pending.get(remote);
            if (g == null) {
                return;
            }
            release(g);
        }
        g.passed();
    }

    /** Counts {@code child} in, or says why it is refused (null: admitted). */
    private synchronized String admit(Channel child, Guard guard) {
        InetAddress host = address(child.remoteAddress());
        int fromHost = perAddress.getOrDefault(host, 0);
        if (fromHost >= limits.perAddress()) {
            return fromHost + " connections from " + host + " are already pending";
        }
        if (pending.size() >= limits.total()) {
            return pending.size() + " connections are already pending";
        }
        perAddress.put(host, fromHost + 1);
        pending.put(child.remoteAddress(), guard);
        return null;
    }

    private synchronized void release(Guard g) {
        if (pending.remove(g.remote, g)) {
            perAddress.computeIfPresent(address(g.remote), (h, n) -> n == 1 ? null : n - 1);
        }
    }

    private static InetAddress address(SocketAddress a) {
        return a instanceof InetSocketAddress i ? i.getAddress() : null;
    }

    /** On the listening channel: sees each accepted socket before gRPC's bootstrap does. */
    private final class Acceptor extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Channel child = (Channel) msg;
            Guard guard = new Guard(child.remoteAddress());
            String over = admit(child, guard);
            if (over != null) {
                long n = refused.incrementAndGet();
                // a flood would flood the log too: the first refusal, then every power of two
                if (Long.bitCount(n) == 1) {
                    LOG.warn(
                            "worker endpoint: closed a connection from {} before its TLS"
                                    + " handshake: {} (at most {} per address, {} in all;"
                                    + " {} refused so far)",
                            child.remoteAddress(),
                            over,
                            limits.perAddress(),
                            limits.total(),
                            n);
                }
                // not registered yet: nothing was read from it, nothing to tell it
                child.unsafe().closeForcibly();
                return;
            }
            child.closeFuture().addListener(f -> release(guard));
            child.pipeline().addFirst(guard);
            ctx.fireChannelRead(child);
        }
    }

    /** Ahead of gRPC's handlers on one pending connection: its bytes and its deadline. */
    private final class Guard extends ChannelInboundHandlerAdapter {
        private final SocketAddress remote;
        private long bytes;
        private ChannelHandlerContext ctx;
        private ScheduledFuture<?> deadline;

        /**
         * Set on the connection's own thread when gRPC reports it authenticated, before the guard
         * leaves: a deadline or a read already queued behind that report must not cut it.
         */
        private volatile boolean passed;

        Guard(SocketAddress remote) {
            this.remote = remote;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext c) {
            ctx = c;
            long ms = limits.handshakeTimeoutMillis();
            deadline =
                    c.executor()
                            .schedule(
                                    () ->
                                            cut(
                                                    "did not complete the TLS handshake within "
                                                            + ms
                                                            + " ms"),
                                    ms,
                                    TimeUnit.MILLISECONDS);
        }

        @Override
        public void channelRead(ChannelHandlerContext c, Object msg) {
            if (!passed && msg instanceof ByteBuf b) {
                bytes += b.readableBytes();
                if (bytes > limits.bytes()) {
                    ReferenceCountUtil.release(msg);
                    cut("sent " + bytes + " bytes before completing the TLS handshake");
                    return;
                }
            }
            c.fireChannelRead(msg);
        }

        private void cut(String why) {
            if (passed || !ctx.channel().isOpen() || ctx.isRemoved()) {
                return;
            }
            cutOff.incrementAndGet();
            LOG.warn(
                    "worker endpoint: closed the connection from {}: it {} (at most {} bytes"
                            + " and {} ms before a worker is authenticated)",
                    remote,
                    why,
                    limits.bytes(),
                    limits.handshakeTimeoutMillis());
            ctx.close();
        }

        /** Authenticated: the deadline and the guard go, on the connection's own thread. */
        void passed() {
            passed = true;
            ctx.executor()
                    .execute(
                            () -> {
                                deadline.cancel(false);
                                if (!ctx.isRemoved()) {
                                    ctx.pipeline().remove(this);
                                }
                            });
        }
    }
}
