package io.codedyarn.bench;

import com.google.protobuf.ByteString;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.WorkerKeys;
import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Hello;
import io.codedyarn.protocol.v1.Ready;
import io.codedyarn.protocol.v1.Result;
import io.codedyarn.protocol.v1.Task;
import io.codedyarn.protocol.v1.TaskKind;
import io.codedyarn.protocol.v1.Vector;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.codedyarn.protocol.v1.WorkerServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A worker that computes nothing: speaks the real protocol over a real gRPC channel and answers
 * every task at once with a constant vector of the right length (all ones: loss 1, gradient 1,
 * never converging), so what remains of an iteration is the coordination: broadcast, transport,
 * decode, update. Answers on gRPC's callback thread (the only writer of its stream).
 */
final class ZeroCostWorker implements StreamObserver<CoordinatorMessage>, AutoCloseable {
    private final ManagedChannel channel;
    private final StreamObserver<WorkerMessage> out;
    private final CompletableFuture<String> done = new CompletableFuture<>();
    private Vector answer;

    ZeroCostWorker(
            int port,
            int worker,
            byte[] secret,
            WorkerKeys keys,
            int maxMessageBytes,
            EventLoopGroup loop) {
        channel =
                NettyChannelBuilder.forAddress("127.0.0.1", port, keys.channelCredentials())
                        .eventLoopGroup(loop)
                        .channelType(
                                loop instanceof EpollEventLoopGroup
                                        ? EpollSocketChannel.class
                                        : NioSocketChannel.class)
                        .maxInboundMessageSize(maxMessageBytes)
                        .directExecutor()
                        .build();
        out = WorkerServiceGrpc.newStub(channel).work(this);
        out.onNext(
                WorkerMessage.newBuilder()
                        .setHello(
                                Hello.newBuilder()
                                        .setProtocolVersion(ProtocolCodec.VERSION)
                                        .setWorker(worker)
                                        .setSecret(ByteString.copyFrom(secret))
                                        .setHost("loopback"))
                        .build());
    }

    @Override
    public void onNext(CoordinatorMessage m) {
        switch (m.getKindCase()) {
            case WELCOME ->
                    out.onNext(WorkerMessage.newBuilder().setReady(Ready.newBuilder()).build());
            case TASK -> answer(m.getTask());
            case STOP -> {
                out.onCompleted();
                done.complete(m.getStop().getReason());
            }
            default -> done.completeExceptionally(new IllegalStateException("unexpected " + m));
        }
    }

    private void answer(Task t) {
        int length =
                t.getKind() == TaskKind.TASK_KIND_SQUARED_NORM
                        ? 1
                        : 1 + t.getX().getLeDoubles().size() / Double.BYTES;
        if (answer == null || answer.getLeDoubles().size() != length * Double.BYTES) {
            double[] v = new double[length];
            // a non-zero gradient: GD stops early on a zero one
            java.util.Arrays.fill(v, 1.0);
            answer = ProtocolCodec.vector(v);
        }
        Result.Builder r = Result.newBuilder().setRound(t.getRound());
        for (int u = 0; u < t.getUnitsCount(); u++) {
            r.addValues(answer);
        }
        out.onNext(WorkerMessage.newBuilder().setResult(r).build());
    }

    @Override
    public void onError(Throwable t) {
        done.completeExceptionally(t);
    }

    @Override
    public void onCompleted() {
        done.complete("");
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdown();
        if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
            channel.shutdownNow();
        }
    }
}
