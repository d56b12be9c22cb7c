package io.codedyarn.coordinator.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The checkpoint file reads back what was written, bit for bit, and refuses every damaged or
 * foreign file with a message naming the file and the field.
 */
class CheckpointFileTest {
    private static final Checkpoint.Identity JOB =
            new Checkpoint.Identity("cyclic", "lr", "lbfgs", 1, 4, 4, 10_000, 28, 29, "");

    private static Checkpoint checkpoint() {
        ObjectNode body = CheckpointFile.json().createObjectNode();
        body.putArray("x").add(0.1).add(-3.0e-300).add(Double.MIN_VALUE).add(1.0 / 3);
        body.put("nan", Double.NaN);
        return new Checkpoint("", JOB, 17, 123_456_789L, 40, body);
    }

    @Test
    void readsBackWhatWasWrittenBitForBit() throws Exception {
        Checkpoint c = checkpoint();
        Checkpoint back = CheckpointFile.decode("a.ckpt", CheckpointFile.encode(c));
        assertThat(back.source()).isEqualTo("a.ckpt");
        assertThat(back.identity()).isEqualTo(JOB);
        assertThat(back.iteration()).isEqualTo(17);
        assertThat(back.elapsedNanos()).isEqualTo(123_456_789L);
        assertThat(back.rounds()).isEqualTo(40);
        double[] x = CheckpointFile.json().treeToValue(back.state().get("x"), double[].class);
        assertThat(x).containsExactly(0.1, -3.0e-300, Double.MIN_VALUE, 1.0 / 3);
        assertThat(
                        Double.isNaN(
                                CheckpointFile.json()
                                        .treeToValue(back.state().get("nan"), double.class)))
                .isTrue();
        String text = new String(CheckpointFile.encode(c), StandardCharsets.UTF_8);
        assertThat(text).startsWith("coded-yarn checkpoint\n{\"format\":2,\"identity\":{");
    }

    @Test
    void aFlippedByteIsACorruptedFile() {
        byte[] b = CheckpointFile.encode(checkpoint());
        int at = Arrays.toString(b).length() % (b.length - 40) + 30; // inside header or body
        b[at] ^= 0x01;
        assertThatThrownBy(() -> CheckpointFile.decode("hdfs://nn/job/checkpoint.ckpt", b))
                .isInstanceOf(InvalidCheckpointException.class)
                .hasMessageStartingWith("checkpoint hdfs://nn/job/checkpoint.ckpt: ")
                .satisfies(
                        e ->
                                assertThat(((InvalidCheckpointException) e).field())
                                        .isIn("crc32c", "header", "bodyBytes", "format"));
        byte[] body = CheckpointFile.encode(checkpoint());
        body[body.length - 30] ^= 0x20; // in the body: only the checksum can tell
        assertThatThrownBy(() -> CheckpointFile.decode("c.ckpt", body))
                .hasMessageContaining("checkpoint c.ckpt: crc32c: checksum mismatch");
    }

    @Test
    void aTruncatedFileSaysSo() {
        byte[] b = CheckpointFile.encode(checkpoint());
        for (int keep : new int[] {b.length - 1, b.length - 20, 60, 10, 0}) {
            byte[] cut = Arrays.copyOf(b, keep);
            assertThatThrownBy(() -> CheckpointFile.decode("t.ckpt", cut))
                    .isInstanceOf(InvalidCheckpointException.class)
                    .hasMessageStartingWith("checkpoint t.ckpt: ")
                    .hasMessageMatching(".*(truncated|not a coded-yarn checkpoint).*");
        }
    }

    @Test
    void anotherFormatVersionIsNamed() {
        String text = new String(CheckpointFile.encode(checkpoint()), StandardCharsets.UTF_8);
        byte[] v3 =
                text.replace("{\"format\":2,", "{\"format\":3,").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> CheckpointFile.decode("v.ckpt", v3))
                .hasMessage("checkpoint v.ckpt: format: version 3, this build reads version 2");
        assertThatThrownBy(() -> CheckpointFile.decode("m.ckpt", "model.csv\n".getBytes()))
                .hasMessageContaining("checkpoint m.ckpt: magic: not a coded-yarn checkpoint");
    }

    /**
     * A checkpoint of an earlier build (version 1 kept the whole iteration log in its body) is
     * refused with an error naming the file and both versions, not read into a crash.
     */
    @Test
    void aVersion1CheckpointIsRefusedNamingTheFileAndTheVersion() {
        String text = new String(CheckpointFile.encode(checkpoint()), StandardCharsets.UTF_8);
        byte[] v1 =
                text.replace("{\"format\":2,", "{\"format\":1,").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> CheckpointFile.decode("hdfs://nn/run/checkpoint.ckpt", v1))
                .isInstanceOf(InvalidCheckpointException.class)
                .hasMessage(
                        "checkpoint hdfs://nn/run/checkpoint.ckpt: format: version 1, this build"
                                + " reads version 2 (version 1 kept the whole iteration log;"
                                + " resuming it needs the build that wrote it)");
    }

    @Test
    void anotherJobsCheckpointNamesTheField() {
        Checkpoint.Identity otherData =
                new Checkpoint.Identity("cyclic", "lr", "lbfgs", 1, 4, 4, 10_000, 30, 31, "");
        assertThatThrownBy(() -> JOB.check("x.ckpt", otherData))
                .isInstanceOf(InvalidCheckpointException.class)
                .hasMessage(
                        "checkpoint x.ckpt: identity.cols: belongs to another job: cols is 28"
                                + " there, 30 in this job");
        Checkpoint.Identity otherScheme =
                new Checkpoint.Identity("fractional", "lr", "lbfgs", 1, 4, 4, 10_000, 28, 29, "");
        assertThatThrownBy(() -> JOB.check("x.ckpt", otherScheme))
                .hasMessageContaining("identity.scheme: belongs to another job: scheme is cyclic");
    }

    @Test
    void intervalsParseAsIterationsOrSeconds() {
        assertThat(CheckpointInterval.parse("50", "k")).isEqualTo(new CheckpointInterval(50, 0));
        assertThat(CheckpointInterval.parse("30s", "k")).isEqualTo(new CheckpointInterval(0, 30));
        assertThat(CheckpointInterval.parse("0", "k").due(7, 100, 0)).isFalse();
        assertThat(new CheckpointInterval(5, 0).due(10, 0, 0)).isTrue();
        assertThat(new CheckpointInterval(5, 0).due(11, 0, 0)).isFalse();
        assertThat(new CheckpointInterval(0, 30).due(3, 40, 9)).isTrue();
        assertThat(new CheckpointInterval(0, 30).due(3, 38, 9)).isFalse();
        assertThatThrownBy(() -> CheckpointInterval.parse("5m", "coded-yarn.checkpoint.interval"))
                .hasMessageStartingWith("coded-yarn.checkpoint.interval: '5m' is not a checkpoint");
    }
}
