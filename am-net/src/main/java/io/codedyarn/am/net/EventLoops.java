package io.codedyarn.am.net;

import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.ServerChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * A Netty event-loop group of its own for one gRPC server: epoll where gRPC's shaded native
 * transport loads (Linux), NIO elsewhere. Daemon threads named {@code prefix + N}.
 */
public record EventLoops(EventLoopGroup group, Class<? extends ServerChannel> serverChannel) {
    public static EventLoops create(int threads, String prefix) {
        DefaultThreadFactory factory = new DefaultThreadFactory(prefix, true);
        if (Epoll.isAvailable()) {
            return new EventLoops(
                    new EpollEventLoopGroup(threads, factory), EpollServerSocketChannel.class);
        }
        return new EventLoops(
                new NioEventLoopGroup(threads, factory), NioServerSocketChannel.class);
    }

    /** Stops the loop (after the server's shutdown); waits at most a few seconds. */
    public void shutdown() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
