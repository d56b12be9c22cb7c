package io.codedyarn.am.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.codedyarn.am.export.SparkParquet.Column;
import io.codedyarn.am.export.SparkParquet.Value;
import io.codedyarn.am.output.ModelJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * {@code export --format spark}: the directory a Spark ML model's {@code save} writes and its
 * {@code load} reads.
 *
 * <pre>
 *   metadata/part-00000    one JSON line: class, timestamp, sparkVersion, uid, paramMap,
 *                          defaultParamMap (DefaultParamsWriter's layout)
 *   metadata/_SUCCESS
 *   data/part-00000-UUID-c000.parquet   one row (SparkParquet)
 *   data/_SUCCESS
 *   coded-yarn.json        not Spark's: the features' order, the source, PCA's mean (Spark
 *                          ignores files beside metadata/ and data/)
 * </pre>
 *
 * lr is a binomial {@code LogisticRegressionModel} (numClasses 2, a 1 × d coefficient matrix, one
 * intercept; Spark's label 1.0 is coded-yarn's +1 and 0.0 its −1), lsq a {@code
 * LinearRegressionModel} (intercept, coefficients, scale 1: squared-error loss), pca a {@code
 * PCAModel} (pc the d × k matrix of the raw-space components, explainedVariance per component as
 * model.json has it). The metadata names Spark 3.5.0, whose readers (and 4.x's) take this layout;
 * its params are only those that exist in every Spark since 3.0, since a reader refuses a param it
 * does not know.
 */
public final class SparkModel {
    /** The version written into the metadata and the footer. */
    public static final String SPARK_VERSION = "3.5.0";

    /** The file beside metadata/ and data/ that says what the vector's entries are. */
    public static final String SIDE_FILE = "coded-yarn.json";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper PRETTY =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What was written: the Spark class and its features column. */
    public record Written(String sparkClass, String inputCol, double[] projectionOffset) {}

    private SparkModel() {}

    /** Writes the model's directory at {@code dir} (which must not exist). */
    public static Written write(ModelJson.Model m, Path dir, String source) throws IOException {
        Files.createDirectory(dir);
        String workload = m.workload();
        ObjectNode params = JSON.createObjectNode();
        ObjectNode defaults = JSON.createObjectNode();
        List<Column> columns = new ArrayList<>();
        List<Value> values = new ArrayList<>();
        String cls;
        String uid;
        String inputCol = "features";
        double[] offset = null;
        int d = m.features().size();
        if (workload.equals("pca")) {
            cls = "org.apache.spark.ml.feature.PCAModel";
            uid = uid("pca");
            double[][] comps = m.components();
            int k = comps.length;
            double[] pc = new double[d * k];
            for (int c = 0; c < k; c++) {
                System.arraycopy(comps[c], 0, pc, c * d, d);
            }
            double[] ev = m.explainedVariance() == null ? new double[0] : m.explainedVariance();
            columns.add(SparkParquet.matrixColumn("pc"));
            values.add(new SparkParquet.DenseMatrix(d, k, pc, false));
            columns.add(SparkParquet.vectorColumn("explainedVariance"));
            values.add(new SparkParquet.DenseVector(ev));
            params.put("k", k).put("inputCol", inputCol).put("outputCol", "pcaFeatures");
            defaults.put("outputCol", uid + "__output");
            offset = projectionOffset(comps, m.mean());
        } else if (workload.equals("lr")) {
            cls = "org.apache.spark.ml.classification.LogisticRegressionModel";
            uid = uid("logreg");
            columns.add(SparkParquet.intColumn("numClasses"));
            values.add(new SparkParquet.Int(2));
            columns.add(SparkParquet.intColumn("numFeatures"));
            values.add(new SparkParquet.Int(d));
            columns.add(SparkParquet.vectorColumn("interceptVector"));
            values.add(new SparkParquet.DenseVector(new double[] {m.intercept()}));
            columns.add(SparkParquet.matrixColumn("coefficientMatrix"));
            values.add(new SparkParquet.DenseMatrix(1, d, m.coefficients().clone(), true));
            columns.add(SparkParquet.booleanColumn("isMultinomial"));
            values.add(new SparkParquet.Bool(false));
            params.put("family", "binomial");
            defaults.put("featuresCol", inputCol)
                    .put("labelCol", "label")
                    .put("predictionCol", "prediction")
                    .put("probabilityCol", "probability")
                    .put("rawPredictionCol", "rawPrediction")
                    .put("threshold", 0.5);
        } else {
            cls = "org.apache.spark.ml.regression.LinearRegressionModel";
            uid = uid("linReg");
            columns.add(SparkParquet.doubleColumn("intercept"));
            values.add(new SparkParquet.Real(m.intercept()));
            columns.add(SparkParquet.vectorColumn("coefficients"));
            values.add(new SparkParquet.DenseVector(m.coefficients().clone()));
            columns.add(SparkParquet.doubleColumn("scale"));
            values.add(new SparkParquet.Real(1.0));
            defaults.put("featuresCol", inputCol)
                    .put("labelCol", "label")
                    .put("predictionCol", "prediction");
        }
        ObjectNode meta = JSON.createObjectNode();
        meta.put("class", cls);
        meta.put("timestamp", System.currentTimeMillis());
        meta.put("sparkVersion", SPARK_VERSION);
        meta.put("uid", uid);
        meta.set("paramMap", params);
        meta.set("defaultParamMap", defaults);
        Path metadata = Files.createDirectory(dir.resolve("metadata"));
        Files.writeString(metadata.resolve("part-00000"), JSON.writeValueAsString(meta) + "\n");
        Files.write(metadata.resolve("_SUCCESS"), new byte[0]);
        Path data = Files.createDirectory(dir.resolve("data"));
        SparkParquet.write(
                data.resolve("part-00000-" + UUID.randomUUID() + "-c000.parquet"),
                columns,
                values,
                SPARK_VERSION);
        Files.write(data.resolve("_SUCCESS"), new byte[0]);
        Files.write(
                dir.resolve(SIDE_FILE),
                side(m, cls, inputCol, source, offset).getBytes(StandardCharsets.UTF_8));
        return new Written(cls, inputCol, offset);
    }

    /**
     * Per component, Σ_j components[c][j]·mean[j]: Spark's PCAModel projects x without subtracting
     * a mean, so its output minus this is model.json's score; null when the mean is all zero.
     */
    static double[] projectionOffset(double[][] components, double[] mean) {
        boolean zero = true;
        for (double x : mean) {
            zero &= x == 0;
        }
        if (zero) {
            return null;
        }
        double[] off = new double[components.length];
        for (int c = 0; c < components.length; c++) {
            double s = 0;
            for (int j = 0; j < mean.length; j++) {
                s += components[c][j] * mean[j];
            }
            off[c] = s;
        }
        return off;
    }

    private static String side(
            ModelJson.Model m, String cls, String inputCol, String source, double[] offset)
            throws IOException {
        ObjectNode o = PRETTY.createObjectNode();
        o.put("exportedFrom", source);
        o.put("workload", m.workload());
        o.put("sparkClass", cls);
        o.put("featuresCol", inputCol);
        ArrayNode f = o.putArray("features");
        m.features().forEach(f::add);
        if (offset != null) {
            ArrayNode mean = o.putArray("mean");
            for (double x : m.mean()) {
                mean.add(x);
            }
            ArrayNode off = o.putArray("projectionOffset");
            for (double x : offset) {
                off.add(x);
            }
        }
        return PRETTY.writeValueAsString(o) + "\n";
    }

    /** Spark's Identifiable.randomUID layout: prefix, '_', the last 12 hex digits of a UUID. */
    private static String uid(String prefix) {
        String u = UUID.randomUUID().toString();
        return prefix + "_" + u.substring(u.length() - 12);
    }
}
