package io.codedyarn.am.net;

import static io.codedyarn.am.net.TestingCluster.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.ResultArrived;
import io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerFailed;
import io.codedyarn.protocol.ProtocolCodec;
import io.codedyarn.protocol.v1.Loaded;
import io.codedyarn.protocol.v1.Ready;
import io.codedyarn.protocol.v1.Result;
import io.codedyarn.protocol.v1.Vector;
import io.codedyarn.protocol.v1.WorkerMessage;
import io.grpc.Status;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Every way a peer's message after Hello can be wrong is a protocol error that fails the worker,
 * naming what was wrong, with INVALID_ARGUMENT for the peer ({@link Connection}'s checks). The peer
 * is a raw gRPC stream, so it can send what no {@code WorkerClient} would.
 */
class ResultChecksTest {
    private static final ServerOptions OPTS = ServerOptions.defaults().withMaxMessageBytes(1 << 20);

    /** x of length 5: an LR answer is [loss, gradient], 6 numbers per value. */
    private static final double[] X = {0.5, -0.25, 1.5, 0.0, -2.0};

    private static Result.Builder answer(double[]... values) {
        Result.Builder r = Result.newBuilder().setRound(0).setComputeNanos(10);
        for (double[] v : values) {
            r.addValues(ProtocolCodec.vector(v));
        }
        return r;
    }

    private static double[] six() {
        return new double[] {1, 2, 3, 4, 5, 6};
    }

    /**
     * Hello as worker 1, one task of {@code units} units at {@code x}, then the peer's {@code
     * reply}: the WorkerFailed reason (null if the answer was accepted).
     */
    private static String reply(double[] x, int units, WorkerMessage reply) throws Exception {
        try (TestingCluster c = new TestingCluster(2, OPTS);
                RawPeer p = new RawPeer(c)) {
            p.send(hello(1));
            p.next(); // Welcome
            List<WorkUnit> u =
                    java.util.Collections.nCopies(units, WorkUnit.of(new Piece(1, 0, -1, 1.0)));
            c.server.send(1, new Task(0, x, u, Task.Kind.OBJECTIVE));
            p.next(); // the task
            p.send(reply);
            var e = c.next();
            if (e instanceof ResultArrived) {
                return null;
            }
            assertThat(e).isInstanceOf(WorkerFailed.class);
            Status s = (Status) p.next();
            assertThat(s.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            return ((WorkerFailed) e).reason();
        }
    }

    private static String result(double[] x, int units, UnaryOperator<Result.Builder> r)
            throws Exception {
        return reply(x, units, WorkerMessage.newBuilder().setResult(r.apply(answer())).build());
    }

    @Test
    void aWellFormedAnswerIsAccepted() throws Exception {
        assertThat(result(X, 1, r -> r.addValues(ProtocolCodec.vector(six())))).isNull();
    }

    @Test
    void noValuesAndTheWrongNumberOfValues() throws Exception {
        assertThat(result(X, 1, r -> r))
                .isEqualTo("protocol error: result of round 0 has no values");
        assertThat(
                        result(
                                X,
                                1,
                                r ->
                                        r.addValues(ProtocolCodec.vector(six()))
                                                .addValues(ProtocolCodec.vector(six()))))
                .isEqualTo("protocol error: result of round 0 has 2 values for a task of 1 units");
    }

    @Test
    void valuesOfUnequalOrBrokenByteLengths() throws Exception {
        assertThat(
                        result(
                                X,
                                2,
                                r ->
                                        r.addValues(ProtocolCodec.vector(six()))
                                                .addValues(ProtocolCodec.vector(new double[] {1}))))
                .isEqualTo(
                        "protocol error: result of round 0: value 1 has 8 bytes (value 0: 48;"
                                + " need equal, non-zero multiples of 8)");
        assertThat(
                        result(
                                X,
                                1,
                                r ->
                                        r.addValues(
                                                Vector.newBuilder()
                                                        .setLeDoubles(
                                                                ByteString.copyFrom(
                                                                        new byte[13])))))
                .isEqualTo(
                        "protocol error: result of round 0: value 0 has 13 bytes (value 0: 13;"
                                + " need equal, non-zero multiples of 8)");
    }

    @Test
    void aNegativeComputeTime() throws Exception {
        assertThat(result(X, 1, r -> r.addValues(ProtocolCodec.vector(six())).setComputeNanos(-1)))
                .isEqualTo("protocol error: negative compute time -1");
    }

    @Test
    void aValueOfAnotherLengthThanTheModelNeeds() throws Exception {
        assertThat(result(X, 1, r -> r.addValues(ProtocolCodec.vector(new double[] {1, 2, 3}))))
                .isEqualTo(
                        "protocol error: result of round 0: value 0 has 3 numbers, the task's kind"
                                + " and model need 6");
    }

    @Test
    void nonFiniteNumbersForAFiniteIterateButNotForADivergedOne() throws Exception {
        double[] nan = six();
        nan[2] = Double.NaN;
        assertThat(result(X, 1, r -> r.addValues(ProtocolCodec.vector(nan))))
                .isEqualTo(
                        "protocol error: result of round 0: value 0 holds NaN at index 2 for a"
                                + " finite iterate");
        double[] inf = six();
        inf[5] = Double.NEGATIVE_INFINITY;
        assertThat(result(X, 1, r -> r.addValues(ProtocolCodec.vector(inf))))
                .contains("holds -Infinity at index 5");
        double[] diverged = X.clone();
        diverged[0] = Double.POSITIVE_INFINITY;
        assertThat(result(diverged, 1, r -> r.addValues(ProtocolCodec.vector(nan))))
                .as("the iterate's fault, not the worker's")
                .isNull();
    }

    @Test
    void loadedThatNobodyAskedFor() throws Exception {
        assertThat(
                        reply(
                                X,
                                1,
                                WorkerMessage.newBuilder()
                                        .setLoaded(Loaded.newBuilder().setLoadNanos(5))
                                        .build()))
                .isEqualTo("protocol error: Loaded, but no load was asked for");
    }

    /**
     * Hello as worker 1, then {@code after} in order: the first WorkerFailed's reason (the events
     * of valid messages on the way are skipped), and the status the peer was given.
     */
    private static String failure(Status.Code code, WorkerMessage... after) throws Exception {
        return failure(code, List.of(), after);
    }

    /** As above, with {@code tasks} sent to worker 1 right after its Welcome. */
    private static String failure(Status.Code code, List<Task> tasks, WorkerMessage... after)
            throws Exception {
        try (TestingCluster c = new TestingCluster(3, OPTS);
                RawPeer p = new RawPeer(c)) {
            p.send(hello(1));
            p.next(); // Welcome
            for (Task t : tasks) {
                c.server.send(1, t);
                p.next();
            }
            for (WorkerMessage m : after) {
                p.send(m);
            }
            var e = c.next();
            while (e instanceof io.codedyarn.coordinator.cluster.CoordinatorEvent.WorkerReady
                    || e instanceof ResultArrived) { // the valid messages before the bad one
                e = c.next();
            }
            assertThat(e).isInstanceOf(WorkerFailed.class);
            assertThat(((WorkerFailed) e).worker()).isEqualTo(1);
            assertThat(((Status) p.next()).getCode()).isEqualTo(code);
            return ((WorkerFailed) e).reason();
        }
    }

    private static WorkerMessage hello(int worker) {
        return RawPeer.hello(worker, SECRET);
    }

    private static WorkerMessage ready(long nanos, long rows) {
        return WorkerMessage.newBuilder()
                .setReady(Ready.newBuilder().setLoadNanos(nanos).setRows(rows))
                .build();
    }

    @Test
    void aSecondHelloOnAnAcceptedStream() throws Exception {
        assertThat(failure(Status.Code.INVALID_ARGUMENT, hello(2)))
                .isEqualTo("protocol error: a second Hello (as worker 2) on worker 1's stream");
    }

    @Test
    void aSecondReadyAndReadyWithNegativeFields() throws Exception {
        assertThat(failure(Status.Code.INVALID_ARGUMENT, ready(5, 14), ready(5, 14)))
                .isEqualTo("protocol error: a second Ready from worker 1");
        assertThat(failure(Status.Code.INVALID_ARGUMENT, ready(-1, 14)))
                .isEqualTo("protocol error: Ready with a negative load time -1");
        assertThat(failure(Status.Code.INVALID_ARGUMENT, ready(5, -14)))
                .isEqualTo("protocol error: Ready with a negative row count -14");
    }

    @Test
    void aResultForARoundNeverSent() throws Exception {
        assertThat(
                        failure(
                                Status.Code.INVALID_ARGUMENT,
                                ready(5, 14),
                                WorkerMessage.newBuilder()
                                        .setResult(answer(six()).setRound(3))
                                        .build()))
                .isEqualTo(
                        "protocol error: result for round 3, but the last task sent was round -1");
    }

    private static Task task(long round, int units) {
        return new Task(
                round,
                X,
                java.util.Collections.nCopies(units, WorkUnit.of(new Piece(1, 0, -1, 1.0))),
                Task.Kind.OBJECTIVE);
    }

    private static WorkerMessage result(long round, int units) {
        Result.Builder r = answer().setRound(round);
        for (int u = 0; u < units; u++) {
            r.addValues(ProtocolCodec.vector(six()));
        }
        return WorkerMessage.newBuilder().setResult(r).build();
    }

    @Test
    void aSecondResultForTheSameRound() throws Exception {
        assertThat(
                        failure(
                                Status.Code.INVALID_ARGUMENT,
                                List.of(task(0, 1)),
                                result(0, 1),
                                result(0, 1)))
                .isEqualTo("protocol error: a second result for round 0");
    }

    @Test
    void aResultForARoundThisStreamWasNotSent() throws Exception {
        assertThat(
                        failure(
                                Status.Code.INVALID_ARGUMENT,
                                List.of(task(0, 1), task(2, 1)),
                                result(1, 1)))
                .isEqualTo(
                        "protocol error: result for round 1, which this stream was not sent (or is"
                                + " older than the last 4096 rounds it was)");
    }

    @Test
    void theUnitCountOfAnOlderRoundIsCheckedToo() throws Exception {
        assertThat(
                        failure(
                                Status.Code.INVALID_ARGUMENT,
                                List.of(task(0, 2), task(1, 1)),
                                result(1, 1),
                                result(0, 1)))
                .isEqualTo("protocol error: result of round 0 has 1 values for a task of 2 units");
    }

    @Test
    void aTaskNamingAPartitionTheWorkerDoesNotHoldFailsItBeforeItIsSent() throws Exception {
        try (TestingCluster c = new TestingCluster(3, OPTS);
                RawPeer p = new RawPeer(c)) {
            p.send(hello(1)); // worker 1 holds partitions 1 and 2
            p.next();
            c.server.send(1, new Task(0, X, List.of(WorkUnit.of(new Piece(0, 0, -1, 1.0)))));
            WorkerFailed f = c.next(WorkerFailed.class);
            assertThat(f.worker()).isEqualTo(1);
            assertThat(f.reason())
                    .isEqualTo(
                            "task of round 0 names partition 0, which worker 1 does not hold (it"
                                    + " holds [1, 2])");
            assertThat(((Status) p.next()).getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        }
    }

    @Test
    void aResultOverTheBoundDerivedFromTheModelIsRefused() throws Exception {
        // the bound for this model (x of 5, one unit, 3 partitions): a right answer fits, one
        // 200,000 numbers long (1.6 MB, a gradient for another model) does not
        int bound = ServerOptions.messageBytesFor(X.length, 1, 3);
        try (TestingCluster c =
                        new TestingCluster(3, ServerOptions.defaults().withMaxMessageBytes(bound));
                RawPeer p = new RawPeer(c)) {
            p.send(hello(1));
            p.next();
            c.server.send(1, new Task(0, X, List.of(WorkUnit.of(new Piece(1, 0, -1, 1.0)))));
            p.next();
            p.send(WorkerMessage.newBuilder().setResult(answer(six())).build());
            assertThat(c.next()).isInstanceOf(ResultArrived.class);
            c.server.send(1, new Task(1, X, List.of(WorkUnit.of(new Piece(1, 0, -1, 1.0)))));
            p.next();
            p.send(
                    WorkerMessage.newBuilder()
                            .setResult(answer(new double[200_000]).setRound(1))
                            .build());
            WorkerFailed f = c.next(WorkerFailed.class);
            assertThat(f.worker()).isEqualTo(1);
            assertThat(f.reason())
                    .startsWith("connection lost: RESOURCE_EXHAUSTED")
                    .contains("exceeds maximum size " + bound);
        }
    }

    @Test
    void theDerivedBoundHoldsTheLargestResultAndTaskOfTheModel() {
        int length = 100_000;
        int units = 4;
        int partitions = 6;
        int bound = ServerOptions.messageBytesFor(length, units, partitions);
        double[][] values = new double[units][1 + length];
        WorkerMessage result =
                WorkerMessage.newBuilder()
                        .setResult(
                                ProtocolCodec.result(
                                        new io.codedyarn.compute.task.TaskResult(
                                                1, Long.MAX_VALUE, values, Long.MAX_VALUE)))
                        .build();
        // the widest pieces protobuf can write: every field at its longest varint
        List<Piece> pieces =
                java.util.Collections.nCopies(
                        partitions,
                        new Piece(Integer.MAX_VALUE, Integer.MAX_VALUE, -1, Double.MIN_VALUE));
        var task =
                io.codedyarn.protocol.v1.CoordinatorMessage.newBuilder()
                        .setTask(
                                ProtocolCodec.task(
                                        new Task(
                                                Long.MAX_VALUE,
                                                new double[length],
                                                java.util.Collections.nCopies(
                                                        units, new WorkUnit(pieces)),
                                                Task.Kind.OBJECTIVE)))
                        .build();
        assertThat(result.getSerializedSize()).isLessThan(bound - ServerOptions.SLACK_BYTES);
        assertThat(task.getSerializedSize()).isLessThan(bound - ServerOptions.SLACK_BYTES);
        assertThat(bound).isLessThan(ProtocolCodec.DEFAULT_MAX_MESSAGE_BYTES);
    }

    @Test
    void loadedWithANegativeRowCount() throws Exception {
        try (TestingCluster c = new TestingCluster(3, OPTS);
                RawPeer p = new RawPeer(c)) {
            p.send(hello(1));
            p.next();
            c.server.load(1, java.util.Map.of(0, TestingCluster.uri(0)), new int[] {1, 2});
            p.next(); // the Load
            p.send(
                    WorkerMessage.newBuilder()
                            .setLoaded(Loaded.newBuilder().setLoadNanos(5).setRows(-3))
                            .build());
            WorkerFailed f = c.next(WorkerFailed.class);
            assertThat(f.reason()).isEqualTo("protocol error: Loaded with a negative row count -3");
        }
    }
}
