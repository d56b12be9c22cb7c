package io.codedyarn.am.net;

import static io.codedyarn.am.net.TestingCluster.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.codedyarn.coordinator.CoordinatorEvent.ResultArrived;
import io.codedyarn.coordinator.CoordinatorEvent.WorkerFailed;
import io.codedyarn.worker.net.ProtocolCodec;
import io.codedyarn.worker.protocol.v1.Hello;
import io.codedyarn.worker.protocol.v1.Loaded;
import io.codedyarn.worker.protocol.v1.Result;
import io.codedyarn.worker.protocol.v1.Vector;
import io.codedyarn.worker.protocol.v1.WorkerMessage;
import io.codedyarn.worker.task.Piece;
import io.codedyarn.worker.task.Task;
import io.codedyarn.worker.task.WorkUnit;
import io.grpc.Status;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Every way a peer's answer after Hello can be wrong is a protocol error that fails the worker,
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
            p.send(
                    WorkerMessage.newBuilder()
                            .setHello(
                                    Hello.newBuilder()
                                            .setProtocolVersion(ProtocolCodec.VERSION)
                                            .setWorker(1)
                                            .setSecret(ByteString.copyFrom(SECRET))
                                            .setHost("raw"))
                            .build());
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
}
