package io.codedyarn.worker.net;

import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.PartitionLoader;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskExecutor;
import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.compute.task.WorkerAssignment;
import io.codedyarn.placement.slowdown.Slowdown;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.WorkerKeys;
import io.codedyarn.protocol.v1.Failure;
import io.codedyarn.protocol.v1.Hello;
import io.codedyarn.protocol.v1.Loaded;
import io.codedyarn.protocol.v1.Ready;
import io.codedyarn.protocol.v1.Result;
import io.codedyarn.protocol.v1.Welcome;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.codedyarn.protocol.v1.WorkerServiceGrpc;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * The worker's side of the protocol: connects to the application master, says Hello with its id and
 * the application secret, loads the partitions the Welcome names through the injected {@link
 * PartitionLoader}, says Ready, then computes tasks until Stop. A Load (a re-planned code) is read
 * in the background ({@link BackgroundLoad}) while tasks go on; between two tasks the worker then
 * swaps to the new partitions and says Loaded.
 *
 * <p>Threading: {@link #run()}'s thread is the ONE compute thread and the only writer of the
 * outbound stream; gRPC's callback thread only fills a {@link Mailbox}. A task that arrives while
 * another is computing waits; if a newer one arrives before it starts, the older is dropped (the AM
 * has moved on to the newer round; {@link #droppedTasks()} counts them).
 *
 * <p>The channel is mutual TLS ({@link WorkerKeys}): it trusts only the AM's certificate, so the
 * secret in Hello never crosses the network in the clear and a worker never talks to a peer that
 * merely took the AM's address, and it presents the application's worker certificate, without which
 * the AM refuses the connection.
 *
 * <p>Exit statuses of {@link #run()}: {@link #EXIT_OK} after Stop, {@link #EXIT_FAILED} when
 * loading or computing failed (reported to the AM as Failure), {@link #EXIT_REJECTED} when the AM
 * refused the Hello (wrong secret, version, id, duplicate) and {@link #EXIT_LOST} when the
 * connection broke; {@link #diagnostic()} names the cause.
 */
public final class WorkerClient implements AutoCloseable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_REJECTED = 2;
    public static final int EXIT_LOST = 3;

    /**
     * Where the AM listens and who this worker is.
     *
     * @param keys the AM certificate's fingerprint (the TLS channel trusts only it) and the worker
     *     key and certificate the channel presents
     * @param host this worker's host name, reported in Hello (the AM records it)
     * @param maxMessageBytes bound on one inbound message (a Task) and on one outbound Result
     */
    public record Config(
            String amHost,
            int amPort,
            int worker,
            byte[] secret,
            WorkerKeys keys,
            String host,
            int maxMessageBytes) {
        public Config {
            if (amPort < 1 || amPort > 65535 || worker < 0 || maxMessageBytes < 1024) {
                throw new IllegalArgumentException(
                        "need 1 <= amPort <= 65535, worker >= 0 and maxMessageBytes >= 1024, got "
                                + amPort
                                + "/"
                                + worker
                                + "/"
                                + maxMessageBytes);
            }
            secret = secret.clone();
            java.util.Objects.requireNonNull(keys, "keys");
        }
    }

    private final Config config;
    private final PartitionLoader loader;
    private final LongSupplier nanoClock;
    private final ManagedChannel channel;
    private final Mailbox mailbox = new Mailbox();
    private volatile String diagnostic = "";
    private double lastFactor = 1.0;

    /**
     * @param nanoClock the worker's clock for load and compute times (System::nanoTime in a
     *     container)
     */
    public WorkerClient(Config config, PartitionLoader loader, LongSupplier nanoClock) {
        this.config = config;
        this.loader = loader;
        this.nanoClock = nanoClock;
        this.channel =
                Grpc.newChannelBuilderForAddress(
                                config.amHost(),
                                config.amPort(),
                                config.keys().channelCredentials())
                        .maxInboundMessageSize(config.maxMessageBytes())
                        // a frozen or cut-off AM answers no ping: the worker ends (exit 3)
                        // instead of waiting for it for good
                        .keepAliveTime(ProtocolCodec.WORKER_KEEPALIVE_MILLIS, TimeUnit.MILLISECONDS)
                        .keepAliveTimeout(
                                ProtocolCodec.WORKER_KEEPALIVE_MILLIS, TimeUnit.MILLISECONDS)
                        .keepAliveWithoutCalls(true)
                        // the mailbox never blocks: no hand-off to a pool thread per message
                        .directExecutor()
                        .build();
    }

    /** Runs the whole protocol; blocks until Stop, rejection, failure or connection loss. */
    public int run() throws InterruptedException {
        StreamObserver<WorkerMessage> out = WorkerServiceGrpc.newStub(channel).work(mailbox);
        try {
            return converse(out);
        } finally {
            channel.shutdown();
            if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
                channel.shutdownNow();
            }
        }
    }

    private int converse(StreamObserver<WorkerMessage> out) throws InterruptedException {
        out.onNext(
                WorkerMessage.newBuilder()
                        .setHello(
                                Hello.newBuilder()
                                        .setProtocolVersion(ProtocolCodec.VERSION)
                                        .setWorker(config.worker())
                                        .setSecret(
                                                com.google.protobuf.ByteString.copyFrom(
                                                        config.secret()))
                                        .setHost(config.host())
                                        // the kernels this JVM runs (the AM logs a mismatch)
                                        .setKernelPath(
                                                io.codedyarn.compute.kernel.KernelPath.defaultPath()
                                                        .label())
                                        .setKernelThreads(
                                                io.codedyarn.compute.kernel.RowBlocks
                                                        .defaultThreads()))
                        .build());
        Mailbox.Next first = mailbox.take();
        if (first.welcome() == null) {
            return end(out, first);
        }
        Welcome w = first.welcome();
        TaskExecutor executor;
        Slowdown slowdown;
        WorkerAssignment a;
        Map<Integer, Rows> partitions;
        try {
            if (w.getProtocolVersion() != ProtocolCodec.VERSION) {
                throw new IllegalStateException(
                        "the application master speaks protocol version "
                                + w.getProtocolVersion()
                                + ", this worker version "
                                + ProtocolCodec.VERSION);
            }
            a = ProtocolCodec.assignment(config.worker(), w);
            slowdown = ProtocolCodec.straggle(w).slowdown(config.worker());
            if (!slowdown.isNone()) {
                System.err.println(
                        "coded-yarn worker " + config.worker() + ": injects " + slowdown);
            }
            long t0 = nanoClock.getAsLong();
            partitions = loader.load(a);
            long loadNanos = nanoClock.getAsLong() - t0;
            long rows = rows(partitions);
            executor =
                    new TaskExecutor(
                            config.worker(), partitions, a.workload(), a.components(), nanoClock);
            warmUp(executor, partitions, a);
            out.onNext(
                    WorkerMessage.newBuilder()
                            .setReady(Ready.newBuilder().setLoadNanos(loadNanos).setRows(rows))
                            .build());
        } catch (Exception e) {
            return fail(out, "worker " + config.worker() + " could not load its partitions", e);
        }
        while (true) {
            Mailbox.Next next = mailbox.take();
            if (next.load() != null) {
                try {
                    if (next.load().hasStraggle()) { // a spare taking over a worker
                        slowdown =
                                ProtocolCodec.straggle(next.load().getStraggle())
                                        .slowdown(next.load().getWorker());
                        System.err.println(
                                "coded-yarn worker "
                                        + config.worker()
                                        + ": takes over worker "
                                        + next.load().getWorker()
                                        + ", injects "
                                        + slowdown);
                    }
                    BackgroundLoad.start(loader, a, next.load(), mailbox, nanoClock);
                } catch (RuntimeException e) {
                    return fail(out, "worker " + config.worker() + " got a bad load", e);
                }
                continue;
            }
            if (next.loaded() != null) {
                BackgroundLoad.Done d = next.loaded();
                if (d.error() != null) {
                    return fail(
                            out,
                            "worker " + config.worker() + " could not load its new partitions",
                            d.error());
                }
                boolean spare = partitions.isEmpty();
                partitions = hold(partitions, d);
                executor =
                        new TaskExecutor(
                                config.worker(),
                                partitions,
                                a.workload(),
                                a.components(),
                                nanoClock);
                if (spare) { // a warm spare taking over a worker: compile the kernels first
                    warmUp(executor, partitions, a);
                }
                out.onNext(
                        WorkerMessage.newBuilder()
                                .setLoaded(
                                        Loaded.newBuilder()
                                                .setLoadNanos(d.nanos())
                                                .setRows(rows(partitions)))
                                .build());
                continue;
            }
            if (next.task() == null) {
                return end(out, next);
            }
            WorkerMessage reply;
            try {
                Task task = ProtocolCodec.task(next.task());
                TaskResult r = straggle(slowdown, task, executor.execute(task));
                Result result = ProtocolCodec.result(r);
                if (result.getSerializedSize() > config.maxMessageBytes() - 64) {
                    throw new IllegalStateException(
                            "result of round "
                                    + r.round()
                                    + " is "
                                    + result.getSerializedSize()
                                    + " bytes, over the message limit of "
                                    + config.maxMessageBytes()
                                    + " bytes");
                }
                reply = WorkerMessage.newBuilder().setResult(result).build();
            } catch (RuntimeException e) {
                return fail(
                        out,
                        "worker " + config.worker() + " failed on round " + next.task().getRound(),
                        e);
            }
            out.onNext(reply);
        }
    }

    /** What the worker holds after a load: the old and the added rows, restricted to its hold. */
    private static Map<Integer, Rows> hold(Map<Integer, Rows> held, BackgroundLoad.Done d) {
        Map<Integer, Rows> next = new java.util.TreeMap<>();
        for (int j : d.hold()) {
            Rows r = d.added().containsKey(j) ? d.added().get(j) : held.get(j);
            if (r != null) { // a retained partition it never held stays absent: a task naming it
                next.put(j, r); // fails loudly, as for any partition not held
            }
        }
        return next;
    }

    private static long rows(Map<Integer, Rows> partitions) {
        long rows = 0;
        for (Rows r : partitions.values()) {
            rows += r.rows();
        }
        return rows;
    }

    /**
     * Runs the workload's kernel over every held partition at x = 0 a few times (at most {@link
     * #WARM_UP_PASSES} passes or {@link #WARM_UP_NANOS}) before saying Ready, so that the JIT has
     * compiled the kernels before the first real task: a cold JVM computes its first tasks many
     * times slower, which the AM would measure (and a replacement would look slow the moment it
     * took over).
     */
    private void warmUp(TaskExecutor executor, Map<Integer, Rows> partitions, WorkerAssignment a) {
        if (partitions.isEmpty()) {
            return;
        }
        int cols = partitions.values().iterator().next().cols();
        double[] x = new double[a.workload().modelLength(cols, a.components())];
        java.util.List<io.codedyarn.compute.task.Piece> pieces = new java.util.ArrayList<>();
        for (int j : partitions.keySet()) {
            pieces.add(new io.codedyarn.compute.task.Piece(j, 0, -1, 1.0));
        }
        io.codedyarn.compute.task.WorkUnit all = new io.codedyarn.compute.task.WorkUnit(pieces);
        long start = nanoClock.getAsLong();
        for (int pass = 0;
                pass < WARM_UP_PASSES && nanoClock.getAsLong() - start < WARM_UP_NANOS;
                pass++) {
            executor.evaluate(all, x, Task.Kind.OBJECTIVE);
        }
    }

    /** Warm-up bounds: passes over the held partitions, and time. */
    static final int WARM_UP_PASSES = 20;

    static final long WARM_UP_NANOS = 2_000_000_000L;

    /**
     * Sleeps the injected delay after a task computed (if any): the result then reports the
     * computation and the sleep together as its compute time, as a slower machine would.
     */
    private TaskResult straggle(Slowdown slowdown, Task task, TaskResult r)
            throws InterruptedException {
        if (slowdown.isNone()) {
            return r;
        }
        double factor = slowdown.factor(task.iteration());
        if (factor != lastFactor) {
            System.err.println(
                    "coded-yarn worker "
                            + config.worker()
                            + ": iteration "
                            + task.iteration()
                            + " slowdown factor "
                            + lastFactor
                            + " -> "
                            + factor);
            lastFactor = factor;
        }
        long delay =
                (long) (slowdown.delaySeconds(task.iteration(), r.computeNanos() * 1e-9) * 1e9);
        if (delay <= 0) {
            return r;
        }
        long start = nanoClock.getAsLong();
        long left = delay;
        while (left > 0) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            left = delay - (nanoClock.getAsLong() - start);
        }
        long slept = nanoClock.getAsLong() - start;
        return new TaskResult(r.worker(), r.round(), r.values(), r.computeNanos() + slept);
    }

    private int end(StreamObserver<WorkerMessage> out, Mailbox.Next end) {
        diagnostic = end.message();
        if (end.status() == EXIT_OK) {
            out.onCompleted();
        }
        return end.status();
    }

    private int fail(StreamObserver<WorkerMessage> out, String what, Exception e) {
        diagnostic = what + ": " + e.getMessage();
        out.onNext(
                WorkerMessage.newBuilder()
                        .setFailure(Failure.newBuilder().setMessage(diagnostic))
                        .build());
        out.onCompleted();
        return EXIT_FAILED;
    }

    /** Why {@link #run()} ended ("" while running; the Stop reason after a clean stop). */
    public String diagnostic() {
        return diagnostic;
    }

    /** Tasks replaced by a newer one before they started. */
    public long droppedTasks() {
        return mailbox.dropped();
    }

    /** Drops the connection (a {@link #run()} in progress ends with {@link #EXIT_LOST}). */
    @Override
    public void close() {
        channel.shutdownNow();
    }
}
