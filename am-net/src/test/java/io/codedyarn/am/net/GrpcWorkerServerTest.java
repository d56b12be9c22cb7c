package io.codedyarn.am.net;

import static io.codedyarn.am.net.RawPeer.hello;
import static io.codedyarn.am.net.TestingCluster.SECRET;
import static io.codedyarn.am.net.TestingCluster.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskExecutor;
import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.PartitionsLoaded;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.ResultArrived;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerFailed;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerReady;
import io.codedyarn.placement.slowdown.WorkerStraggle;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.CoordinatorMessage;
import io.codedyarn.protocol.v1.Ready;
import io.codedyarn.protocol.v1.Result;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.codedyarn.worker.net.WorkerClient;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The AM endpoint and real {@link WorkerClient}s over loopback gRPC. */
class GrpcWorkerServerTest {
    private static final ServerOptions OPTS = ServerOptions.defaults().withMaxMessageBytes(1 << 20);

    @Test
    void tasksRoundTripAndResultsEqualTheExecutorBitForBit() throws Exception {
        try (TestingCluster c = new TestingCluster(3, OPTS)) {
            List<CompletableFuture<Integer>> exits = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                exits.add(c.start(w));
            }
            Map<Integer, WorkerReady> ready = new TreeMap<>();
            for (int i = 0; i < 3; i++) {
                WorkerReady r = c.next(WorkerReady.class);
                ready.put(r.worker(), r);
            }
            assertThat(ready).containsOnlyKeys(0, 1, 2);
            assertThat(ready.get(1).host()).isEqualTo("host-1");
            double[] x = {0.5, -0.25, 1.5, 0.0, -2.0};
            for (long round = 0; round < 4; round++) {
                x[0] += 0.125;
                Map<Integer, Task> sent = new TreeMap<>();
                for (int w = 0; w < 3; w++) {
                    int other = (w + 1) % 3;
                    Task t =
                            new Task(
                                    round,
                                    x,
                                    List.of(
                                            WorkUnit.of(
                                                    new Piece(w, 0, -1, 1.0 / 3),
                                                    new Piece(other, 0, -1, -2.5)),
                                            WorkUnit.of(new Piece(other, 2, 3, 1.0))),
                                    Task.Kind.values()[(int) round % 3]);
                    sent.put(w, t);
                    c.server.send(w, t);
                }
                for (int i = 0; i < 3; i++) {
                    TaskResult got = c.next(ResultArrived.class).result();
                    TaskResult want =
                            new TaskExecutor(
                                            got.worker(),
                                            c.storedRows(got.worker()),
                                            Workload.LR,
                                            1,
                                            () -> 0L)
                                    .execute(sent.get(got.worker()));
                    assertThat(got.round()).isEqualTo(round);
                    assertThat(got.computeNanos()).isNotNegative();
                    assertThat(got.values()).hasSameDimensionsAs(want.values());
                    assertThat(got.values()[0])
                            .hasSize(round % 3 == 2 ? 1 : 1 + TestingCluster.COLS);
                    for (int u = 0; u < 2; u++) {
                        // Double.equals compares bits: the wire must not change a single one
                        assertThat(got.values()[u]).containsExactly(want.values()[u]);
                    }
                }
            }
            c.server.close("done after 4 rounds");
            for (CompletableFuture<Integer> e : exits) {
                assertThat(await(e)).isEqualTo(WorkerClient.EXIT_OK);
            }
            assertThat(c.events.poll(0)).as("no WorkerFailed for a clean stop").isNull();
        }
    }

    @Test
    void workersSleepTheInjectedDelayOfEachIterationAndReportItAsComputeTime() throws Exception {
        // trace replay: worker 0 must take 0.01 s in iteration 0 and 0.4 s in iteration 1, worker 1
        // 0.01 s in both; the Welcome carries the spec, the Task its iteration
        double[][] recorded = {{0.01, 0.4}, {0.01, 0.01}};
        try (TestingCluster c =
                new TestingCluster(
                        2,
                        OPTS,
                        w ->
                                new WorkerStraggle(
                                        "trace:file=unused.csv", 1, 2, "n:1", 0, recorded[w]))) {
            List<CompletableFuture<Integer>> exits = List.of(c.start(0), c.start(1));
            c.next(WorkerReady.class);
            c.next(WorkerReady.class);
            double[] x = {0.5, -0.25, 1.5, 0.0, -2.0};
            for (long it = 0; it < 2; it++) {
                long sent = System.nanoTime();
                for (int w = 0; w < 2; w++) {
                    c.server.send(
                            w,
                            new Task(it, x, List.of(WorkUnit.of(new Piece(w, 0, -1, 1.0)))).at(it));
                }
                Map<Integer, Long> compute = new TreeMap<>();
                Map<Integer, Long> wall = new TreeMap<>();
                for (int i = 0; i < 2; i++) {
                    TaskResult got = c.next(ResultArrived.class).result();
                    compute.put(got.worker(), got.computeNanos());
                    wall.put(got.worker(), System.nanoTime() - sent);
                }
                double expect0 = recorded[0][(int) it];
                assertThat(compute.get(0) * 1e-9).isBetween(expect0, expect0 + 0.2);
                assertThat(wall.get(0) * 1e-9).isGreaterThanOrEqualTo(expect0);
                assertThat(compute.get(1) * 1e-9).isBetween(0.01, 0.2);
            }
            c.server.close("done");
            for (CompletableFuture<Integer> e : exits) {
                assertThat(await(e)).isEqualTo(WorkerClient.EXIT_OK);
            }
        }
    }

    @Test
    void aReplacementIsWelcomedBesideTheWorkerAndTakesOverWhenPromoted() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            CompletableFuture<Integer> old = c.start(0);
            CompletableFuture<Integer> other = c.start(1);
            c.next(WorkerReady.class);
            c.next(WorkerReady.class);
            // a second Hello for worker 0 is refused until a replacement is expected
            WorkerClient early = c.client(0, SECRET, c.memoryLoader(), System::nanoTime);
            assertThat(await(c.run(early))).isEqualTo(WorkerClient.EXIT_REJECTED);
            assertThat(c.server.replace(0, java.util.Set.of())).isTrue();
            WorkerClient fresh = c.client(0, SECRET, c.memoryLoader(), System::nanoTime);
            CompletableFuture<Integer> freshExit = c.run(fresh);
            assertThat(c.next(WorkerReady.class).worker()).isZero();
            // a third one is refused: one current stream and one replacement at most
            WorkerClient third = c.client(0, SECRET, c.memoryLoader(), System::nanoTime);
            assertThat(await(c.run(third))).isEqualTo(WorkerClient.EXIT_REJECTED);
            c.server.promote(0);
            assertThat(await(old)).isEqualTo(WorkerClient.EXIT_OK);
            double[] x = {0.5, -0.25, 1.5, 0.0, -2.0};
            c.server.send(0, new Task(7, x, List.of(WorkUnit.of(new Piece(0, 0, -1, 1.0)))));
            TaskResult r = c.next(ResultArrived.class).result();
            assertThat(r.worker()).isZero();
            assertThat(r.round()).isEqualTo(7);
            assertThat(c.events.poll(0)).as("the replaced stream's end is no failure").isNull();
            c.server.close("done");
            assertThat(await(freshExit)).isEqualTo(WorkerClient.EXIT_OK);
            assertThat(await(other)).isEqualTo(WorkerClient.EXIT_OK);
        }
    }

    @Test
    void aReplacementThatFailsBeforePromotionIsReportedAsSuch() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            CompletableFuture<Integer> old = c.start(0);
            CompletableFuture<Integer> other = c.start(1);
            c.next(WorkerReady.class);
            c.next(WorkerReady.class);
            c.server.replace(0, java.util.Set.of());
            WorkerClient broken =
                    c.client(
                            0,
                            SECRET,
                            a -> {
                                throw new java.io.IOException("disk gone");
                            },
                            System::nanoTime);
            assertThat(await(c.run(broken))).isEqualTo(WorkerClient.EXIT_FAILED);
            assertThat(c.next())
                    .isInstanceOf(
                            io.codedyarn.coordinator.cluster.CoordinatorEvent.ReplacementFailed
                                    .class)
                    .asString()
                    .contains("disk gone");
            c.server.close("done");
            assertThat(await(old)).isEqualTo(WorkerClient.EXIT_OK);
            assertThat(await(other)).isEqualTo(WorkerClient.EXIT_OK);
        }
    }

    @Test
    void wrongSecretIsRejectedWithoutAnEvent() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            WorkerClient intruder =
                    c.client(
                            1,
                            "guessed".getBytes(StandardCharsets.UTF_8),
                            c.memoryLoader(),
                            System::nanoTime);
            assertThat(await(c.run(intruder))).isEqualTo(WorkerClient.EXIT_REJECTED);
            assertThat(intruder.diagnostic())
                    .contains("UNAUTHENTICATED")
                    .contains("wrong application secret for worker 1");
            // the server answered the Hello before the client saw the status: any event is queued
            assertThat(c.events.poll(0)).isNull();
            // and the real worker 1 may still connect
            CompletableFuture<Integer> real = c.start(1);
            assertThat(c.next(WorkerReady.class).worker()).isEqualTo(1);
            c.server.close();
            assertThat(await(real)).isZero();
        }
    }

    @Test
    void aPeerThatNeverSaysHelloIsCutOffWithoutAnEvent() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS.withHelloTimeoutMillis(200));
                RawPeer silent = new RawPeer(c)) {
            long t0 = System.nanoTime();
            Status s = (Status) silent.next();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(s.getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
            assertThat(s.getDescription())
                    .isEqualTo("no Hello within 200 ms of opening the stream");
            assertThat(ms).isBetween(150L, 10_000L);
            assertThat(c.events.poll(0)).isNull();
            // a worker that says Hello in time is not affected, even after the timeout passed
            CompletableFuture<Integer> real = c.start(0);
            assertThat(c.next(WorkerReady.class).worker()).isEqualTo(0);
            Thread.sleep(400);
            assertThat(c.events.poll(0)).isNull();
            c.server.close();
            assertThat(await(real)).isZero();
        }
    }

    @Test
    void unknownProtocolVersionIsRejectedNamingTheSupportedVersion() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS);
                RawPeer p = new RawPeer(c)) {
            p.send(hello(99, 0, SECRET));
            Status s = (Status) p.next();
            assertThat(s.getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
            assertThat(s.getDescription())
                    .isEqualTo(
                            "protocol version 99 is not supported; this application master speaks version "
                                    + ProtocolCodec.VERSION);
            assertThat(c.events.poll(0)).isNull();
        }
    }

    @Test
    void workerIdOutOfRangeAndDuplicateConnectionsAreRejected() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS);
                RawPeer outOfRange = new RawPeer(c);
                RawPeer first = new RawPeer(c);
                RawPeer second = new RawPeer(c)) {
            outOfRange.send(hello(ProtocolCodec.VERSION, 2, SECRET));
            Status s = (Status) outOfRange.next();
            assertThat(s.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(s.getDescription()).isEqualTo("worker id 2 out of range 0..1");

            first.send(hello(ProtocolCodec.VERSION, 0, SECRET));
            assertThat(((CoordinatorMessage) first.next()).hasWelcome()).isTrue();
            second.send(hello(ProtocolCodec.VERSION, 0, SECRET));
            Status dup = (Status) second.next();
            assertThat(dup.getCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
            assertThat(dup.getDescription()).isEqualTo("worker 0 is already connected");
            assertThat(c.events.poll(0)).as("rejections post nothing").isNull();
        }
    }

    @Test
    void welcomeCarriesTheSetup() throws Exception {
        try (TestingCluster c = new TestingCluster(3, OPTS);
                RawPeer p = new RawPeer(c)) {
            p.send(hello(ProtocolCodec.VERSION, 2, SECRET));
            CoordinatorMessage m = (CoordinatorMessage) p.next();
            var a = ProtocolCodec.assignment(2, m.getWelcome());
            assertThat(m.getWelcome().getProtocolVersion()).isEqualTo(ProtocolCodec.VERSION);
            assertThat(a.workload()).isEqualTo(Workload.LR);
            assertThat(a.partitionUris())
                    .isEqualTo(Map.of(2, TestingCluster.uri(2), 0, TestingCluster.uri(0)));
        }
    }

    @Test
    void oversizedTaskIsRefusedBeforeSendingAndOversizedInboundFailsTheWorker() throws Exception {
        try (TestingCluster c =
                new TestingCluster(2, ServerOptions.defaults().withMaxMessageBytes(4096))) {
            CompletableFuture<Integer> w0 = c.start(0);
            c.next(WorkerReady.class);
            Task big = new Task(0, new double[1000], List.of(WorkUnit.of(Piece.whole(0))));
            assertThatThrownBy(() -> c.server.send(0, big))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("task of round 0 for worker 0 is")
                    .hasMessageContaining("over the message limit of 4096 bytes");
            c.server.close();
            assertThat(await(w0)).isZero();
        }
        // the worker's own inbound limit: the AM allows 1 MiB, worker 1 only 4 KiB
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            WorkerClient small = c.client(1, SECRET, c.memoryLoader(), System::nanoTime, 4096);
            CompletableFuture<Integer> exit = c.run(small);
            c.next(WorkerReady.class);
            c.server.send(1, new Task(0, new double[1000], List.of(WorkUnit.of(Piece.whole(1)))));
            assertThat(await(exit)).isEqualTo(WorkerClient.EXIT_LOST);
            assertThat(small.diagnostic())
                    .contains("RESOURCE_EXHAUSTED")
                    .contains("exceeds maximum size 4096");
            assertThat(c.next(WorkerFailed.class).worker()).isEqualTo(1);
        }
    }

    @Test
    void oversizedResultFromAPeerIsRefusedByTheServer() throws Exception {
        try (TestingCluster c =
                        new TestingCluster(2, ServerOptions.defaults().withMaxMessageBytes(4096));
                RawPeer p = new RawPeer(c)) {
            p.send(hello(ProtocolCodec.VERSION, 0, SECRET));
            p.next();
            p.send(WorkerMessage.newBuilder().setReady(Ready.newBuilder()).build());
            c.next(WorkerReady.class);
            c.server.send(0, new Task(0, new double[5], List.of(WorkUnit.of(Piece.whole(0)))));
            p.next();
            p.send(
                    WorkerMessage.newBuilder()
                            .setResult(
                                    ProtocolCodec.result(
                                            new TaskResult(
                                                    0, 0, new double[][] {new double[1000]}, 1)))
                            .build());
            WorkerFailed f = c.next(WorkerFailed.class);
            assertThat(f.worker()).isZero();
            assertThat(f.reason())
                    .startsWith("connection lost: RESOURCE_EXHAUSTED")
                    .contains("exceeds maximum size 4096");
            // gRPC resets the stream: the peer sees it cancelled
            Status s = (Status) p.next();
            assertThat(s.getCode()).isEqualTo(Status.Code.CANCELLED);
        }
    }

    @Test
    void disconnectedWorkerIsReportedFailedNamingTheCause() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            WorkerClient w = c.client(0, SECRET, c.memoryLoader(), System::nanoTime);
            CompletableFuture<Integer> exit = c.run(w);
            c.next(WorkerReady.class);
            w.close();
            WorkerFailed f = c.next(WorkerFailed.class);
            assertThat(f.worker()).isZero();
            // the client's shutdownNow resets the stream (or, racing it, drops the connection)
            assertThat(f.reason()).matches("connection lost: (CANCELLED|UNAVAILABLE) \\(.+\\)");
            assertThat(await(exit)).isEqualTo(WorkerClient.EXIT_LOST);
            assertThat(w.diagnostic()).contains("lost the connection to the application master");
        }
    }

    @Test
    void aLoadAddsPartitionsInTheBackgroundThenTheWorkerHoldsExactlyAddAndRetain()
            throws Exception {
        try (TestingCluster c = new TestingCluster(3, OPTS)) {
            CompletableFuture<Integer> exit = c.start(0); // holds partitions 0 and 1
            c.next(WorkerReady.class);
            assertThat(c.server.load(0, Map.of(2, TestingCluster.uri(2)), new int[] {0})).isTrue();
            assertThat(c.next(PartitionsLoaded.class).worker()).isZero();
            double[] x = {0.5, -0.25, 1.5, 0.0, -2.0};
            Task both =
                    new Task(
                            0,
                            x,
                            List.of(WorkUnit.of(new Piece(0, 0, -1, 1.0), new Piece(2, 1, 4, 2.0))),
                            Task.Kind.OBJECTIVE);
            c.server.send(0, both);
            TaskResult got = c.next(ResultArrived.class).result();
            TaskResult want =
                    new TaskExecutor(
                                    0,
                                    Map.of(
                                            0, c.partitions.get(0),
                                            2, c.partitions.get(2)),
                                    Workload.LR,
                                    1,
                                    () -> 0L)
                            .execute(both);
            assertThat(got.values()[0]).containsExactly(want.values()[0]);
            // partition 1 was neither added nor retained: dropped, so the AM refuses a task
            // naming it (the worker could only fail on it)
            c.server.send(
                    0,
                    new Task(
                            1,
                            x,
                            List.of(WorkUnit.of(new Piece(1, 0, -1, 1.0))),
                            Task.Kind.OBJECTIVE));
            assertThat(c.next(WorkerFailed.class).reason())
                    .isEqualTo(
                            "task of round 1 names partition 1, which worker 0 does not hold (it"
                                    + " holds [0, 2])");
            assertThat(await(exit)).isEqualTo(WorkerClient.EXIT_REJECTED);
            assertThat(c.server.load(2, Map.of(), new int[0]))
                    .as("no stream for worker 2: nothing to tell")
                    .isFalse();
        }
    }

    @Test
    void aWarmSpareLoadsAWorkersPartitionsAndTakesOverAsItsReplacement() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS.withSpares(1))) {
            CompletableFuture<Integer> w1 = c.start(1);
            c.next(WorkerReady.class);
            CompletableFuture<Integer> spare = c.start(2); // id n = 2: the spare, no data
            // the spare's Ready is the server's business: no event for the coordinator
            assertThat(c.events.poll(TimeUnit.SECONDS.toNanos(1))).isNull();
            assertThat(c.server.takeSpare(java.util.Set.of("host-2"), 1))
                    .as("a spare on an avoided node is not taken")
                    .isEmpty();
            java.util.OptionalInt id = c.server.takeSpare(java.util.Set.of("host-1"), 1);
            assertThat(id).hasValue(2);
            assertThat(c.server.spareHost(2)).isEqualTo("host-2");
            assertThat(c.server.takeSpare(java.util.Set.of(), 0)).as("reserved").isEmpty();
            // worker 1's injected slowness follows its id onto the spare: a replayed latency of
            // 0.2 s per task
            WorkerStraggle asWorker1 =
                    new WorkerStraggle("trace:file=/t.csv", 1, 2, "host-2", 0, new double[] {0.2});
            assertThat(c.server.assignSpare(2, c.stored(1), asWorker1)).isTrue();
            WorkerReady r = c.next(WorkerReady.class);
            assertThat(r.worker()).isEqualTo(1);
            assertThat(r.host()).isEqualTo("host-2");
            c.server.promote(1);
            assertThat(await(w1)).as("the old incarnation is stopped").isEqualTo(0);
            double[] x = {0.5, -0.25, 1.5, 0.0, -2.0};
            Task t =
                    new Task(
                            0,
                            x,
                            List.of(
                                    WorkUnit.of(
                                            new Piece(1, 0, -1, 1.0), new Piece(0, 0, -1, 2.0))),
                            Task.Kind.OBJECTIVE);
            c.server.send(1, t);
            TaskResult got = c.next(ResultArrived.class).result();
            assertThat(got.worker()).as("results count as worker 1's").isEqualTo(1);
            assertThat(got.computeNanos()).isGreaterThanOrEqualTo(200_000_000L);
            TaskResult want =
                    new TaskExecutor(1, c.storedRows(1), Workload.LR, 1, () -> 0L).execute(t);
            assertThat(got.values()[0]).containsExactly(want.values()[0]);
            c.server.close("done");
            assertThat(await(spare)).isEqualTo(WorkerClient.EXIT_OK);
        }
    }

    @Test
    void aSpareThatDiesWhileLoadingIsTheReplacementsFailure() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS.withSpares(1))) {
            c.start(0);
            c.next(WorkerReady.class);
            c.start(2);
            java.util.OptionalInt id = java.util.OptionalInt.empty();
            for (int i = 0; i < 100 && id.isEmpty(); i++) { // until the spare said Ready
                Thread.sleep(50);
                id = c.server.takeSpare(java.util.Set.of(), 0);
            }
            assertThat(id).hasValue(2);
            c.server.assignSpare(2, Map.of(0, "mem:/missing"), WorkerStraggle.NONE);
            var f =
                    c.next(
                            io.codedyarn.coordinator.cluster.CoordinatorEvent.ReplacementFailed
                                    .class);
            assertThat(f.worker()).isZero();
            assertThat(f.reason()).contains("spare 2").contains("mem:/missing");
        }
    }

    @Test
    void aLoadThatCannotBeReadFailsTheWorkerNamingTheFile() throws Exception {
        try (TestingCluster c = new TestingCluster(3, OPTS)) {
            CompletableFuture<Integer> exit = c.start(0);
            c.next(WorkerReady.class);
            c.server.load(0, Map.of(2, "mem:/missing"), new int[] {0, 1});
            assertThat(c.next(WorkerFailed.class).reason())
                    .isEqualTo(
                            "worker reported: worker 0 could not load its new partitions: no such"
                                    + " file mem:/missing");
            assertThat(await(exit)).isEqualTo(WorkerClient.EXIT_FAILED);
        }
    }

    @Test
    void loadFailureIsReportedByTheWorker() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            c.files.remove(TestingCluster.uri(1));
            WorkerClient w = c.client(0, SECRET, c.memoryLoader(), System::nanoTime);
            assertThat(await(c.run(w))).isEqualTo(WorkerClient.EXIT_FAILED);
            WorkerFailed f = c.next(WorkerFailed.class);
            assertThat(f.worker()).isZero();
            assertThat(f.reason())
                    .isEqualTo(
                            "worker reported: worker 0 could not load its partitions: no such file mem:/part-1");
        }
    }

    @Test
    void resultForARoundNeverSentIsAProtocolError() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS);
                RawPeer p = new RawPeer(c)) {
            p.send(hello(ProtocolCodec.VERSION, 1, SECRET));
            p.next();
            p.send(
                    WorkerMessage.newBuilder()
                            .setResult(
                                    Result.newBuilder()
                                            .setRound(5)
                                            .addValues(ProtocolCodec.vector(new double[] {1})))
                            .build());
            WorkerFailed f = c.next(WorkerFailed.class);
            assertThat(f.worker()).isEqualTo(1);
            assertThat(f.reason())
                    .isEqualTo(
                            "protocol error: result for round 5, but the last task sent was round -1");
            Status s = (Status) p.next();
            assertThat(s.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        }
    }

    @Test
    void aTaskQueuedBehindABusyWorkerIsReplacedByANewerOne() throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS)) {
            // the worker's clock blocks the first compute (round 0) until the test opens the gate
            CountDownLatch computing = new CountDownLatch(1);
            CountDownLatch gate = new CountDownLatch(1);
            AtomicReference<CountDownLatch> armed = new AtomicReference<>();
            WorkerClient w =
                    c.client(
                            0,
                            SECRET,
                            c.memoryLoader(),
                            () -> {
                                CountDownLatch g = armed.getAndSet(null);
                                if (g != null) {
                                    computing.countDown();
                                    try {
                                        g.await();
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                }
                                return 0L;
                            });
            CompletableFuture<Integer> exit = c.run(w);
            c.next(WorkerReady.class);
            armed.set(gate);
            double[] x = new double[TestingCluster.COLS];
            c.server.send(0, new Task(0, x, List.of(WorkUnit.of(Piece.whole(0)))));
            assertThat(computing.await(TestingCluster.EVENT_WAIT_SECONDS, TimeUnit.SECONDS))
                    .isTrue();
            for (long round = 1; round < 4; round++) {
                c.server.send(0, new Task(round, x, List.of(WorkUnit.of(Piece.whole(0)))));
            }
            // rounds 1 and 2 are replaced while round 0 computes; round 3 waits
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (w.droppedTasks() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            gate.countDown();
            assertThat(c.next(ResultArrived.class).result().round()).isZero();
            assertThat(c.next(ResultArrived.class).result().round()).isEqualTo(3);
            assertThat(w.droppedTasks()).isEqualTo(2);
            c.server.close();
            assertThat(await(exit)).isZero();
            assertThat(c.events.poll(0)).isNull();
        }
    }
}
