package io.codedyarn.am.net;

import io.codedyarn.compute.task.Task;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import io.codedyarn.placement.slowdown.WorkerStraggle;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.codedyarn.protocol.v1.WorkerServiceGrpc;
import io.grpc.Attributes;
import io.grpc.Grpc;
import io.grpc.Server;
import io.grpc.ServerTransportFilter;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;

/**
 * The AM's end of the worker protocol ({@code worker.proto}): a gRPC server with one bidirectional
 * stream per worker, exposed to the coordinator as a {@link WorkerPort} plus {@link
 * CoordinatorEvent}s posted to an {@link EventQueue}.
 *
 * <p>Every stream is mutual TLS with the AM's per-application {@link AmIdentity}, on the one
 * address {@link ServerOptions#bindAddress()} names: workers trust the AM's certificate by
 * fingerprint, and the AM asks every client for the application's worker certificate, whose key
 * only the workers' container credentials carry. A peer without it fails the handshake, so it never
 * opens a stream, sends a message gRPC would buffer, or holds a Hello-timeout slot: what an
 * unauthenticated peer costs the AM is one socket and one TLS engine while its handshake lasts
 * ({@link #authenticatedConnections()}, {@link #streamsOpened()}), and {@link PendingConnections}
 * caps those sockets per address and in all, their bytes and their time ({@link
 * ServerOptions#pending()}). A stream counts as worker w's only after its Hello passes: protocol
 * version {@value ProtocolCodec#VERSION}, 0 ≤ w &lt; workers, the application secret (constant-time
 * compare) and no other live stream for w. A failing Hello is answered with a gRPC status naming
 * the problem and posts no event (an unauthenticated peer must not be able to fail a worker); so is
 * a stream with no Hello within {@link ServerOptions#helloTimeoutMillis()} (DEADLINE_EXCEEDED).
 * From then on: Ready → {@code WorkerReady}; a valid Result → {@code ResultArrived}; Failure, a
 * protocol error, a broken or closed stream → {@code WorkerFailed} naming the cause, once per
 * stream.
 *
 * <p>Threading: gRPC delivers each stream's messages in order on its executor; {@link #send} runs
 * on the coordinator's thread. Writes to one stream are serialised on its {@link Connection}
 * (StreamObserver is not thread-safe). {@link #send} encodes and queues the message in gRPC's
 * transport and returns: it never waits for the worker.
 *
 * <p>Its parts: {@link Connection} (one stream: its Hello, its message checks, its writes), {@link
 * WorkerStreams} (which stream is each worker's, and its replacement's), {@link Spares} (the warm
 * spares' streams), {@link CoordinatorMessages} (what the AM sends, encoded) and {@link
 * CloseStatus} (the real status a stream closed with).
 */
public final class GrpcWorkerServer implements WorkerPort, AutoCloseable {
    private final int workers;
    private final byte[] secret;
    private final BiFunction<Integer, String, WorkerSetup> setups;
    private final EventQueue events;
    private final ServerOptions opts;

    /** Per worker: its current stream, its replacement's, whether one is expected. */
    private final WorkerStreams streams;

    private final Spares spares;
    private final CoordinatorMessages messages;
    private final Server server;
    private final EventLoops loop;
    private volatile boolean closing;
    private final AtomicLong authenticated = new AtomicLong();
    private final AtomicLong streamsOpened = new AtomicLong();
    private final PendingConnections pending;

    /** Name prefix of the server's event-loop threads. */
    public static final String IO_THREAD_PREFIX = "am-worker-io";

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
        this.streams = new WorkerStreams(workers);
        this.spares = new Spares(workers, opts.spares());
        this.messages = new CoordinatorMessages(opts.maxMessageBytes());
        // The server's own event loop (not gRPC's shared default, which in-process clients also
        // use): sized by ioThreads, its threads named so their CPU time can be told apart.
        this.loop = EventLoops.create(opts.ioThreads(), IO_THREAD_PREFIX);
        this.pending = new PendingConnections(opts.pending().atLeast(workers + opts.spares()));
        this.server =
                NettyServerBuilder.forAddress(
                                new InetSocketAddress(opts.bindAddress(), opts.port()),
                                identity.serverCredentials())
                        .bossEventLoopGroup(loop.group())
                        .workerEventLoopGroup(loop.group())
                        .channelFactory(pending.channelFactory(loop.serverChannel()))
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
                        .addStreamTracerFactory(new CloseStatus())
                        .addTransportFilter(
                                new ServerTransportFilter() {
                                    // called once TLS (the client's certificate included) and
                                    // HTTP/2 are set up: an unauthenticated peer never gets here
                                    @Override
                                    public Attributes transportReady(Attributes attributes) {
                                        authenticated.incrementAndGet();
                                        pending.authenticated(
                                                attributes.get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
                                        return attributes;
                                    }
                                })
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

    /** Connections that completed the mutual TLS handshake so far (all, closed ones included). */
    public long authenticatedConnections() {
        return authenticated.get();
    }

    /** The caps on connections not yet authenticated, and what they refused. */
    PendingConnections pendingConnections() {
        return pending;
    }

    /** Worker streams opened so far (each one an authenticated connection's). */
    public long streamsOpened() {
        return streamsOpened.get();
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
        Connection c = streams.current(worker);
        if (c == null) {
            return;
        }
        CoordinatorMessages.EncodedTask e = messages.task(worker, task);
        // every kernel answers [value, gradient] (1 + |x|), ‖X‖² one number
        int length = task.kind() == Task.Kind.SQUARED_NORM ? 1 : 1 + task.x().length;
        c.sendTask(e.message(), task.round(), task.units().size(), length, e.finite());
    }

    /**
     * Accepts a second Hello for {@code worker} (its replacement) while the current stream lives:
     * the replacement is welcomed and says Ready (a {@code WorkerReady} event), but gets tasks only
     * after {@link #promote}. If it fails first, a {@code ReplacementFailed} is posted instead of a
     * {@code WorkerFailed}.
     */
    @Override
    public boolean replace(int worker, Set<String> avoid) {
        streams.expectReplacement(worker);
        return true;
    }

    /**
     * Routes {@code worker}'s tasks to its replacement and stops the old stream ({@code Stop}
     * "replaced"), without a {@code WorkerFailed}: the coordinator asked for it.
     */
    @Override
    public void promote(int worker) {
        streams.promote(worker);
    }

    /**
     * Gives up on {@code worker}'s current stream, which stays open but answers nothing: it is told
     * to stop and closed, without a {@code WorkerFailed} (the coordinator counted the failure
     * already); the worker's replacement is then welcomed as its current stream.
     */
    @Override
    public void abandon(int worker, String why) {
        streams.abandon(worker, why);
    }

    /**
     * Tells {@code worker}'s current stream to read partitions {@code add} (index → URI) and then
     * hold exactly {@code add ∪ retain}; its Loaded answer becomes a {@link
     * CoordinatorEvent.PartitionsLoaded}. Returns false when the worker has no stream (it is gone;
     * its replacement's Welcome names what it must hold).
     */
    public boolean load(int worker, Map<Integer, String> add, int[] retain) {
        Connection c = streams.current(worker);
        if (c == null) {
            return false;
        }
        c.sendLoad(
                CoordinatorMessage.newBuilder()
                        .setLoad(CoordinatorMessages.load(add, retain))
                        .build());
        return true;
    }

    /** Sends Stop to every connected worker and shuts the server down (waits at most 5 s). */
    @Override
    public void close() {
        close("the application master is shutting down");
    }

    public void close(String reason) {
        closing = true;
        streams.stopAll(reason);
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
        public StreamObserver<WorkerMessage> work(StreamObserver<CoordinatorMessage> out) {
            streamsOpened.incrementAndGet();
            Connection c =
                    new Connection(
                            GrpcWorkerServer.this,
                            (ServerCallStreamObserver<CoordinatorMessage>) out);
            scheduleHelloTimeout(c);
            return c;
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
        return streams.claim(w, c);
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
        if (w < 0 || spares.release(id, c) != w || !streams.adoptAsStandby(w, c)) {
            return -1;
        }
        events.post(new CoordinatorEvent.WorkerReady(w, host, loadNanos, true));
        return w;
    }

    /**
     * Reserves a ready, unassigned spare on a node outside {@code avoid} for {@code worker}'s
     * replacement: its id, or empty.
     */
    public OptionalInt takeSpare(Set<String> avoid, int worker) {
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
    public boolean assignSpare(int id, Map<Integer, String> uris, WorkerStraggle straggle) {
        Connection c = spares.stream(id);
        int w = spares.assignedTo(id);
        if (c == null || w < 0) {
            return false;
        }
        var load = CoordinatorMessages.load(uris, new int[0]).toBuilder().setWorker(w);
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
        return streams.release(w, c);
    }
}
