package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.model.OutputFormat;
import io.codedyarn.am.model.ScikitLearnReference;
import io.codedyarn.am.yarn.EmbeddedRuns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code predict} as a YARN job on a real MiniDFS + MiniYARN (the embedded cluster): the
 * Fashion-MNIST subset in 4 block files, each stored on one DataNode only, scored by scikit-learn's
 * logistic regression ({@code model-lr.json} of the committed reference). Every task runs beside
 * its data, the parts equal scikit-learn's probabilities to 1e-12, and a job whose task cannot read
 * its block leaves nothing under the output.
 */
class PredictOnClusterIT {
    private static EmbeddedCluster cluster;
    private static EmbeddedRuns runs;
    @TempDir static java.nio.file.Path tmp;
    private static Path data;

    @BeforeAll
    static void start() throws Exception {
        cluster = EmbeddedRuns.startCluster(PredictOnClusterIT.class, 1024);
        runs = new EmbeddedRuns(cluster);
        java.nio.file.Path local = tmp.resolve("fm");
        ScikitLearnReference.importFashionSubset(
                local, "--positive-labels", "0", "--block-size", "3m");
        data = runs.fs().makeQualified(new Path("/data/fm"));
        runs.fs().copyFromLocalFile(false, true, new Path(local.toUri()), data);
        for (FileStatus st : runs.fs().listStatus(data)) {
            runs.fs().setReplication(st.getPath(), (short) 1); // one DataNode holds each part
        }
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static Configuration conf() {
        Configuration c = runs.conf();
        c.set("coded-yarn.locality.wait-seconds", "60");
        return c;
    }

    private static String model() throws Exception {
        return Files.readString(
                java.nio.file.Path.of(
                        "src/test/resources/io/codedyarn/am/model/sklearn/model-lr.json"));
    }

    private static final ClusterPrediction.Request CSV =
            new ClusterPrediction.Request(OutputFormat.CSV, 0.5, List.of("row"), false);

    @Test
    void everyTaskRunsBesideItsBlockAndThePartsEqualScikitLearns() throws Exception {
        FileSystem fs = runs.fs();
        Path out = fs.makeQualified(new Path("/out/fm-lr"));
        PredictSubmitter.Outcome o = ClusterPrediction.yarn(conf(), data, fs, out, model(), CSV);
        assertThat(o.succeeded()).as(o.diagnostics()).isTrue();
        assertThat(o.diagnostics()).isEqualTo("4 parts, 4 data-local");
        List<String> names = new ArrayList<>();
        for (FileStatus st : fs.listStatus(out)) {
            names.add(st.getPath().getName());
        }
        assertThat(names)
                .containsExactlyInAnyOrder(
                        "_SUCCESS",
                        "part-00000.csv",
                        "part-00001.csv",
                        "part-00002.csv",
                        "part-00003.csv");
        List<String> expected =
                Files.readAllLines(
                        java.nio.file.Path.of(
                                "src/test/resources/io/codedyarn/am/model/sklearn/predictions.csv"));
        int row = 0;
        for (int p = 0; p < 4; p++) {
            List<String> lines;
            try (var in = fs.open(new Path(out, "part-0000" + p + ".csv"))) {
                lines = List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
            }
            assertThat(lines.get(0)).isEqualTo("row,probability,prediction");
            for (String line : lines.subList(1, lines.size())) {
                row++;
                String[] ours = line.split(",");
                String[] theirs = expected.get(row).split(",");
                assertThat(ours[0]).isEqualTo(theirs[0]);
                assertThat(Double.parseDouble(ours[1]))
                        .isCloseTo(Double.parseDouble(theirs[1]), within(1e-12));
            }
        }
        assertThat(row).isEqualTo(2000);
        assertThat(fs.listStatus(out.getParent())).hasSize(1); // no temporary sibling left
    }

    @Test
    void aJobWhoseTaskCannotReadItsBlockLeavesNothing() throws Exception {
        FileSystem fs = runs.fs();
        Path broken = fs.makeQualified(new Path("/data/fm-broken"));
        org.apache.hadoop.fs.FileUtil.copy(fs, data, fs, broken, false, conf());
        Path block = new Path(broken, "block-00002.cyd");
        long len = fs.getFileStatus(block).getLen();
        try (FSDataOutputStream o = fs.create(block, true)) {
            o.write(new byte[(int) Math.min(len, 100)]); // not a block file any more
        }
        Path out = fs.makeQualified(new Path("/out-broken/fm-lr"));
        PredictSubmitter.Outcome o = ClusterPrediction.yarn(conf(), broken, fs, out, model(), CSV);
        assertThat(o.succeeded()).isFalse();
        assertThat(o.diagnostics()).contains("part 2 failed 3 times");
        assertThat(fs.exists(out)).isFalse();
        assertThat(fs.exists(out.getParent()) ? fs.listStatus(out.getParent()) : new FileStatus[0])
                .isEmpty();
    }
}
