package io.codedyarn.am.net;

import io.codedyarn.compute.task.Task;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Stop;
import io.codedyarn.protocol.v1.Vector;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.codedyarn.protocol.v1.WorkerServiceGrpc;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BiFunction;

/**
 * The AM's end of the worker protocol ({@code worker.proto}): a gRPC server with one bidirectional
 * stream per worker, exposed to the coordinator as a {@link WorkerPort} plus {@link
 * io.codedyarn.coordinator.cluster.CoordinatorEvent}s posted to an {@link EventQueue}.
 *
 * <p>Every stream is TLS with the AM's per-application {@link AmIdentity} (workers trust its
 * certificate by fingerprint), on the one address {@link ServerOptions#bindAddress()} names. A
 * stream counts as worker w's only after its Hello passes: protocol version {@value
 * ProtocolCodec#VERSION}, 0 ≤ w &lt; workers, the application secret (constant-time compare) and no
 * other live stream for w. A failing Hello is answered with a gRPC status naming the problem and
 * posts no event (an unauthenticated peer must not be able to fail a worker); so is a stream with
 * no Hello within {@link ServerOptions#helloTimeoutMillis()} (DEADLINE_EXCEEDED). From then on:
 * Ready → {@code WorkerReady}; a valid Result → {@code ResultArrived}; Failure, a protocol error, a
 * broken or closed stream → {@code WorkerFailed} naming the cause, once per stream.
 *
 * <p>Threading: gRPC delivers each stream's messages in order on its executor; {@link #send} runs
 * on the coordinator's thread. Writes to one stream are serialised on its {@link Connection}
 * (StreamObserver is not thread-safe). {@link #send} encodes and queues the message in gRPC's
 * transport and returns: it never waits for the worker.
 */
public final class GrpcWorkerServer implements WorkerPort, AutoCloseable {
    private final int workers;
    private final byte[] secret;
    private final BiFunction<Integer, String, WorkerSetup> setups;
    private final EventQueue events;
    private final ServerOptions opts;
    private final AtomicReferenceArray<Connection> connections;

    /** Per worker: its replacement's stream, connected and welcomed but not yet routed to. */
    private final AtomicReferenceArray<Connection> standby;

    /** Per worker: 1 while a replacement is expected (a second Hello for the id is accepted). */
    private final AtomicIntegerArray expecting;

    private final Spares spares;
    private final Server server;
    private final EventLoops loop;
    private volatile boolean closing;

    /** Name prefix of the server's event-loop threads. */
    public static final String IO_THREAD_PREFIX = "am-worker-io";

    /** The iterate's encoding, shared by the sends of one broadcast (same array, same round). */
    private volatile EncodedX lastX;

    /** One broadcast's x, encoded once; {@code finite}: no NaN or ±∞ in it. */
    private record EncodedX(double[] x, long round, Vector vector, boolean finite) {}

    /**
     * @param secret the per-application secret every Hello must carry
     * @param identity the AM's TLS key and certificate: every stream is TLS (workers pin the
     *     certificate); a plaintext peer fails the handshake and never reaches the service
     * @param setups (worker id, the host its Hello names) → what its Welcome says (called once per
     *     accepted Hello)
     */
    public GrpcWorkerServer(
            int workers,
            byte[] secret,
            AmIdentity identity,
            BiFunction<Integer, String, WorkerSetup> setups,
            EventQueue events,
            ServerOptions opts) {
        if (workers < 1 || secret.length == 0) {
            throw new IllegalArgumentException(
                    "need workers >= 1 and a non-empty secret, got " + workers + " workers");
        }
        this.workers = workers;
        this.secret = secret.clone();
        this.setups = setups;
        this.events = events;
        this.opts = opts;
        this.connections = new AtomicReferenceArray<>(workers);
        this.standby = new AtomicReferenceArray<>(workers);
        this.expecting = new AtomicIntegerArray(workers);
        this.spares = new Spares(workers, opts.spares());
        // The server's own event loop (not gRPC's shared default, which in-process clients also
        // use): sized by ioThreads, its threads named so their CPU time can be told apart.
        this.loop = EventLoops.create(opts.ioThreads(), IO_THREAD_PREFIX);
        this.server =
                NettyServerBuilder.forAddress(
                                new InetSocketAddress(opts.bindAddress(), opts.port()),
                                identity.serverCredentials())
                        .bossEventLoopGroup(loop.group())
                        .workerEventLoopGroup(loop.group())
                        .channelType(loop.serverChannel())
                        .maxInboundMessageSize(opts.maxMessageBytes())
                        // a worker whose host is frozen or cut off answers no ping: its stream
                        // ends (a WorkerFailed) even while it has no task; workers ping every
                        // ProtocolCodec.WORKER_KEEPALIVE_MILLIS, which must be allowed
                        .keepAliveTime(opts.keepaliveMillis(), TimeUnit.MILLISECONDS)
                        .keepAliveTimeout(2 * opts.keepaliveMillis(), TimeUnit.MILLISECONDS)
                        .permitKeepAliveTime(
                                ProtocolCodec.WORKER_KEEPALIVE_MILLIS / 2, TimeUnit.MILLISECONDS)
                        .permitKeepAliveWithoutCalls(true)
                        // callbacks only post events and take short locks: run them on the
                        // transport's threads instead of handing each message to a pool thread
                        .directExecutor()
                        .addService(new Service())
                        .addStreamTracerFactory(new CloseStatusTracer())
                        .build();
    }

    /**
     * Cuts {@code c} off unless its Hello has been accepted within the timeout ({@link
     * ServerOptions#helloTimeoutMillis()}); runs on the server's event loop, which outlives every
     * stream.
     */
    private void scheduleHelloTimeout(Connection c) {
        long ms = opts.helloTimeoutMillis();
        loop.group().schedule(() -> c.helloTimedOut(ms), ms, TimeUnit.MILLISECONDS);
    }

    /** Binds and starts listening; returns this. */
    public GrpcWorkerServer start() throws IOException {
        server.start();
        return this;
    }

    /** The bound address and port (after {@link #start()}). */
    public InetSocketAddress address() {
        return (InetSocketAddress) server.getListenSockets().get(0);
    }

    /** The bound port (after {@link #start()}). */
    public int port() {
        return server.getPort();
    }

    @Override
    public int workers() {
        return workers;
    }

    /**
     * Queues {@code task} on worker {@code worker}'s stream. A worker with no live stream (not yet
     * connected, or gone: its {@code WorkerFailed} is already posted) is skipped.
     *
     * @throws IllegalArgumentException when the encoded task exceeds the message limit
     */
    @Override
    public void send(int worker, Task task) {
        if (worker < 0 || worker >= workers) {
            throw new IllegalArgumentException(
                    "worker " + worker + " out of range 0.." + (workers - 1));
        }
        Connection c = connections.get(worker);
        if (c == null) {
            return;
        }
        EncodedX e = lastX;
        if (e == null || e.x() != task.x() || e.round() != task.round()) {
            e =
                    new EncodedX(
                            task.x(),
                            task.round(),
                            ProtocolCodec.vector(task.x()),
                            java.util.Arrays.stream(task.x()).allMatch(Double::isFinite));
            lastX = e;
        }
        CoordinatorMessage m =
                CoordinatorMessage.newBuilder()
                        .setTask(ProtocolCodec.task(task, e.vector()))
                        .build();
        int size = m.getSerializedSize();
        if (size > opts.maxMessageBytes()) {
            throw new IllegalArgumentException(
                    "task of round "
                            + task.round()
                            + " for worker "
                            + worker
                            + " is "
                            + size
                            + " bytes, over the message limit of "
                            + opts.maxMessageBytes()
                            + " bytes");
        }
        // every kernel answers [value, gradient] (1 + |x|), ‖X‖² one number
        int length = task.kind() == Task.Kind.SQUARED_NORM ? 1 : 1 + task.x().length;
        c.sendTask(m, task.round(), task.units().size(), length, e.finite());
    }

    /**
     * Accepts a second Hello for {@code worker} (its replacement) while the current stream lives:
     * the replacement is welcomed and says Ready (a {@code WorkerReady} event), but gets tasks only
     * after {@link #promote}. If it fails first, a {@code ReplacementFailed} is posted instead of a
     * {@code WorkerFailed}.
     */
    @Override
    public boolean replace(int worker, java.util.Set<String> avoid) {
        expecting.set(worker, 1);
        return true;
    }

    /**
     * Routes {@code worker}'s tasks to its replacement and stops the old stream ({@code Stop}
     * "replaced"), without a {@code WorkerFailed}: the coordinator asked for it.
     */
    @Override
    public void promote(int worker) {
        expecting.set(worker, 0);
        Connection s = standby.getAndSet(worker, null);
        if (s == null) {
            return; // the replacement connected after the old stream had gone: already routed
        }
        Connection old = connections.getAndSet(worker, s);
        s.promoted();
        if (old != null) {
            old.retire("replaced by a new container");
        }
    }

    /**
     * Gives up on {@code worker}'s current stream, which stays open but answers nothing: it is told
     * to stop and closed, without a {@code WorkerFailed} (the coordinator counted the failure
     * already); the worker's replacement is then welcomed as its current stream.
     */
    @Override
    public void abandon(int worker, String why) {
        Connection old = connections.getAndSet(worker, null);
        if (old != null) {
            old.retire("the application master gave up on it: " + why);
        }
    }

    /**
     * Tells {@code worker}'s current stream to read partitions {@code add} (index → URI) and then
     * hold exactly {@code add ∪ retain}; its Loaded answer becomes a {@link
     * io.codedyarn.coordinator.cluster.CoordinatorEvent.PartitionsLoaded}. Returns false when the
     * worker has no stream (it is gone; its replacement's Welcome names what it must hold).
     */
    public boolean load(int worker, java.util.Map<Integer, String> add, int[] retain) {
        Connection c = connections.get(worker);
        if (c == null) {
            return false;
        }
        c.sendLoad(CoordinatorMessage.newBuilder().setLoad(load(add, retain)).build());
        return true;
    }

    private static io.codedyarn.protocol.v1.Load load(
            java.util.Map<Integer, String> add, int[] retain) {
        io.codedyarn.protocol.v1.Load.Builder b = io.codedyarn.protocol.v1.Load.newBuilder();
        new java.util.TreeMap<>(add)
                .forEach(
                        (j, uri) ->
                                b.addAdd(
                                        io.codedyarn.protocol.v1.Partition.newBuilder()
                                                .setIndex(j)
                                                .setUri(uri)));
        for (int j : retain) {
            b.addRetain(j);
        }
        return b.build();
    }

    /** Sends Stop to every connected worker and shuts the server down (waits at most 5 s). */
    @Override
    public void close() {
        close("the application master is shutting down");
    }

    public void close(String reason) {
        closing = true;
        for (int w = 0; w < workers; w++) {
            Connection c = connections.get(w);
            if (c != null) {
                c.stop(reason);
            }
            Connection s = standby.get(w);
            if (s != null) {
                s.stop(reason);
            }
        }
        for (Connection c : spares.all()) {
            c.stop(reason);
        }
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            loop.shutdown();
        }
    }

    // ---- gRPC service ----

    private final class Service extends WorkerServiceGrpc.WorkerServiceImplBase {
        @Override
        public StreamObserver<WorkerMessage> work(
                StreamObserver<io.codedyarn.protocol.v1.CoordinatorMessage> out) {
            Connection c =
                    new Connection(
                            GrpcWorkerServer.this,
                            (ServerCallStreamObserver<CoordinatorMessage>) out);
            scheduleHelloTimeout(c);
            return c;
        }
    }

    /**
     * The status a stream was really closed with. gRPC's stub layer reports every server-side abort
     * (an oversized inbound message included) to the observer as "CANCELLED: client cancelled"; the
     * stream tracer sees the real status first and leaves it in the call's context for {@link
     * Connection} to name.
     */
    static final Context.Key<AtomicReference<Status>> CLOSE_STATUS =
            Context.key("coded-yarn-close-status");

    private static final class CloseStatusTracer extends ServerStreamTracer.Factory {
        @Override
        public ServerStreamTracer newServerStreamTracer(String method, Metadata headers) {
            AtomicReference<Status> closed = new AtomicReference<>();
            return new ServerStreamTracer() {
                @Override
                public Context filterContext(Context context) {
                    return context.withValue(CLOSE_STATUS, closed);
                }

                @Override
                public void streamClosed(Status status) {
                    closed.set(status);
                }
            };
        }
    }

    // ---- what Connection needs from the server ----

    int workerCount() {
        return workers;
    }

    byte[] secret() {
        return secret;
    }

    /** The kernels every worker must run ({@link ServerOptions#kernels}); empty: unchecked. */
    String expectedKernels() {
        return opts.kernels();
    }

    WorkerSetup setup(int worker, String host) {
        return setups.apply(worker, host);
    }

    EventQueue events() {
        return events;
    }

    boolean closing() {
        return closing;
    }

    /** How {@link #claim} registered a stream. */
    enum Claim {
        REFUSED,
        CURRENT,
        STANDBY,
        SPARE
    }

    /**
     * Registers {@code c} as worker {@code w}'s stream, or as its replacement's when one is
     * expected and the current stream lives, or as a spare's (ids from {@link #workers()} on);
     * refused if taken.
     */
    Claim claim(int w, Connection c, String host) {
        if (spares.isSpare(w)) {
            return spares.claim(w, c, host) ? Claim.SPARE : Claim.REFUSED;
        }
        if (connections.compareAndSet(w, null, c)) {
            return Claim.CURRENT;
        }
        if (expecting.get(w) == 1 && standby.compareAndSet(w, null, c)) {
            return Claim.STANDBY;
        }
        return Claim.REFUSED;
    }

    int spareCount() {
        return spares.count();
    }

    void spareReady(int id) {
        spares.ready(id);
    }

    /** A spare's stream ended; the worker it was loading for, or −1. */
    int spareEnded(int id, Connection c) {
        return spares.release(id, c);
    }

    /**
     * A spare has loaded the partitions of the worker it was assigned to: its stream becomes that
     * worker's replacement-in-waiting (as a second Hello would), announced with a WorkerReady.
     * Returns the worker, or −1 when it was assigned to none.
     */
    int adoptSpare(Connection c, int id, String host, long loadNanos) {
        int w = spares.assignedTo(id);
        if (w < 0 || spares.release(id, c) != w || !standby.compareAndSet(w, null, c)) {
            return -1;
        }
        expecting.set(w, 1);
        events.post(
                new io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerReady(
                        w, host, loadNanos, true));
        return w;
    }

    /**
     * Reserves a ready, unassigned spare on a node outside {@code avoid} for {@code worker}'s
     * replacement: its id, or empty.
     */
    public java.util.OptionalInt takeSpare(java.util.Set<String> avoid, int worker) {
        return spares.take(avoid, worker);
    }

    /** The node a spare's Hello named. */
    public String spareHost(int id) {
        return spares.host(id);
    }

    /**
     * Sends the reserved spare {@code id} the worker's partitions ({@code uris}) and the slowness
     * it must inject as that worker ({@code --straggle} resolved for the worker on the spare's
     * node, so slowness bound to a worker id follows the id, as for a new container); its Loaded
     * makes it the worker's replacement. False when the spare's stream is gone (its end already
     * posted the replacement's failure).
     */
    public boolean assignSpare(
            int id,
            java.util.Map<Integer, String> uris,
            io.codedyarn.placement.slowdown.WorkerStraggle straggle) {
        Connection c = spares.stream(id);
        int w = spares.assignedTo(id);
        if (c == null || w < 0) {
            return false;
        }
        var load = load(uris, new int[0]).toBuilder().setWorker(w);
        if (!straggle.isNone()) { // the slowness worker w injects, on the spare's node
            load.setStraggle(ProtocolCodec.straggle(straggle));
        }
        c.sendLoad(CoordinatorMessage.newBuilder().setLoad(load).build());
        return true;
    }

    /** Unregisters {@code c}; whether it was the worker's replacement-in-waiting. */
    boolean release(int w, Connection c) {
        if (spares.isSpare(w)) {
            spares.release(w, c);
            return false;
        }
        if (standby.compareAndSet(w, c, null)) {
            return true;
        }
        connections.compareAndSet(w, c, null);
        return false;
    }

    static CoordinatorMessage stop(String reason) {
        return CoordinatorMessage.newBuilder().setStop(Stop.newBuilder().setReason(reason)).build();
    }
}
