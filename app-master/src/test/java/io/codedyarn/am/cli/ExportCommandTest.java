package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.export.Models;
import io.codedyarn.am.export.SparkModel;
import io.codedyarn.am.output.ModelJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code coded-yarn export} end to end in-process: a run directory or a model.json in, the formats
 * out; bad input is one line on stderr, exit 2, and nothing under {@code --out} (no temporary
 * sibling left either).
 */
class ExportCommandTest {
    @TempDir Path tmp;

    private Path runDir(ModelJson.Model m) throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run-" + m.workload()));
        Files.writeString(run.resolve(ModelJson.FILE), ModelJson.write(m));
        return run;
    }

    @Test
    void exportsARunDirectoryToSparkAndSaysTheFeatureOrder() throws IOException {
        Path out = tmp.resolve("spark-lr");
        CliRun r = export(runDir(Models.lr()), "spark", out);
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out()).contains("as a Spark ML LogisticRegressionModel to " + out);
        assertThat(r.out())
                .contains(
                        "'features' vector must hold the features in this order: age, income,"
                                + " clicks");
        assertThat(out.resolve("metadata/part-00000")).exists();
        assertThat(out.resolve(SparkModel.SIDE_FILE)).exists();
        assertNoTemporarySibling();
    }

    @Test
    void exportsAModelFileToPmml() throws IOException {
        Path file = runDir(Models.lsq()).resolve(ModelJson.FILE);
        Path out = tmp.resolve("m.pmml");
        CliRun r = export(file, "PMML", out);
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out()).contains("as PMML 4.4");
        assertThat(Files.readString(out)).contains("<RegressionModel");
    }

    @Test
    void aCentredPcaExportsWithANoteAboutTheMean() throws IOException {
        Path out = tmp.resolve("spark-pca");
        CliRun r = export(runDir(Models.pca(new double[] {1, 2, 3})), "spark", out);
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err()).contains("Spark's PCAModel does not").contains("projectionOffset");
    }

    @Test
    void aFailedRunsModelExportsWithANote() throws IOException {
        Path run = runDir(Models.lr());
        Path json = run.resolve(ModelJson.FILE);
        Files.writeString(json, Files.readString(json).replace("SUCCEEDED", "FAILED"));
        CliRun r = export(run, "pmml", tmp.resolve("failed.pmml"));
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err()).contains("the run FAILED");
    }

    @Test
    void anExistingOutIsRefusedAndLeftAsItWas() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("taken"));
        Files.writeString(out.resolve("keep.txt"), "mine");
        CliRun r = export(runDir(Models.lr()), "spark", out);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo(
                        "coded-yarn export: --out: "
                                + out
                                + " already exists; remove it or give another path");
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.toList()).containsExactly(out.resolve("keep.txt"));
        }
        assertNoTemporarySibling();
    }

    @Test
    void aBadModelFileIsOneLineNamingIt() throws IOException {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"format\": \"something-else\"}");
        Path out = tmp.resolve("o");
        CliRun r = export(bad, "spark", out);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
        assertThat(r.err()).contains(bad.toString()).contains("not a coded-yarn model");
        assertThat(out).doesNotExist();

        Path emptyRun = Files.createDirectories(tmp.resolve("old-run"));
        r = export(emptyRun, "pmml", out);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains(emptyRun + " is a directory without model.json");

        Path newer = tmp.resolve("newer.json");
        Files.writeString(
                newer,
                ModelJson.write(Models.lr())
                        .replace("\"formatVersion\" : 1", "\"formatVersion\" : 9"));
        r = export(newer, "pmml", out);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains(newer + ": formatVersion 9 is not supported");
        assertThat(out).doesNotExist();
    }

    @Test
    void pcaToPmmlAndUnknownFormatsAreRefusedBeforeWriting() throws IOException {
        Path out = tmp.resolve("o.pmml");
        String pca = runDir(Models.pca(new double[3])).toString();
        CliRun r = export(pca, "pmml", out);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("a pca model cannot be written as PMML");
        for (String f : List.of("onnx", "csv")) {
            r = export(pca, f, out);
            assertThat(r.rc()).isEqualTo(2);
            assertThat(r.err()).contains("--format").contains("spark, pmml");
        }
        assertThat(out).doesNotExist();
        assertNoTemporarySibling();
    }

    private static CliRun export(Object model, String format, Object out) {
        return CliRun.of(
                "export", "--model", model.toString(), "--format", format, "--out", out.toString());
    }

    private void assertNoTemporarySibling() throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.contains("._tmp-")))
                    .isEmpty();
        }
    }
}
