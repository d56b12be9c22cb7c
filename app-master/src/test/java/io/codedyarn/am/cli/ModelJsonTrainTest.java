package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.am.output.ModelJson;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code model.json} from {@code data import} to {@code train --cluster simulated}, through the
 * CLI: the header's names, the standardisation undone, the double intercept refused.
 */
class ModelJsonTrainTest {
    @TempDir Path tmp;

    private static final int N = 120;

    /**
     * A CSV with a header, imported with {@code --standardize}: the model names the header's
     * columns, predicts on the RAW rows exactly what {@code model.csv} (the trained model) predicts
     * on the stored ones, and is the raw least-squares solution (closed form) to the optimiser's
     * convergence.
     */
    @Test
    void aStandardisedImportGivesTheRawModelWithTheHeadersNames() throws Exception {
        double[][] raw = rows();
        Path csv = csv(raw, "age,income,height,y");
        String data = importCsv(csv, "std", "--header", "--standardize");
        CliRun r = train("lsq", "--workload", "lsq", "--iterations", "200", "--data", data);
        assertThat(r.rc()).as(r.err()).isZero();
        ModelJson.Model m = model("lsq");
        assertThat(m.workload()).isEqualTo("lsq");
        assertThat(m.features()).containsExactly("age", "income", "height");
        assertThat(m.lambda()).isZero();
        assertThat(m.training().intercept()).isEqualTo("train");
        assertThat(m.training().scheme()).isEqualTo("uncoded");
        assertThat(m.training().status()).isEqualTo("SUCCEEDED");
        assertThat(m.dataset().transformations()).containsExactly("standardize");
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(Files.readAllBytes(Path.of(data, "manifest.json")));
        assertThat(m.dataset().manifestCrc32c()).isEqualTo(crc.getValue());

        // model.csv: the trained model on the stored (standardised) columns, the intercept last
        Map<String, Double> trained = modelCsv("lsq");
        double[][] stored = stored(data);
        for (int i = 0; i < N; i++) {
            double onStored = trained.get("intercept");
            for (int j = 0; j < 3; j++) {
                onStored += trained.get(Integer.toString(j)) * stored[i][j];
            }
            double onRaw = m.intercept();
            for (int j = 0; j < 3; j++) {
                onRaw += m.coefficients()[j] * raw[i][j];
            }
            assertThat(onRaw).as("row " + i).isCloseTo(onStored, within(1e-9));
        }
        double[] reference = rawLeastSquares(raw);
        for (int j = 0; j < 3; j++) {
            assertThat(m.coefficients()[j])
                    .as(m.features().get(j))
                    .isCloseTo(reference[j], within(1e-6 * Math.abs(reference[j])));
        }
        assertThat(m.intercept()).isCloseTo(reference[3], within(1e-6 * Math.abs(reference[3])));
    }

    /**
     * {@code data import --intercept} with train's default intercept is refused before anything
     * runs, naming {@code --no-intercept}; with it the dataset's column is the model's intercept.
     */
    @Test
    void theDoubleInterceptIsRefusedAndNoInterceptUsesTheDatasetsColumn() throws Exception {
        double[][] raw = rows();
        String data = importCsv(csv(raw, null), "icpt", "--intercept", "--positive-labels", "1");
        CliRun refused = train("twice", "--iterations", "5", "--data", data);
        assertThat(refused.rc()).isEqualTo(2);
        assertThat(refused.err())
                .contains(
                        "--no-intercept: the dataset "
                                + data
                                + " already has an intercept column (column 3, all ones,"
                                + " appended by data import --intercept)");
        assertThat(tmp.resolve("twice")).doesNotExist();

        CliRun once = train("once", "--iterations", "5", "--no-intercept", "--data", data);
        assertThat(once.rc()).as(once.err()).isZero();
        ModelJson.Model m = model("once");
        assertThat(m.features()).containsExactly("x0", "x1", "x2");
        assertThat(m.training().intercept()).isEqualTo("dataset");
        Map<String, Double> trained = modelCsv("once"); // no intercept row: column 3 is the ones
        assertThat(trained).containsOnlyKeys("0", "1", "2", "3");
        assertThat(m.intercept()).isEqualTo(trained.get("3"));
        assertThat(m.coefficients())
                .containsExactly(trained.get("0"), trained.get("1"), trained.get("2"));
        assertThat(m.lambda()).isEqualTo(1.0 / N);
    }

    /** PCA on the built-in data: one explained-variance share per component, adding up. */
    @Test
    void pcaOnTheBuiltInDataListsTheExplainedVariancePerComponent() throws Exception {
        CliRun r = train("pca", "--workload", "pca", "--components", "3", "--iterations", "10");
        assertThat(r.rc()).as(r.err()).isZero();
        ModelJson.Model m = model("pca");
        assertThat(m.features()).hasSize(100).startsWith("x0", "x1");
        assertThat(m.components()).hasNumberOfRows(3);
        assertThat(m.components()[0]).hasSize(100);
        assertThat(m.mean()).hasSize(100).containsOnly(0.0);
        assertThat(m.explainedVariance()).hasSize(3);
        double sum = 0;
        for (double v : m.explainedVariance()) {
            assertThat(v).isBetween(0.0, 1.0);
            sum += v;
        }
        assertThat(sum).isCloseTo(m.training().objective(), within(1e-12));
        assertThat(m.dataset().manifestCrc32c()).isNotNull();
        assertThat(m.coefficients()).isNull();
    }

    // ---- fixtures

    /** Three raw columns of very different offsets and scales; y linear in them plus noise. */
    private static double[][] rows() {
        RandomGenerator rng = Seeds.generator(21);
        double[][] x = new double[N][4];
        for (int i = 0; i < N; i++) {
            x[i][0] = 40 + 12 * rng.nextGaussian();
            x[i][1] = 30_000 + 9_000 * rng.nextGaussian();
            x[i][2] = 1.7 + 0.1 * rng.nextGaussian();
            x[i][3] = 3 + 0.05 * x[i][0] - 2e-5 * x[i][1] + 4 * x[i][2] + 0.3 * rng.nextGaussian();
        }
        return x;
    }

    private Path csv(double[][] rows, String header) throws IOException {
        StringBuilder b = new StringBuilder();
        if (header != null) {
            b.append(header).append('\n');
        }
        for (double[] r : rows) {
            b.append(r[0]).append(',').append(r[1]).append(',').append(r[2]).append(',');
            b.append(header == null ? (r[3] > 12 ? "1" : "0") : Double.toString(r[3]));
            b.append('\n');
        }
        Path f = tmp.resolve(header == null ? "plain.csv" : "named.csv");
        Files.writeString(f, b);
        return f;
    }

    private String importCsv(Path csv, String name, String... extra) {
        String out = tmp.resolve(name).toString();
        CliRun r = cli("data import --format csv --quiet --input " + csv + " --out " + out, extra);
        assertThat(r.rc()).as(r.err()).isZero();
        return out;
    }

    /** Simulated uncoded training on 2 workers into tmp/out. */
    private CliRun train(String out, String... extra) {
        String fixed = "train --cluster simulated --latency exp:eta=1 --scheme uncoded --workers 2";
        return cli(fixed + " --out " + tmp.resolve(out), extra);
    }

    /** The CLI on the words of {@code line} (no spaces inside one) and then {@code extra}. */
    private static CliRun cli(String line, String... extra) {
        List<String> a = new ArrayList<>(List.of(line.split(" ")));
        a.addAll(List.of(extra));
        return CliRun.of(a.toArray(String[]::new));
    }

    private ModelJson.Model model(String run) throws IOException {
        return ModelJson.read(
                Files.readAllBytes(tmp.resolve(run).resolve(ModelJson.FILE)), run + "/model.json");
    }

    /** model.csv as feature → value. */
    private Map<String, Double> modelCsv(String run) throws IOException {
        Map<String, Double> out = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(tmp.resolve(run).resolve("model.csv"));
        assertThat(lines.get(0)).isEqualTo("feature,value");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            out.put(f[0], Double.parseDouble(f[1]));
        }
        return out;
    }

    /** The rows as the dataset stores them. */
    private static double[][] stored(String dir) throws IOException {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        var reader =
                io.codedyarn.hdfs.dataset.DatasetReader.open(
                        fs, new org.apache.hadoop.fs.Path(Path.of(dir).toUri()));
        var block =
                (io.codedyarn.hdfs.dataset.DenseBlock) reader.readRows(1, reader.manifest().rows());
        double[][] out = new double[N][3];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < 3; j++) {
                out[i][j] = block.get(i, j);
            }
        }
        return out;
    }

    /** argmin ‖[X, 1]θ − y‖ on the raw rows by QR: the coefficients, then the intercept. */
    private static double[] rawLeastSquares(double[][] rows) {
        RealMatrix a = new Array2DRowRealMatrix(N, 4);
        double[] y = new double[N];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < 3; j++) {
                a.setEntry(i, j, rows[i][j]);
            }
            a.setEntry(i, 3, 1.0);
            y[i] = rows[i][3];
        }
        return new QRDecomposition(a).getSolver().solve(new ArrayRealVector(y)).toArray();
    }
}
