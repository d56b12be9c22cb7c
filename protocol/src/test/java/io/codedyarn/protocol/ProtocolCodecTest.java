package io.codedyarn.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.compute.task.WorkerAssignment;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.protocol.v1.Partition;
import io.codedyarn.protocol.v1.Vector;
import io.codedyarn.protocol.v1.Welcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProtocolCodecTest {
    @Test
    void vectorsKeepEveryBit() throws Exception {
        double[] v = {
            0.1, -0.0, Double.NaN, Double.MIN_VALUE, -Double.MAX_VALUE, Double.NEGATIVE_INFINITY
        };
        Vector wire = Vector.parseFrom(ProtocolCodec.vector(v).toByteArray());
        assertThat(wire.getLeDoubles().size()).isEqualTo(8 * v.length);
        double[] back = ProtocolCodec.values(wire);
        for (int i = 0; i < v.length; i++) {
            assertThat(Double.doubleToRawLongBits(back[i]))
                    .isEqualTo(Double.doubleToRawLongBits(v[i]));
        }
        // little-endian: 1.0 = 0x3FF0000000000000, its last byte first on the wire
        assertThat(ProtocolCodec.vector(new double[] {1.0}).getLeDoubles().byteAt(7))
                .isEqualTo((byte) 0x3F);
    }

    @Test
    void aVectorOfStrayBytesIsRefused() {
        Vector bad = Vector.newBuilder().setLeDoubles(ByteString.copyFrom(new byte[12])).build();
        assertThatThrownBy(() -> ProtocolCodec.values(bad))
                .hasMessage("vector of 12 bytes is not a whole number of doubles");
    }

    @Test
    void tasksAndResultsRoundTrip() {
        Task t =
                new Task(
                        7,
                        new double[] {1, 2, 3},
                        List.of(
                                WorkUnit.of(new Piece(0, 0, -1, 0.5), new Piece(3, 2, 4, -1.25)),
                                WorkUnit.of(Piece.whole(1))),
                        Task.Kind.GRAM);
        Task back = ProtocolCodec.task(ProtocolCodec.task(t));
        assertThat(back.kind()).isEqualTo(Task.Kind.GRAM);
        for (Task.Kind k : Task.Kind.values()) {
            Task withKind = new Task(1, new double[1], List.of(WorkUnit.of(Piece.whole(0))), k);
            assertThat(ProtocolCodec.task(ProtocolCodec.task(withKind)).kind()).isEqualTo(k);
        }
        var unknown = ProtocolCodec.task(t).toBuilder().setKindValue(9).build();
        assertThatThrownBy(() -> ProtocolCodec.task(unknown)).hasMessage("unknown task kind 9");
        assertThat(back.round()).isEqualTo(7);
        assertThat(back.x()).containsExactly(1, 2, 3);
        assertThat(back.units()).isEqualTo(t.units());

        TaskResult r = new TaskResult(4, 7, new double[][] {{1, 2}, {3, 4}}, 99);
        TaskResult rb = ProtocolCodec.result(4, ProtocolCodec.result(r));
        assertThat(rb.round()).isEqualTo(7);
        assertThat(rb.computeNanos()).isEqualTo(99);
        assertThat(rb.values()).isDeepEqualTo(r.values());
    }

    @Test
    void welcomeBecomesAnAssignment() {
        Welcome w =
                ProtocolCodec.welcome(Workload.PCA, 3, true, Map.of(2, "hdfs:/a", 5, "hdfs:/b"));
        WorkerAssignment a = ProtocolCodec.assignment(1, w);
        assertThat(a)
                .isEqualTo(
                        new WorkerAssignment(
                                1, Workload.PCA, 3, true, Map.of(2, "hdfs:/a", 5, "hdfs:/b")));
        Welcome twice =
                w.toBuilder().addPartitions(Partition.newBuilder().setIndex(2).setUri("x")).build();
        assertThatThrownBy(() -> ProtocolCodec.assignment(1, twice))
                .hasMessage("welcome lists partition 2 twice");
        Welcome unknown = w.toBuilder().setWorkload("svm").build();
        assertThatThrownBy(() -> ProtocolCodec.assignment(1, unknown))
                .hasMessageContaining("unknown workload 'svm'");
    }
}
