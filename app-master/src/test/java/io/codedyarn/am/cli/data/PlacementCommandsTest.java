package io.codedyarn.am.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.cli.CliRun;
import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.hdfs.dataset.WriterOptions;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** data prepare / inspect / verify / load-bench through the real picocli tree, on file://. */
class PlacementCommandsTest {
    @TempDir Path tmp;
    private String src;
    private String out;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @BeforeEach
    void dataset() throws IOException {
        src = tmp.resolve("src").toUri().toString();
        out = tmp.resolve("prepared").toUri().toString();
        FileSystem fs = FileSystem.getLocal(new Configuration());
        try (DatasetWriter w =
                DatasetWriter.create(
                        fs,
                        new org.apache.hadoop.fs.Path(src),
                        DatasetSpec.dense(3, LabelSpec.binary()),
                        WriterOptions.defaults().withMaxBlockRows(7))) {
            for (int r = 0; r < 50; r++) {
                w.appendDense(new double[] {r, r % 3, 1}, r % 4 == 0 ? 1 : -1);
            }
            w.commit();
        }
    }

    @Test
    void prepareInspectVerify() throws Exception {
        CliRun p =
                run(
                        "data",
                        "prepare",
                        "--dataset",
                        src,
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--out",
                        out);
        assertThat(p.rc()).as(p.err()).isZero();
        assertThat(p.out())
                .contains("scheme cyclic, 4 workers, K = 4 partitions of 50 rows")
                .contains("not HDFS")
                .contains("written 4, kept 0, re-replicated 0, rewritten 0");
        JsonNode plan = new ObjectMapper().readTree(tmp.resolve("prepared/plan.json").toFile());
        assertThat(plan.get("scheme").asText()).isEqualTo("cyclic");
        assertThat(plan.get("copies")).hasSize(4).allMatch(c -> c.asInt() == 2);

        CliRun again =
                run(
                        "data",
                        "prepare",
                        "--dataset",
                        src,
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--stragglers",
                        "2",
                        "--out",
                        out);
        assertThat(again.rc()).isEqualTo(2);
        assertThat(again.err()).contains("already exists").contains("--overwrite");
        CliRun s2 =
                run(
                        "data",
                        "prepare",
                        "--dataset",
                        src,
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--stragglers",
                        "2",
                        "--overwrite",
                        "--out",
                        out);
        assertThat(s2.rc()).isZero();
        assertThat(s2.out()).contains("written 0, kept 0, re-replicated 4, rewritten 0");

        CliRun i = run("data", "inspect", out);
        assertThat(i.rc()).isZero();
        assertThat(i.out())
                .contains("50 rows x 3 cols")
                .contains("part-00003.cyd")
                .contains("plan        cyclic, 4 workers, K = 4 partitions, s = 2");
        CliRun ij = run("data", "inspect", "--json", out);
        JsonNode j = new ObjectMapper().readTree(ij.out());
        assertThat(j.get("rows").asInt()).isEqualTo(50);
        assertThat(j.get("placement").get("entries")).hasSize(4);
        assertThat(j.get("placement").get("entries").get(0).get("copies").asInt()).isEqualTo(3);

        CliRun v = run("data", "verify", out);
        assertThat(v.rc()).isZero();
        assertThat(v.out()).startsWith("OK: 4 blocks");

        CliRun b = run("data", "load-bench", out, "--runs", "3", "--warmups", "0");
        assertThat(b.rc()).as(b.err()).isZero();
        assertThat(b.out()).contains("load/raw");

        // corrupt one byte in partition 1's file: verify names the file, exit 1
        java.io.File f = tmp.resolve("prepared/part-00001.cyd").toFile();
        Files.deleteIfExists(tmp.resolve("prepared/.part-00001.cyd.crc"));
        try (RandomAccessFile raf = new RandomAccessFile(f, "rw")) {
            raf.seek(raf.length() - 2);
            int x = raf.read();
            raf.seek(raf.length() - 2);
            raf.write(x ^ 0x40);
        }
        CliRun bad = run("data", "verify", out);
        assertThat(bad.rc()).isEqualTo(1);
        assertThat(bad.err()).contains("part-00001.cyd").contains("CRC32C mismatch");
    }

    @Test
    void badArgumentsExitTwoWithOneLine() {
        CliRun noSuch = run("data", "verify", tmp.resolve("nope").toUri().toString());
        assertThat(noSuch.rc()).isEqualTo(2);
        assertThat(noSuch.err().lines()).hasSize(1).allMatch(l -> l.contains("does not exist"));
        CliRun noPath = run("data", "inspect");
        assertThat(noPath.rc()).isEqualTo(2);
        CliRun tooManyParts =
                run(
                        "data",
                        "prepare",
                        "--dataset",
                        src,
                        "--scheme",
                        "uncoded",
                        "--workers",
                        "4",
                        "--partitions",
                        "60",
                        "--out",
                        out);
        assertThat(tooManyParts.rc()).isEqualTo(2);
        assertThat(tooManyParts.err()).contains("--partitions").contains("only 50 rows");
        CliRun badScheme =
                run(
                        "data",
                        "prepare",
                        "--dataset",
                        src,
                        "--scheme",
                        "nope",
                        "--workers",
                        "4",
                        "--out",
                        out);
        assertThat(badScheme.rc()).isEqualTo(2);
        assertThat(badScheme.err()).contains("--scheme");
        CliRun notADataset = run("data", "inspect", tmp.toUri().toString());
        assertThat(notADataset.rc()).isEqualTo(2);
        assertThat(notADataset.err()).contains("manifest.json");
    }
}
