package io.codedyarn.am.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.DatasetTransform;
import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.FeatureNames;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.hdfs.dataset.RowBlock;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ModelJson}: the standardisation undone against an independent reference, the intercept's
 * sources, PCA, the round trip and the refusals.
 */
class ModelJsonTest {
    @TempDir java.nio.file.Path tmp;

    private static final int N = 80;
    private static final String[] NAMES = {"age", "income", "height"};

    /**
     * Least squares is invariant under an affine change of the features when the model has an
     * intercept, so the closed-form (QR) solution on the raw rows is the reference: the solution on
     * the rows {@code data import --standardize} stored, turned to raw space by {@link ModelJson},
     * must be it. Dense data is centred and scaled, CSR only scaled; the intercept is train's
     * appended column, or the dataset's own ({@code --intercept} with {@code --no-intercept}).
     */
    @ParameterizedTest(name = "{0}, dataset intercept {1}")
    @CsvSource({"dense, false", "dense, true", "csr, false", "csr, true"})
    void undoesTheStandardisationExactlyAgainstTheRawClosedForm(
            String storage, boolean datasetIntercept) throws Exception {
        Storage layout = Storage.valueOf(storage.toUpperCase(java.util.Locale.ROOT));
        double[][] raw = rawRows();
        double[] y = labels(raw);
        Path dir = standardised(raw, y, layout, datasetIntercept);
        ModelDataset data = ModelDataset.read(fs(), dir);
        assertThat(data.standardization()).isNotNull();
        assertThat(data.standardization().centred()).isEqualTo(layout == Storage.DENSE);

        // trained on the stored rows: train appends the intercept unless the dataset has one
        double[][] stored = storedRows(dir);
        double[] w = leastSquares(stored, y, !datasetIntercept);
        RunResult result = result(w, null);
        ModelJson.Model m = ModelJson.of(spec(Workload.LSQ, !datasetIntercept, 0), result, data);

        double[] reference = leastSquares(raw, y, true); // raw coefficients, then the intercept
        assertThat(m.features()).containsExactly(NAMES);
        assertThat(m.coefficients()).hasSize(3);
        for (int j = 0; j < 3; j++) {
            assertThat(m.coefficients()[j])
                    .as("coefficient " + NAMES[j])
                    .isCloseTo(reference[j], within(1e-9 * Math.abs(reference[j])));
        }
        assertThat(m.intercept()).isCloseTo(reference[3], within(1e-9 * Math.abs(reference[3])));
        assertThat(m.training().intercept()).isEqualTo(datasetIntercept ? "dataset" : "train");
        // and whatever the model, the raw model predicts on raw rows what the trained one did
        double[] any = Seeds.generator(3).doubles(w.length, -2, 2).toArray();
        ModelJson.Model other =
                ModelJson.of(spec(Workload.LSQ, !datasetIntercept, 0), result(any, null), data);
        for (int i = 0; i < N; i++) {
            double trained = datasetIntercept ? 0 : any[stored[i].length];
            for (int j = 0; j < stored[i].length; j++) {
                trained += any[j] * stored[i][j];
            }
            double rawPrediction = other.intercept();
            for (int j = 0; j < 3; j++) {
                rawPrediction += other.coefficients()[j] * raw[i][j];
            }
            assertThat(rawPrediction).as("row " + i).isCloseTo(trained, within(1e-9));
        }
        assertThat(m.standardization().scale()[1])
                .as("1/std of the income column")
                .isCloseTo(1 / std(raw, 1), within(1e-12));
        assertThat(m.standardization().centre()[1])
                .isCloseTo(layout == Storage.DENSE ? mean(raw, 1) : 0.0, within(1e-9));
    }

    /** Without standardisation the coefficients are the trained ones, bit for bit. */
    @Test
    void anUnstandardisedModelIsTheTrainedOneAndTheInterceptItsOwnField() throws Exception {
        Path dir = write(rawRows(), labels(rawRows()), Storage.DENSE, "plain");
        ModelDataset data = ModelDataset.read(fs(), dir);
        double[] w = {0.25, -1.5, 3e-7, 0.75};
        ModelJson.Model m = ModelJson.of(spec(Workload.LR, true, 0), result(w, null), data);
        assertThat(m.workload()).isEqualTo("lr");
        assertThat(m.coefficients()).containsExactly(0.25, -1.5, 3e-7);
        assertThat(m.intercept()).isEqualTo(0.75);
        assertThat(m.standardization()).isNull();
        assertThat(m.lambda()).as("lr's default 1/n").isEqualTo(1.0 / N);
        assertThat(m.components()).isNull();
        assertThat(m.dataset().rows()).isEqualTo(N);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(Files.readAllBytes(tmp.resolve("plain/manifest.json")));
        assertThat(m.dataset().manifestCrc32c()).isEqualTo(crc.getValue());
        ModelJson.Model none = ModelJson.of(spec(Workload.LR, false, 0), result(w, null), data);
        assertThat(none.intercept()).isZero();
        assertThat(none.training().intercept()).isEqualTo("none");
    }

    /**
     * PCA: a raw row's score, Σ_j components[c][j]·(x_j − mean_j), is the trained V's score of the
     * stored row; without standardisation the components are V itself and the mean 0.
     */
    @Test
    void pcaScoresRawRowsAsTheTrainedComponentsScoreStoredOnes() throws Exception {
        double[][] raw = rawRows();
        Path dir = standardised(raw, null, Storage.DENSE, false);
        ModelDataset data = ModelDataset.read(fs(), dir);
        double[][] stored = storedRows(dir);
        int k = 2;
        double[] v = Seeds.generator(9).doubles(3 * k, -1, 1).toArray(); // d×k row-major
        double[] explained = {0.6, 0.3};
        ModelJson.Model m = ModelJson.of(spec(Workload.PCA, true, k), result(v, explained), data);
        assertThat(m.coefficients()).isNull();
        assertThat(m.intercept()).isNull();
        assertThat(m.lambda()).isNull();
        assertThat(m.training().intercept()).isNull();
        assertThat(m.explainedVariance()).containsExactly(0.6, 0.3);
        assertThat(m.components()).hasNumberOfRows(k);
        for (int i = 0; i < N; i++) {
            for (int c = 0; c < k; c++) {
                double trained = 0;
                double fromRaw = 0;
                for (int j = 0; j < 3; j++) {
                    trained += v[j * k + c] * stored[i][j];
                    fromRaw += m.components()[c][j] * (raw[i][j] - m.mean()[j]);
                }
                assertThat(fromRaw).as("row " + i + " pc" + c).isCloseTo(trained, within(1e-12));
            }
        }
        ModelDataset plain = ModelDataset.read(fs(), write(raw, null, Storage.DENSE, "pca"));
        ModelJson.Model p = ModelJson.of(spec(Workload.PCA, true, k), result(v, null), plain);
        assertThat(p.components()[0]).containsExactly(v[0], v[2], v[4]);
        assertThat(p.components()[1]).containsExactly(v[1], v[3], v[5]);
        assertThat(p.mean()).containsExactly(0, 0, 0);
        assertThat(p.explainedVariance()).isNull();
    }

    /** What is written reads back, number for number; a newer version is refused by name. */
    @Test
    void roundTripsAndRefusesANewerVersionAnotherFormatAndLengthsThatDoNotFit() throws Exception {
        ModelDataset data =
                ModelDataset.read(fs(), standardised(rawRows(), null, Storage.DENSE, true));
        double[] w = {0.1, 1.0 / 3, -2.5e-300, Math.PI};
        ModelJson.Model m = ModelJson.of(spec(Workload.LR, false, 0), result(w, null), data);
        String text = ModelJson.write(m);
        assertThat(text).contains("\"format\" : \"coded-yarn-model\"");
        assertThat(text).contains("\"formatVersion\" : 1");
        assertThat(text).doesNotContain("components").doesNotContain("explainedVariance");
        ModelJson.Model back = ModelJson.read(text.getBytes(StandardCharsets.UTF_8), "m.json");
        assertThat(back.coefficients()).containsExactly(m.coefficients());
        assertThat(back.intercept()).isEqualTo(m.intercept());
        assertThat(back.standardization().centre()).containsExactly(m.standardization().centre());
        assertThat(back.standardization().scale()).containsExactly(m.standardization().scale());
        assertThat(back.features()).isEqualTo(m.features()).containsExactly(NAMES);
        assertThat(back.training()).isEqualTo(m.training());
        assertThat(back.dataset()).isEqualTo(m.dataset());
        assertThat(back.dataset().transformations()).containsExactly("standardize", "intercept");
        assertThat(back.lambda()).isEqualTo(m.lambda());
        // a field this reader does not know (a later writer's, same version) is ignored
        String extra = text.replaceFirst("\\{", "{ \"calibration\" : [ 1, 2 ],");
        assertThat(ModelJson.read(extra.getBytes(StandardCharsets.UTF_8), "m").coefficients())
                .containsExactly(m.coefficients());

        // a diverged run's model is still valid JSON, its non-finite numbers as strings
        double[] diverged = {Double.NaN, Double.POSITIVE_INFINITY, 1, 2};
        String nan =
                ModelJson.write(
                        ModelJson.of(spec(Workload.LR, false, 0), result(diverged, null), data));
        assertThat(nan).contains("\"NaN\"").contains("\"Infinity\"");
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(nan); // strict JSON
        ModelJson.Model readBack = ModelJson.read(nan.getBytes(StandardCharsets.UTF_8), "nan.json");
        assertThat(readBack.coefficients()[0]).isNaN();
        assertThat(readBack.coefficients()[1]).isInfinite();

        String newer = text.replace("\"formatVersion\" : 1", "\"formatVersion\" : 2");
        assertThatThrownBy(() -> ModelJson.read(newer.getBytes(StandardCharsets.UTF_8), "m.json"))
                .isInstanceOf(ModelJson.InvalidModelException.class)
                .hasMessage(
                        "m.json: formatVersion 2 is not supported (this reader understands 1..1;"
                                + " the model was written by a newer coded-yarn: read it with"
                                + " that version)");
        String other = text.replace("coded-yarn-model", "coded-yarn-dataset");
        assertThatThrownBy(() -> ModelJson.read(other.getBytes(StandardCharsets.UTF_8), "m.json"))
                .hasMessage(
                        "m.json: not a coded-yarn model: field 'format' is \"coded-yarn-dataset\","
                                + " expected 'coded-yarn-model'");
        String shorter = text.replace("\"age\", ", "");
        assertThat(shorter).isNotEqualTo(text);
        assertThatThrownBy(() -> ModelJson.read(shorter.getBytes(StandardCharsets.UTF_8), "m.json"))
                .hasMessage("m.json: field 'coefficients' has 3 numbers for 2 features");
        assertThatThrownBy(() -> ModelJson.read("[1]".getBytes(StandardCharsets.UTF_8), "m.json"))
                .hasMessage("m.json: not a JSON object");
    }

    /**
     * The double intercept: a dataset imported with {@code --intercept} and train's default
     * intercept would train two identical bias columns; refused, naming {@code --no-intercept}.
     */
    @Test
    void refusesTheDoubleInterceptButNotWithNoInterceptOrForPca() throws Exception {
        ModelDataset data =
                ModelDataset.read(fs(), standardised(rawRows(), null, Storage.DENSE, true));
        assertThatThrownBy(() -> data.refuseDoubleIntercept(spec(Workload.LR, true, 0), "d/x"))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageStartingWith(
                        "--no-intercept: the dataset d/x already has an intercept column (column 3,"
                                + " all ones, appended by data import --intercept)");
        data.refuseDoubleIntercept(spec(Workload.LR, false, 0), "d/x");
        data.refuseDoubleIntercept(spec(Workload.PCA, true, 2), "d/x");
        ModelDataset.read(fs(), write(rawRows(), null, Storage.DENSE, "plain"))
                .refuseDoubleIntercept(spec(Workload.LSQ, true, 0), "d/y");
    }

    // ---- fixtures

    private static FileSystem fs() throws IOException {
        return FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }

    /** Three columns of different offsets and scales; some zeros, so CSR stores fewer. */
    private static double[][] rawRows() {
        RandomGenerator rng = Seeds.generator(5);
        double[][] x = new double[N][3];
        for (int i = 0; i < N; i++) {
            x[i][0] = 40 + 12 * rng.nextGaussian();
            x[i][1] = i % 4 == 0 ? 0 : 30_000 + 9_000 * rng.nextGaussian();
            x[i][2] = 1.7 + 0.1 * rng.nextGaussian();
        }
        return x;
    }

    private static double[] labels(double[][] x) {
        RandomGenerator rng = Seeds.generator(6);
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = 3 + 0.05 * x[i][0] - 2e-5 * x[i][1] + 4 * x[i][2] + 0.3 * rng.nextGaussian();
        }
        return y;
    }

    private Path write(double[][] x, double[] y, Storage storage, String name) throws IOException {
        Path dir = new Path(tmp.resolve(name).toUri());
        DatasetSpec spec =
                new DatasetSpec(
                        storage,
                        3,
                        y == null ? LabelSpec.NONE : LabelSpec.CONTINUOUS,
                        List.of(),
                        null,
                        Map.of(),
                        new FeatureNames.Listed(List.of(NAMES)));
        try (DatasetWriter w = DatasetWriter.create(fs(), dir, spec, WriterOptions.defaults())) {
            for (int i = 0; i < x.length; i++) {
                if (storage == Storage.DENSE) {
                    if (y == null) {
                        w.appendDense(x[i]);
                    } else {
                        w.appendDense(x[i], y[i]);
                    }
                } else {
                    int[] idx = new int[3];
                    double[] vals = new double[3];
                    int len = 0;
                    for (int j = 0; j < 3; j++) {
                        if (x[i][j] != 0) {
                            idx[len] = j;
                            vals[len++] = x[i][j];
                        }
                    }
                    w.appendSparse(idx, vals, len, y[i]);
                }
            }
            w.commit();
        }
        return dir;
    }

    /** {@code data import --standardize [--intercept]}'s transform of the raw rows. */
    private Path standardised(double[][] x, double[] y, Storage storage, boolean intercept)
            throws IOException {
        Path raw = write(x, y, storage, "raw-" + storage + intercept);
        DatasetTransform t = DatasetTransform.of(DatasetReader.open(fs(), raw)).standardize();
        if (intercept) {
            t.intercept();
        }
        Path dir = new Path(tmp.resolve("std-" + storage + intercept).toUri());
        t.writeTo(fs(), dir, WriterOptions.defaults());
        return dir;
    }

    private static double[][] storedRows(Path dir) throws IOException {
        DatasetReader r = DatasetReader.open(fs(), dir);
        RowBlock b = r.readRows(1, r.manifest().rows());
        double[][] out = new double[b.rows()][];
        for (int i = 0; i < b.rows(); i++) {
            if (b instanceof DenseBlock d) {
                out[i] = new double[d.cols()];
                for (int j = 0; j < d.cols(); j++) {
                    out[i][j] = d.get(i, j);
                }
            } else {
                out[i] = ((CsrBlock) b).denseRow(i);
            }
        }
        return out;
    }

    /** argmin ‖[X, 1?]θ − y‖ by QR (Commons Math): the coefficients, then the intercept. */
    private static double[] leastSquares(double[][] x, double[] y, boolean intercept) {
        int d = x[0].length + (intercept ? 1 : 0);
        RealMatrix a = new Array2DRowRealMatrix(x.length, d);
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x[i].length; j++) {
                a.setEntry(i, j, x[i][j]);
            }
            if (intercept) {
                a.setEntry(i, d - 1, 1.0);
            }
        }
        return new QRDecomposition(a).getSolver().solve(new ArrayRealVector(y)).toArray();
    }

    private static double mean(double[][] x, int j) {
        double s = 0;
        for (double[] row : x) {
            s += row[j];
        }
        return s / x.length;
    }

    /** Population standard deviation, as {@code --standardize} computes it. */
    private static double std(double[][] x, int j) {
        double m = mean(x, j);
        double s = 0;
        for (double[] row : x) {
            s += (row[j] - m) * (row[j] - m);
        }
        return Math.sqrt(s / x.length);
    }

    private static TrainSpec spec(Workload workload, boolean intercept, int components) {
        return io.codedyarn.am.Specs.uncoded(workload, intercept, components, 10);
    }

    private static RunResult result(double[] model, double[] explained) {
        return new RunResult(
                true, "", model, 0.5, 10, 1.25, List.of(), List.of(), List.of(), explained);
    }
}
