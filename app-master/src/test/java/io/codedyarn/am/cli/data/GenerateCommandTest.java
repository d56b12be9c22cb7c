package io.codedyarn.am.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.cli.CliRun;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code data generate} and {@code data bench-generate} through the real picocli tree. */
class GenerateCommandTest {
    @TempDir java.nio.file.Path tmp;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private String out(String name) {
        return tmp.resolve(name).toString();
    }

    private static Manifest manifest(String dir) throws IOException {
        return DatasetReader.readManifest(
                FileSystem.getLocal(new Configuration()), new Path("file://" + dir));
    }

    private static void assertOneLine(CliRun r, String expected) {
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err().strip()).isEqualTo(expected);
    }

    @Test
    void generatesAVerifiableDatasetWithSeedAndArguments() throws IOException {
        CliRun r =
                run(
                        "data",
                        "generate",
                        "--kind",
                        "low-rank",
                        "--rows",
                        "500",
                        "--cols",
                        "8",
                        "--rank",
                        "3",
                        "--noise",
                        "0.25",
                        "--seed",
                        "42",
                        "--out",
                        out("lr"));
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("generated low-rank: 500 rows x 8 cols, dense");
        Manifest m = manifest(out("lr"));
        assertThat(m.rows()).isEqualTo(500);
        assertThat(m.spec().seed()).isEqualTo(42L);
        assertThat(m.spec().source())
                .containsEntry("generator", "low-rank")
                .containsEntry("rank", 3L)
                .containsEntry("noise", 0.25);
        assertThat(
                        DatasetVerifier.verify(
                                        FileSystem.getLocal(new Configuration()),
                                        new Path("file://" + out("lr")))
                                .isOk())
                .isTrue();
    }

    @Test
    void defaultSeedIsTheConfiguredOneAndSameSeedSameBytes() throws IOException {
        String[] base = {"data", "generate", "--kind", "genotype", "--rows", "300", "--cols", "40"};
        assertThat(run(concat(base, "--out", out("a"))).rc()).isZero();
        assertThat(run(concat(base, "--out", out("b"))).rc()).isZero();
        assertThat(run(concat(base, "--seed", "2", "--out", out("c"))).rc()).isZero();
        Manifest a = manifest(out("a"));
        assertThat(a.spec().seed()).isEqualTo(CodedYarnConfig.defaults().defaultSeed());
        assertThat(manifest(out("b"))).isEqualTo(a);
        assertThat(manifest(out("c")).blocks().get(0).crc32c())
                .isNotEqualTo(a.blocks().get(0).crc32c());
        assertThat(a.spec().source()).containsEntry("density", 0.05);
    }

    @Test
    void existingOutputIsRefusedUnlessOverwrite() throws IOException {
        String[] base = {"data", "generate", "--kind", "higgs-like", "--rows", "100"};
        assertThat(run(concat(base, "--out", out("h"))).rc()).isZero();
        Manifest first = manifest(out("h"));
        CliRun again = run(concat(base, "--seed", "5", "--out", out("h")));
        assertOneLine(
                again,
                "coded-yarn generate: --out file:"
                        + out("h")
                        + " already exists (add --overwrite to replace it)");
        assertThat(manifest(out("h"))).isEqualTo(first);
        CliRun over = run(concat(base, "--seed", "5", "--overwrite", "--out", out("h")));
        assertThat(over.rc()).as(over.err()).isZero();
        assertThat(manifest(out("h")).spec().seed()).isEqualTo(5L);
        assertThat(manifest(out("h")).cols()).isEqualTo(28);
        try (Stream<java.nio.file.Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("h");
        }
    }

    @Test
    void badFlagsGiveOneLineAndExitTwo() {
        String o = out("x");
        assertOneLine(
                run("data", "generate", "--kind", "nope", "--rows", "5", "--out", o),
                "coded-yarn generate: --kind: unknown kind 'nope'; known: gaussian-mixture,"
                        + " higgs-like, low-rank, genotype, lagc-lsq");
        assertOneLine(
                run(
                        "data",
                        "generate",
                        "--kind",
                        "genotype",
                        "--rows",
                        "5",
                        "--density",
                        "0",
                        "--out",
                        o),
                "coded-yarn generate: --density: must be in (0, 1], got 0.0");
        assertOneLine(
                run(
                        "data",
                        "generate",
                        "--kind",
                        "genotype",
                        "--rows",
                        "5",
                        "--density",
                        "1.01",
                        "--out",
                        o),
                "coded-yarn generate: --density: must be in (0, 1], got 1.01");
        assertOneLine(
                run("data", "generate", "--kind", "genotype", "--rows", "0", "--out", o),
                "coded-yarn generate: --rows: must be >= 1, got 0");
        assertOneLine(
                run("data", "generate", "--kind", "low-rank", "--rows", "-3", "--out", o),
                "coded-yarn generate: --rows: must be >= 1, got -3");
        assertOneLine(
                run(
                        "data",
                        "generate",
                        "--kind",
                        "higgs-like",
                        "--rows",
                        "5",
                        "--rank",
                        "2",
                        "--out",
                        o),
                "coded-yarn generate: --rank: applies only to --kind low-rank, not higgs-like");
        CliRun notNumber =
                run("data", "generate", "--kind", "low-rank", "--rows", "many", "--out", o);
        assertThat(notNumber.rc()).isEqualTo(2);
        assertThat(notNumber.err().lines()).hasSize(1);
        assertThat(notNumber.err()).contains("--rows");
        CliRun missing = run("data", "generate", "--rows", "5", "--out", o);
        assertThat(missing.rc()).isEqualTo(2);
        assertThat(missing.err()).contains("--kind");
        assertThat(Files.exists(tmp.resolve("x"))).isFalse();
    }

    @Test
    void anUnwritableOutputFailsWithOneLineAndLeavesNothing() throws IOException {
        Files.writeString(tmp.resolve("file"), "not a directory");
        CliRun r =
                run(
                        "data",
                        "generate",
                        "--kind",
                        "low-rank",
                        "--rows",
                        "10",
                        "--cols",
                        "3",
                        "--out",
                        out("file") + "/ds");
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).startsWith("coded-yarn generate: ").contains("no dataset written");
        try (Stream<java.nio.file.Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("file");
        }
    }

    @Test
    void benchGenerateReportsMediansAndTheRatio() throws IOException {
        CliRun r =
                run(
                        "data",
                        "bench-generate",
                        "--rows",
                        "2000",
                        "--cols",
                        "10",
                        "--repeats",
                        "3",
                        "--dir",
                        tmp.toString(),
                        "--json");
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("rows").asLong()).isEqualTo(2000);
        assertThat(j.get("bytes").asLong()).isEqualTo(32 + 2000 * 8 + 2000 * 10 * 8);
        assertThat(j.get("generateSeconds")).hasSize(3);
        assertThat(j.get("ratio").asDouble())
                .isEqualTo(
                        j.get("generateMedian").asDouble()
                                / j.get("copyFromLocalMedian").asDouble());
        try (Stream<java.nio.file.Path> s = Files.list(tmp)) {
            assertThat(s).isEmpty(); // everything it wrote is deleted
        }
        CliRun text =
                run("data", "bench-generate", "--rows", "500", "--cols", "4", "--repeats", "1");
        assertThat(text.rc()).as(text.err()).isZero();
        assertThat(text.out()).contains("ratio generate / copyFromLocalFile:");
    }

    @Test
    void medianOfEvenAndOddCounts() {
        assertThat(BenchGenerateCommand.median(new double[] {3, 1, 2})).isEqualTo(2.0);
        assertThat(BenchGenerateCommand.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }

    private static String[] concat(String[] a, String... b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }
}
