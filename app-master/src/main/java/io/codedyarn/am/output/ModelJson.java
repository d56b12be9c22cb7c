package io.codedyarn.am.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.Metric;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.hdfs.dataset.Standardization;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code model.json}: one self-describing model (docs/formats.md, field by field): the workload,
 * the features' names from the dataset's manifest, the model in the RAW feature space (the
 * dataset's standardisation undone, the intercept its own field), λ, PCA's components, centring and
 * explained variance per component, the training's summary and the dataset's fingerprint. {@link
 * #of} builds it from a run, {@link #write} is its text, {@link #read} reads it back and refuses a
 * newer format.
 *
 * <p>Undoing the standardisation. The dataset stores z_j = (x_j − c_j)·s_j for a raw value x_j
 * ({@link Standardization}: c_j the mean when centred, else 0; s_j = 1/std_j, 1 for a constant
 * column; c = 0, s = 1 for columns the steps did not touch). A linear model trained on the stored
 * columns, w·z + b, is on the raw values
 *
 * <pre>
 *   Σ_j w_j (x_j − c_j) s_j + b  =  Σ_j (w_j s_j) x_j  +  (b − Σ_j w_j s_j c_j)
 * </pre>
 *
 * so the raw coefficient of feature j is w_j·s_j and the raw intercept b − Σ_j w_j·s_j·c_j. An
 * all-ones column the dataset carries ({@code data import --intercept}, raw value 1) is not a
 * feature: its term w_j·s_j·(1 − c_j) joins the intercept. PCA's score of component c is Σ_j
 * V_jc·(x_j − c_j)·s_j = Σ_j (V_jc s_j)(x_j − c_j): the raw components are V_jc·s_j with {@code
 * mean} c (this code's PCA does not centre, so c = 0 unless the dataset was standardised).
 */
public final class ModelJson {
    /** The file's name in a run's outputs. */
    public static final String FILE = "model.json";

    /** The {@code format} value. */
    public static final String FORMAT = "coded-yarn-model";

    /** The version this code writes and the newest it reads. */
    public static final int FORMAT_VERSION = 1;

    private static final ObjectMapper JSON =
            new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    // a diverged run's NaN or infinity as the strings "NaN", "Infinity": valid
                    // JSON, read back as such, and refused by name by the commands that apply it
                    .enable(
                            com.fasterxml.jackson.core.json.JsonWriteFeature.WRITE_NAN_AS_STRINGS
                                    .mappedFeature())
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ModelJson() {}

    /**
     * The document. Fields that do not apply to the workload are absent (null here).
     *
     * @param features the names of the model's features, in the dataset's column order (an all-ones
     *     column of the dataset is not one: it is the intercept)
     * @param coefficients lr, lsq: per feature, in raw space
     * @param intercept lr, lsq: in raw space
     * @param lambda lr, lsq: the L2 regularisation the run used (its default resolved)
     * @param components pca: k rows of one number per feature, in raw space (see the class)
     * @param mean pca: per feature, subtracted before projecting
     * @param explainedVariance pca: per component ‖Xv_c‖²/‖X‖²_F on the training data as stored
     * @param standardization the dataset's standardisation, per feature; absent when it had none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Model(
            String format,
            int formatVersion,
            String workload,
            List<String> features,
            double[] coefficients,
            Double intercept,
            Double lambda,
            double[][] components,
            double[] mean,
            double[] explainedVariance,
            Scaling standardization,
            Training training,
            Dataset dataset) {}

    /**
     * The standardisation the model was trained after, per feature: stored = (raw − centre)·scale.
     * The coefficients as trained are coefficients/scale.
     */
    public record Scaling(double[] centre, double[] scale) {}

    /**
     * What the run was and where it ended.
     *
     * @param scheme {@code --scheme}
     * @param status SUCCEEDED or FAILED
     * @param objective F at the model (lr, lsq) or its explained variance (pca); null when unknown
     * @param gap relative gap to the reference optimum; null without one
     * @param iterations gradient rounds
     * @param seconds training time (simulated time for {@code --cluster simulated})
     * @param intercept {@code train}: train appended the constant-1 feature; {@code dataset}: the
     *     dataset's all-ones column; {@code none} (the intercept is then the centring's offset, or
     *     0); absent for pca
     */
    public record Training(
            String scheme,
            String status,
            Double objective,
            Double gap,
            int iterations,
            double seconds,
            String intercept) {}

    /**
     * The dataset the model was trained on.
     *
     * @param manifestCrc32c CRC32C of its {@code manifest.json}, null when not known
     * @param rows n
     * @param cols stored columns
     * @param transformations its preprocessing steps' names, in order
     */
    public record Dataset(Long manifestCrc32c, long rows, int cols, List<String> transformations) {}

    /** A {@code model.json} that cannot be read: names the file and what is wrong. */
    public static final class InvalidModelException extends IOException {
        private static final long serialVersionUID = 1L;

        InvalidModelException(String source, String message, Throwable cause) {
            super(source + ": " + message, cause);
        }
    }

    /** The model a run produced ({@code result.model()} must not be null). */
    public static Model of(TrainSpec spec, RunResult result, ModelDataset data) {
        Workload workload = spec.workload();
        int d = data.cols();
        Standardization st =
                data.standardization() == null
                        ? Standardization.identity(d)
                        : data.standardization();
        double[] c = st.centre();
        double[] s = st.scale();
        double[] w = result.model();
        List<Integer> ones = data.interceptColumns();
        boolean pca = workload == Workload.PCA;
        List<Integer> kept = new ArrayList<>();
        for (int j = 0; j < d; j++) {
            if (pca || !ones.contains(j)) {
                kept.add(j);
            }
        }
        List<String> features = new ArrayList<>();
        double[] centre = new double[kept.size()];
        double[] scale = new double[kept.size()];
        for (int f = 0; f < kept.size(); f++) {
            features.add(data.names().get(kept.get(f)));
            centre[f] = c[kept.get(f)];
            scale[f] = s[kept.get(f)];
        }
        Scaling scaling = data.standardization() == null ? null : new Scaling(centre, scale);
        double lambda = Metric.defaultLambda(workload, spec.lambda(), data.rows());
        Metric metric = new Metric(workload, data.rows(), lambda, spec.reference());
        Training training =
                new Training(
                        spec.scheme(),
                        result.succeeded() ? RunSummary.SUCCEEDED : RunSummary.FAILED,
                        finite(result.objective()),
                        finite(metric.gap(result.objective())),
                        result.iterations(),
                        result.wallSeconds(),
                        pca ? null : interceptSource(spec, ones));
        Dataset dataset =
                new Dataset(data.manifestCrc32c(), data.rows(), d, data.transformations());
        if (pca) {
            int k = Math.max(1, spec.components());
            double[][] components = new double[k][kept.size()];
            for (int comp = 0; comp < k; comp++) {
                for (int j = 0; j < d; j++) {
                    components[comp][j] = w[j * k + comp] * s[j];
                }
            }
            return new Model(
                    FORMAT,
                    FORMAT_VERSION,
                    workload.cliName(),
                    features,
                    null,
                    null,
                    null,
                    components,
                    centre,
                    result.explainedVariance(),
                    scaling,
                    training,
                    dataset);
        }
        // w·z + b on the stored columns z_j = (x_j − c_j)·s_j is Σ (w_j s_j) x_j + b − Σ w_j s_j
        // c_j;
        // an all-ones column (raw value 1) joins the intercept with w_j s_j (1 − c_j)
        double b = spec.intercept() ? w[d] : 0;
        double[] coefficients = new double[kept.size()];
        for (int j = 0; j < d; j++) {
            double raw = w[j] * s[j];
            b -= raw * c[j];
            if (ones.contains(j)) {
                b += raw;
            }
        }
        for (int f = 0; f < kept.size(); f++) {
            coefficients[f] = w[kept.get(f)] * s[kept.get(f)];
        }
        return new Model(
                FORMAT,
                FORMAT_VERSION,
                workload.cliName(),
                features,
                coefficients,
                b,
                lambda,
                null,
                null,
                null,
                scaling,
                training,
                dataset);
    }

    private static String interceptSource(TrainSpec spec, List<Integer> ones) {
        if (spec.intercept()) {
            return "train";
        }
        return ones.isEmpty() ? "none" : "dataset";
    }

    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }

    /** The document's text (indented JSON, a line break at the end). */
    public static String write(Model model) {
        try {
            return JSON.writeValueAsString(model) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("model not serialisable", e);
        }
    }

    /** Reads {@code file}. */
    public static Model read(FileSystem fs, Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            return read(in.readAllBytes(), file.toString());
        }
    }

    /**
     * Parses a {@code model.json}: refuses another {@code format}, a version this reader does not
     * know (a newer coded-yarn's) and a document whose fields do not fit together; ignores fields
     * it does not know (additions within a version).
     *
     * @param source the name to report problems against
     */
    public static Model read(byte[] json, String source) throws InvalidModelException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (IOException e) {
            throw new InvalidModelException(source, "not valid JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new InvalidModelException(source, "not a JSON object", null);
        }
        JsonNode format = root.get("format");
        if (format == null || !FORMAT.equals(format.asText(null))) {
            throw new InvalidModelException(
                    source,
                    "not a coded-yarn model: field 'format' is "
                            + (format == null ? "missing" : format.toString())
                            + ", expected '"
                            + FORMAT
                            + "'",
                    null);
        }
        JsonNode version = root.get("formatVersion");
        if (version == null || !version.canConvertToInt() || !version.isIntegralNumber()) {
            throw new InvalidModelException(
                    source, "field 'formatVersion' must be an integer", null);
        }
        if (version.intValue() < 1 || version.intValue() > FORMAT_VERSION) {
            throw new InvalidModelException(
                    source,
                    "formatVersion "
                            + version.intValue()
                            + " is not supported (this reader understands 1.."
                            + FORMAT_VERSION
                            + (version.intValue() > FORMAT_VERSION
                                    ? "; the model was written by a newer coded-yarn: read it with"
                                            + " that version)"
                                    : ")"),
                    null);
        }
        Model m;
        try {
            m = JSON.treeToValue(root, Model.class);
        } catch (JsonProcessingException e) {
            throw new InvalidModelException(source, e.getOriginalMessage(), e);
        }
        check(m, source);
        return m;
    }

    /** The fields a workload needs are there and their lengths agree. */
    private static void check(Model m, String source) throws InvalidModelException {
        Workload w;
        try {
            w = Workload.parse(m.workload() == null ? "" : m.workload());
        } catch (IllegalArgumentException e) {
            throw new InvalidModelException(
                    source, "field 'workload' is not lr, pca or lsq: " + m.workload(), e);
        }
        if (m.features() == null) {
            throw new InvalidModelException(source, "missing field 'features'", null);
        }
        int d = m.features().size();
        if (w == Workload.PCA) {
            require(m.components() != null, source, "missing field 'components'");
            require(m.mean() != null, source, "missing field 'mean'");
            for (int c = 0; c < m.components().length; c++) {
                require(
                        m.components()[c] != null && m.components()[c].length == d,
                        source,
                        "field 'components[" + c + "]' does not have " + d + " numbers");
            }
            require(m.mean().length == d, source, "field 'mean' does not have " + d + " numbers");
        } else {
            require(m.coefficients() != null, source, "missing field 'coefficients'");
            require(m.intercept() != null, source, "missing field 'intercept'");
            require(
                    m.coefficients().length == d,
                    source,
                    "field 'coefficients' has "
                            + m.coefficients().length
                            + " numbers for "
                            + d
                            + " features");
        }
    }

    private static void require(boolean ok, String source, String message)
            throws InvalidModelException {
        if (!ok) {
            throw new InvalidModelException(source, message, null);
        }
    }
}
