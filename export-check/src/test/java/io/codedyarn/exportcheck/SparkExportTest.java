package io.codedyarn.exportcheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.feature.PCAModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.regression.LinearRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.jpmml.evaluator.Evaluator;
import org.jpmml.evaluator.EvaluatorUtil;
import org.jpmml.evaluator.FieldValue;
import org.jpmml.evaluator.InputField;
import org.jpmml.evaluator.LoadingModelEvaluatorBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code coded-yarn export} against the real consumers, as a user would chain them: a CSV with a
 * header imported with --standardize, lr, lsq and pca trained (simulated cluster), each model
 * exported with bin/coded-yarn; Spark MLlib 4.0.1 loads the directories ({@code
 * LogisticRegressionModel.load}, {@code LinearRegressionModel.load}, {@code PCAModel.load}) and
 * transforms raw rows, JPMML-Evaluator scores the PMML files. Each prediction equals model.json's
 * formula (docs/formats.md) on the same raw rows to 1e-12 relative to the size of its terms (Spark
 * sums the dot product in its BLAS order, JPMML in its own: the last bits may differ).
 */
@Tag("spark-export")
class SparkExportTest {
    @TempDir static Path work;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double TOL = 1e-12;
    private static final int SCORED = 25;

    private static Data data;
    private static SparkSession spark;
    private static final Map<String, JsonNode> MODELS = new LinkedHashMap<>();
    private static final Map<String, Path> OUT = new LinkedHashMap<>();

    @BeforeAll
    static void trainAndExport() throws Exception {
        data = new Data(400, 29);
        Path lrCsv = data.csv(work.resolve("lr.csv"), true);
        Path lsqCsv = data.csv(work.resolve("lsq.csv"), false);
        for (String w : List.of("lr", "lsq", "pca")) {
            Path csv = w.equals("lsq") ? lsqCsv : lrCsv;
            String label = w.equals("lsq") ? "target" : "label";
            Path ds = work.resolve("ds-" + w);
            Cli.run(
                    "data",
                    "import",
                    "--format",
                    "csv",
                    "--input",
                    csv.toString(),
                    "--header",
                    "--label-column",
                    label,
                    "--standardize",
                    "--out",
                    ds.toString());
            Path run = work.resolve("run-" + w);
            List<String> train =
                    new ArrayList<>(
                            List.of(
                                    "train",
                                    "--cluster",
                                    "simulated",
                                    "--latency",
                                    "exp:eta=1",
                                    "--scheme",
                                    "uncoded",
                                    "--workers",
                                    "2",
                                    "--iterations",
                                    "60",
                                    "--workload",
                                    w,
                                    "--data",
                                    ds.toString(),
                                    "--out",
                                    run.toString()));
            if (w.equals("pca")) {
                train.addAll(List.of("--components", "2"));
            }
            Cli.run(train.toArray(String[]::new));
            MODELS.put(w, JSON.readTree(run.resolve("model.json").toFile()));
            Path spark = work.resolve("spark-" + w);
            String said =
                    Cli.run(
                            "export",
                            "--model",
                            run.toString(),
                            "--format",
                            "spark",
                            "--out",
                            spark.toString());
            assertThat(said).contains("in this order: age, income, clicks, hours");
            OUT.put(w + "-spark", spark);
            if (!w.equals("pca")) {
                Path pmml = work.resolve(w + ".pmml");
                Cli.run(
                        "export",
                        "--model",
                        run.resolve("model.json").toString(),
                        "--format",
                        "pmml",
                        "--out",
                        pmml.toString());
                OUT.put(w + "-pmml", pmml);
            }
        }
        spark =
                SparkSession.builder()
                        .master("local[1]")
                        .appName("coded-yarn export check")
                        .config("spark.ui.enabled", "false")
                        .config("spark.sql.shuffle.partitions", "1")
                        .getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void theModelsWereTrainedOnStandardisedDataWithNamedFeatures() {
        for (JsonNode m : MODELS.values()) {
            assertThat(strings(m.get("features"))).containsExactlyElementsOf(Data.FEATURES);
            assertThat(m.has("standardization")).isTrue();
        }
        // the PCA model subtracts a non-zero mean, which Spark's PCAModel does not
        assertThat(
                        java.util.Arrays.stream(doubles(MODELS.get("pca").get("mean")))
                                .anyMatch(x -> Math.abs(x) > 1))
                .isTrue();
    }

    @Test
    void sparkLogisticRegressionGivesModelJsonsProbabilities() {
        JsonNode m = MODELS.get("lr");
        LogisticRegressionModel model =
                LogisticRegressionModel.load(OUT.get("lr-spark").toString());
        assertThat(model.coefficients().toArray()).containsExactly(doubles(m.get("coefficients")));
        assertThat(model.intercept()).isEqualTo(m.get("intercept").asDouble());
        List<Row> rows =
                model.transform(frame()).select("probability", "prediction").collectAsList();
        int ones = 0;
        for (int i = 0; i < SCORED; i++) {
            double[] x = data.rows[i];
            double margin = linear(m, x);
            double p1 = 1 / (1 + Math.exp(-margin));
            Vector prob = rows.get(i).getAs(0);
            assertThat(prob.apply(1)).as("row %d", i).isCloseTo(p1, within(TOL * scale(m, x)));
            assertThat(prob.apply(0)).isCloseTo(1 - p1, within(TOL * scale(m, x)));
            double label = rows.get(i).getDouble(1);
            assertThat(label).isEqualTo(margin > 0 ? 1.0 : 0.0);
            ones += (int) label;
        }
        assertThat(ones).as("both classes among the scored rows").isBetween(1, SCORED - 1);
    }

    @Test
    void sparkLinearRegressionGivesModelJsonsPredictions() {
        JsonNode m = MODELS.get("lsq");
        LinearRegressionModel model = LinearRegressionModel.load(OUT.get("lsq-spark").toString());
        List<Row> rows = model.transform(frame()).select("prediction").collectAsList();
        for (int i = 0; i < SCORED; i++) {
            double[] x = data.rows[i];
            assertThat(rows.get(i).getDouble(0))
                    .as("row %d", i)
                    .isCloseTo(linear(m, x), within(TOL * scale(m, x)));
        }
    }

    @Test
    void sparkPcaProjectionsMinusTheOffsetAreModelJsonsScores() throws IOException {
        JsonNode m = MODELS.get("pca");
        PCAModel model = PCAModel.load(OUT.get("pca-spark").toString());
        assertThat(model.getK()).isEqualTo(2);
        JsonNode side = JSON.readTree(OUT.get("pca-spark").resolve("coded-yarn.json").toFile());
        double[] offset = doubles(side.get("projectionOffset"));
        double[] mean = doubles(m.get("mean"));
        List<Row> rows = model.transform(frame()).select("pcaFeatures").collectAsList();
        for (int i = 0; i < SCORED; i++) {
            double[] x = data.rows[i];
            Vector got = rows.get(i).getAs(0);
            for (int c = 0; c < 2; c++) {
                double[] v = doubles(m.get("components").get(c));
                double ours = 0;
                double size = 0;
                for (int j = 0; j < x.length; j++) {
                    ours += v[j] * (x[j] - mean[j]);
                    size += Math.abs(v[j] * x[j]) + Math.abs(v[j] * mean[j]);
                }
                assertThat(got.apply(c) - offset[c])
                        .as("row %d component %d", i, c)
                        .isCloseTo(ours, within(TOL * Math.max(1, size)));
            }
        }
    }

    @Test
    void jpmmlScoresTheLogisticRegressionPmmlAsModelJson() throws Exception {
        JsonNode m = MODELS.get("lr");
        Evaluator ev = evaluator(OUT.get("lr-pmml"));
        for (int i = 0; i < SCORED; i++) {
            double[] x = data.rows[i];
            Map<String, ?> res = EvaluatorUtil.decodeAll(ev.evaluate(arguments(ev, x)));
            double p1 = 1 / (1 + Math.exp(-linear(m, x)));
            assertThat((Double) res.get("probability(1)"))
                    .as("row %d", i)
                    .isCloseTo(p1, within(TOL * scale(m, x)));
            assertThat((Double) res.get("probability(-1)"))
                    .isCloseTo(1 - p1, within(TOL * scale(m, x)));
            assertThat(res.get("y").toString()).isEqualTo(p1 > 0.5 ? "1" : "-1");
        }
    }

    @Test
    void jpmmlScoresTheLeastSquaresPmmlAsModelJson() throws Exception {
        JsonNode m = MODELS.get("lsq");
        Evaluator ev = evaluator(OUT.get("lsq-pmml"));
        for (int i = 0; i < SCORED; i++) {
            double[] x = data.rows[i];
            Map<String, ?> res = EvaluatorUtil.decodeAll(ev.evaluate(arguments(ev, x)));
            assertThat(((Number) res.get("y")).doubleValue())
                    .as("row %d", i)
                    .isCloseTo(linear(m, x), within(TOL * scale(m, x)));
        }
    }

    private static Evaluator evaluator(Path pmml) throws Exception {
        Evaluator ev = new LoadingModelEvaluatorBuilder().load(pmml.toFile()).build();
        ev.verify();
        return ev;
    }

    private static Map<String, FieldValue> arguments(Evaluator ev, double[] x) {
        Map<String, FieldValue> args = new LinkedHashMap<>();
        for (InputField f : ev.getInputFields()) {
            args.put(f.getName(), f.prepare(x[Data.FEATURES.indexOf(f.getName())]));
        }
        return args;
    }

    /** The first rows as a DataFrame of one column {@code features}, in model.json's order. */
    private static Dataset<Row> frame() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < SCORED; i++) {
            rows.add(RowFactory.create(Vectors.dense(data.rows[i])));
        }
        return spark.createDataFrame(rows, new StructType().add("features", new VectorUDT()));
    }

    /** model.json's prediction before the link: Σ coefficients[j]·x_j + intercept. */
    private static double linear(JsonNode m, double[] x) {
        double[] w = doubles(m.get("coefficients"));
        double s = m.get("intercept").asDouble();
        for (int j = 0; j < x.length; j++) {
            s += w[j] * x[j];
        }
        return s;
    }

    /** The size of the terms summed (at least 1): what a different summation order rounds. */
    private static double scale(JsonNode m, double[] x) {
        double[] w = doubles(m.get("coefficients"));
        double s = Math.abs(m.get("intercept").asDouble());
        for (int j = 0; j < x.length; j++) {
            s += Math.abs(w[j] * x[j]);
        }
        return Math.max(1, s);
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.data.Offset.offset(d);
    }

    private static double[] doubles(JsonNode a) {
        double[] out = new double[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i).asDouble();
        }
        return out;
    }

    private static List<String> strings(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(n -> out.add(n.asText()));
        return out;
    }
}
