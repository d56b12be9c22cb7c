package io.codedyarn.am.net;

import com.google.protobuf.ByteString;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Hello;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.codedyarn.protocol.v1.WorkerServiceGrpc;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A hand-driven peer for protocol tests that {@code WorkerClient} would never produce (other
 * versions, bad results): sends what the test says and records what comes back.
 */
final class RawPeer implements StreamObserver<CoordinatorMessage>, AutoCloseable {
    private final ManagedChannel channel;
    final StreamObserver<WorkerMessage> out;
    private final LinkedBlockingQueue<Object> in = new LinkedBlockingQueue<>();

    /** Over TLS, trusting the cluster's AM certificate (as a worker does). */
    RawPeer(TestingCluster c) {
        this(c.server.port(), c.identity.workerKeys().channelCredentials());
    }

    /** With other credentials: plaintext, a pin of another certificate, no worker key. */
    RawPeer(int port, ChannelCredentials credentials) {
        channel = Grpc.newChannelBuilderForAddress("127.0.0.1", port, credentials).build();
        out = WorkerServiceGrpc.newStub(channel).work(this);
    }

    /** A Hello as a peer named "raw" says it. */
    static WorkerMessage hello(int version, int worker, byte[] secret) {
        return WorkerMessage.newBuilder()
                .setHello(
                        Hello.newBuilder()
                                .setProtocolVersion(version)
                                .setWorker(worker)
                                .setSecret(ByteString.copyFrom(secret))
                                .setHost("raw"))
                .build();
    }

    /** The Hello a worker of this build would send. */
    static WorkerMessage hello(int worker, byte[] secret) {
        return hello(ProtocolCodec.VERSION, worker, secret);
    }

    void send(WorkerMessage m) {
        out.onNext(m);
    }

    /** The next message, or the stream's end: a {@link Status} (OK after onCompleted). */
    Object next() throws InterruptedException {
        Object o = in.poll(TestingCluster.EVENT_WAIT_SECONDS, TimeUnit.SECONDS);
        if (o == null) {
            throw new AssertionError("nothing from the server within the wait");
        }
        return o;
    }

    /** The next message or end within {@code millis}, or null. */
    Object poll(long millis) throws InterruptedException {
        return in.poll(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void onNext(CoordinatorMessage m) {
        in.add(m);
    }

    @Override
    public void onError(Throwable t) {
        in.add(Status.fromThrowable(t));
    }

    @Override
    public void onCompleted() {
        in.add(Status.OK);
    }

    @Override
    public void close() {
        channel.shutdownNow();
    }
}
