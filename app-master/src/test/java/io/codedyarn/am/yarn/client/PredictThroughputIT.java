package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.model.OutputFormat;
import io.codedyarn.am.output.ModelJson;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The measurement of docs/performance.md, "predict on the embedded cluster": on one embedded
 * cluster, a generated higgs-like dataset (-Dpredict.rows, default 1,000,000 × 28, 4 block files),
 * read 3 times by {@code data verify}'s {@link DatasetVerifier} and scored 3 times by {@code
 * predict}'s YARN job (CSV); prints and writes to target/predict-throughput.txt the medians in rows
 * per second. A measurement, not a check: it runs only when asked ({@code
 * -Dpredict.throughput=true}, in the system profile), so that neither the default build nor CI
 * spends its minutes on it.
 */
@Tag("system")
@org.junit.jupiter.api.condition.EnabledIfSystemProperty(
        named = "predict.throughput",
        matches = "true")
class PredictThroughputIT {
    @Test
    void predictRowsPerSecondAgainstVerifysReadRate() throws Exception {
        long rows = Long.getLong("predict.rows", 1_000_000);
        try (EmbeddedCluster cluster = EmbeddedRuns.startCluster(PredictThroughputIT.class, 2048)) {
            EmbeddedRuns runs = new EmbeddedRuns(cluster);
            FileSystem fs = runs.fs();
            Path data = fs.makeQualified(new Path("/data/higgs"));
            Manifest m =
                    Generators.generate(
                            fs,
                            data,
                            Generators.create(GeneratorParams.of("higgs-like", rows, null, 7)),
                            WriterOptions.defaults()
                                    .withTargetBlockBytes(rows * 29 * 8 / 4 + (1 << 20)),
                            null);
            List<String> names = m.spec().featureNames();
            double[] w = new double[names.size()];
            for (int j = 0; j < w.length; j++) {
                w[j] = 0.01 * (j - 14);
            }
            String model =
                    ModelJson.write(
                            new ModelJson.Model(
                                    ModelJson.FORMAT,
                                    1,
                                    "lr",
                                    names,
                                    w,
                                    0.1,
                                    null,
                                    null,
                                    null,
                                    null,
                                    null,
                                    null,
                                    null));
            double[] verify = new double[3];
            double[] predict = new double[3];
            String diagnostics = "";
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                assertThat(DatasetVerifier.verify(fs, data).isOk()).isTrue();
                verify[i] = rows / ((System.nanoTime() - t0) / 1e9);
                Path out = fs.makeQualified(new Path("/out/p" + i));
                t0 = System.nanoTime();
                PredictSubmitter.Outcome o =
                        ClusterPrediction.yarn(
                                runs.conf(),
                                data,
                                fs,
                                out,
                                model,
                                new ClusterPrediction.Request(
                                        OutputFormat.CSV, 0.5, List.of(), false));
                predict[i] = rows / ((System.nanoTime() - t0) / 1e9);
                assertThat(o.succeeded()).as(o.diagnostics()).isTrue();
                diagnostics = o.diagnostics();
            }
            String line =
                    String.format(
                            Locale.ROOT,
                            "rows %d, blocks %d: data verify %s rows/s (median %.0f); predict %s"
                                    + " rows/s (median %.0f, %s); load %s",
                            rows,
                            m.blocks().size(),
                            Arrays.toString(round(verify)),
                            median(verify),
                            Arrays.toString(round(predict)),
                            median(predict),
                            diagnostics,
                            Files.readString(java.nio.file.Path.of("/proc/loadavg")).strip());
            System.out.println(line);
            Files.writeString(java.nio.file.Path.of("target/predict-throughput.txt"), line + "\n");
        }
    }

    private static long[] round(double[] v) {
        return Arrays.stream(v).mapToLong(Math::round).toArray();
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
