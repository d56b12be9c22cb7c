package io.codedyarn.am.net;

import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Hello;
import io.codedyarn.protocol.v1.Result;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.security.MessageDigest;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One worker stream on the AM: authenticates the Hello, then turns the worker's messages into
 * coordinator events. Every write to the stream and every state change happens under this object's
 * lock (gRPC's inbound thread, the coordinator's sends and close() all write).
 */
final class Connection implements StreamObserver<WorkerMessage> {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Connection.class);

    private final GrpcWorkerServer server;
    private final ServerCallStreamObserver<CoordinatorMessage> out;

    /** −1 until the Hello is accepted. */
    private int worker = -1;

    private String host = "";

    /** How the server registered this stream: the worker's current one, or its replacement's. */
    private GrpcWorkerServer.Claim claim = GrpcWorkerServer.Claim.REFUSED;

    /** True once the stream is finished from our side (no more writes, no more events). */
    private boolean ended;

    /** What the answer to each recent round sent must look like. */
    private final RoundsSent rounds = new RoundsSent();

    /** Whether the stream said Ready (once, after its Welcome). */
    private boolean ready;

    /** The partitions the worker holds, and will once each Load sent is answered. */
    private final HeldPartitions partitions = new HeldPartitions();

    /** The real close status (see {@link CloseStatus}); null if unknown. */
    private final AtomicReference<Status> closeStatus;

    /** Called on the stream's call context (which carries the close-status holder). */
    Connection(GrpcWorkerServer server, ServerCallStreamObserver<CoordinatorMessage> out) {
        this.server = server;
        this.out = out;
        this.closeStatus = CloseStatus.KEY.get();
    }

    // ---- inbound (gRPC's thread, in order) ----

    @Override
    public synchronized void onNext(WorkerMessage m) {
        if (ended) {
            return;
        }
        if (worker < 0) {
            if (m.getKindCase() != WorkerMessage.KindCase.HELLO) {
                reject(
                        Status.INVALID_ARGUMENT,
                        "the first message must be Hello, got " + m.getKindCase());
            } else {
                hello(m.getHello());
            }
            return;
        }
        switch (m.getKindCase()) {
            case READY -> {
                String problem = checkReady(m.getReady());
                if (problem != null) {
                    fail("protocol error: " + problem, Status.INVALID_ARGUMENT);
                    return;
                }
                ready = true;
                if (claim == GrpcWorkerServer.Claim.SPARE) {
                    server.spareReady(worker);
                } else {
                    server.events()
                            .post(
                                    new CoordinatorEvent.WorkerReady(
                                            worker, host, m.getReady().getLoadNanos()));
                }
            }
            case RESULT -> result(m.getResult());
            case LOADED -> loaded(m.getLoaded());
            case FAILURE -> fail("worker reported: " + m.getFailure().getMessage(), null);
            case HELLO ->
                    fail(
                            "protocol error: a second Hello (as worker "
                                    + m.getHello().getWorker()
                                    + ") on worker "
                                    + worker
                                    + "'s stream",
                            Status.INVALID_ARGUMENT);
            default ->
                    fail(
                            "protocol error: unexpected " + m.getKindCase() + " after Hello",
                            Status.INVALID_ARGUMENT);
        }
    }

    @Override
    public synchronized void onError(Throwable t) {
        if (!ended) {
            Status s = closeStatus == null ? null : closeStatus.get();
            if (s == null || s.isOk()) {
                s = Status.fromThrowable(t);
            }
            ended = true;
            failed(
                    "connection lost: "
                            + s.getCode()
                            + (s.getDescription() == null ? "" : " (" + s.getDescription() + ")"));
        }
    }

    @Override
    public synchronized void onCompleted() {
        if (!ended) {
            fail("the worker closed its stream", null);
        }
    }

    /** Called by the server's timer: a stream still without an accepted Hello is refused. */
    synchronized void helloTimedOut(long millis) {
        if (!ended && worker < 0) {
            reject(
                    Status.DEADLINE_EXCEEDED,
                    "no Hello within " + millis + " ms of opening the stream");
        }
    }

    private void hello(Hello h) {
        int w = h.getWorker();
        if (h.getProtocolVersion() != ProtocolCodec.VERSION) {
            reject(
                    Status.FAILED_PRECONDITION,
                    "protocol version "
                            + h.getProtocolVersion()
                            + " is not supported; this application master speaks version "
                            + ProtocolCodec.VERSION);
        } else if (w < 0 || w >= server.workerCount() + server.spareCount()) {
            reject(
                    Status.INVALID_ARGUMENT,
                    "worker id "
                            + w
                            + " out of range 0.."
                            + (server.workerCount() + server.spareCount() - 1));
        } else if (!MessageDigest.isEqual(server.secret(), h.getSecret().toByteArray())) {
            reject(Status.UNAUTHENTICATED, "wrong application secret for worker " + w);
        } else if ((claim = server.claim(w, this, h.getHost())) == GrpcWorkerServer.Claim.REFUSED) {
            reject(Status.ALREADY_EXISTS, "worker " + w + " is already connected");
        } else {
            worker = w;
            host = h.getHost();
            checkKernels(h);
            WorkerSetup s = server.setup(w, host);
            partitions.welcome(s.partitions().keySet());
            write(
                    CoordinatorMessage.newBuilder()
                            .setWelcome(
                                    ProtocolCodec.welcome(
                                            s.workload(),
                                            s.components(),
                                            s.intercept(),
                                            s.partitions(),
                                            s.straggle()))
                            .build());
        }
    }

    /**
     * A worker whose kernels differ from the job's (a JVM without the vector module falls back to
     * the scalar path) still computes, but its results differ from its replicas' in the last bits:
     * said once, loudly, so that a decoded gradient's last-bit disagreement has a named cause.
     */
    private void checkKernels(Hello h) {
        String expected = server.expectedKernels();
        if (expected.isEmpty() || h.getKernelPath().isEmpty()) {
            return;
        }
        String runs = ProtocolCodec.kernels(h.getKernelPath(), h.getKernelThreads());
        if (!runs.equals(expected)) {
            LOG.warn(
                    "worker {} on {} runs the {} kernels, the job's are {}: its results differ from"
                            + " its replicas' in the last bits (its JVM lacks the option"
                            + " --add-modules jdk.incubator.vector, or a different value reached"
                            + " it)",
                    worker,
                    host,
                    runs,
                    expected);
        }
    }

    /** Why a Ready cannot be this stream's, or null: once per stream, no negative field. */
    private String checkReady(io.codedyarn.protocol.v1.Ready r) {
        if (ready) {
            return "a second Ready from worker " + worker;
        }
        if (r.getLoadNanos() < 0) {
            return "Ready with a negative load time " + r.getLoadNanos();
        }
        if (r.getRows() < 0) {
            return "Ready with a negative row count " + r.getRows();
        }
        return null;
    }

    private void loaded(io.codedyarn.protocol.v1.Loaded l) {
        long nanos = l.getLoadNanos();
        if (!partitions.loadPending()) {
            fail("protocol error: Loaded, but no load was asked for", Status.INVALID_ARGUMENT);
        } else if (nanos < 0) {
            fail("protocol error: negative load time " + nanos, Status.INVALID_ARGUMENT);
        } else if (l.getRows() < 0) {
            fail(
                    "protocol error: Loaded with a negative row count " + l.getRows(),
                    Status.INVALID_ARGUMENT);
        } else if (claim == GrpcWorkerServer.Claim.SPARE) {
            partitions.loaded();
            // a spare holds a worker's partitions now: it becomes that worker's replacement
            int w = server.adoptSpare(this, worker, host, nanos);
            if (w < 0) {
                fail("protocol error: spare " + worker + " loaded for no worker", Status.INTERNAL);
            } else {
                worker = w;
                claim = GrpcWorkerServer.Claim.STANDBY;
            }
        } else {
            partitions.loaded();
            server.events().post(new CoordinatorEvent.PartitionsLoaded(worker, nanos));
        }
    }

    private void result(Result r) {
        String problem = rounds.check(r);
        if (problem != null) {
            fail("protocol error: " + problem, Status.INVALID_ARGUMENT);
            return;
        }
        TaskResult tr = ProtocolCodec.result(worker, r);
        problem = rounds.checkValues(tr);
        if (problem != null) {
            fail("protocol error: " + problem, Status.INVALID_ARGUMENT);
            return;
        }
        rounds.answered(tr.round());
        server.events().post(new CoordinatorEvent.ResultArrived(tr));
    }

    // ---- outbound ----

    /**
     * @param length the length each value of the answer must have
     * @param finiteX whether the task's x is finite (then so must the answer be)
     */
    synchronized void sendTask(
            CoordinatorMessage m, long round, int units, int length, boolean finiteX) {
        if (!ended) {
            int missing = partitions.notHeld(m.getTask());
            if (missing >= 0) {
                // the worker could only fail on it: fail it here, naming what was wrong
                fail(
                        "task of round "
                                + round
                                + " names partition "
                                + missing
                                + ", which worker "
                                + worker
                                + " does not hold (it holds "
                                + partitions.sorted()
                                + ")",
                        Status.FAILED_PRECONDITION);
                return;
            }
            rounds.sent(round, units, length, finiteX);
            write(m);
        }
    }

    synchronized void sendLoad(CoordinatorMessage m) {
        if (!ended) {
            partitions.loadSent(m.getLoad());
            write(m);
        }
    }

    /** The replacement became the worker's current stream. */
    synchronized void promoted() {
        claim = GrpcWorkerServer.Claim.CURRENT;
    }

    /** Ends a stream the coordinator replaced: Stop, and no WorkerFailed. */
    synchronized void retire(String reason) {
        if (!ended) {
            ended = true;
            write(CoordinatorMessages.stop(reason));
            complete();
        }
    }

    synchronized void stop(String reason) {
        if (!ended) {
            ended = true;
            write(CoordinatorMessages.stop(reason));
            complete();
            server.release(worker, this);
        }
    }

    // ---- ending ----

    /** Refuses an unauthenticated stream: a status for the peer, no event. */
    private void reject(Status code, String why) {
        ended = true;
        try {
            out.onError(code.withDescription(why).asRuntimeException());
        } catch (RuntimeException ignored) {
            // the call is already cancelled: nothing left to tell the peer
        }
    }

    /** Ends an authenticated stream and posts WorkerFailed; with a status, tells the worker why. */
    private void fail(String reason, Status code) {
        ended = true;
        try {
            if (code == null) {
                out.onCompleted();
            } else {
                out.onError(code.withDescription(reason).asRuntimeException());
            }
        } catch (RuntimeException ignored) {
            // the call is already cancelled: the worker is gone either way
        }
        failed(reason);
    }

    private void failed(String reason) {
        if (claim == GrpcWorkerServer.Claim.SPARE) {
            int w = server.spareEnded(worker, this);
            if (w >= 0 && !server.closing()) { // it was loading for w: w's replacement failed
                server.events()
                        .post(
                                new CoordinatorEvent.ReplacementFailed(
                                        w, "spare " + worker + " on " + host + ": " + reason));
            }
            return;
        }
        if (worker >= 0) {
            boolean replacement = server.release(worker, this);
            if (!server.closing()) {
                server.events()
                        .post(
                                replacement
                                        ? new CoordinatorEvent.ReplacementFailed(worker, reason)
                                        : new CoordinatorEvent.WorkerFailed(worker, reason));
            }
        }
    }

    private void write(CoordinatorMessage m) {
        try {
            out.onNext(m);
        } catch (RuntimeException e) {
            // cancelled by the peer or the transport: onError follows and reports it
        }
    }

    private void complete() {
        try {
            out.onCompleted();
        } catch (RuntimeException ignored) {
            // already cancelled
        }
    }
}
