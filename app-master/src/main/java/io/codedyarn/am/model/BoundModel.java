package io.codedyarn.am.model;

import io.codedyarn.am.output.ModelJson;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.RowBlock;
import io.codedyarn.hdfs.dataset.Standardization;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A model ({@code model.json}, raw feature space) bound to one dataset's stored columns. The
 * dataset may itself be standardised: its column holds z = (x − c)·s for the raw value x (its
 * manifest's {@code standardize} steps, {@link Standardization}), so x = z/s + c is what the model
 * sees; nothing is undone twice, because the model is raw and the dataset's own map is inverted
 * once.
 *
 * <ul>
 *   <li>lr, lsq: the margin Σ_f w_f x_f + b is turned into one on the stored columns, Σ_col
 *       (w_f/s_col) z_col + (b + Σ_f w_f c_col + Σ_missing w_f fill_f), so dense and CSR rows are
 *       one pass over their stored entries. lr's output is P(+1) = σ(margin), lsq's the margin.
 *   <li>pca: the row's raw values x_f (a missing feature: its fill), then the scores t_c = Σ_f
 *       components[c][f]·(x_f − mean_f), and for the metrics the row in the model's own coordinates
 *       u_f = (x_f − mean_f)·scale_f (the model's standardisation, 1 without one), on which the
 *       components are v_c = components[c]/scale.
 * </ul>
 */
public final class BoundModel {
    private final ModelJson.Model model;
    private final Workload workload;
    private final int cols;
    private final double[] centre;
    private final double[] scale;
    private final FeatureMatch match;
    private final int[] featureOfColumn;
    private final double[] weights;
    private final double offset;
    private final double[][] modelComponents;
    private final double[] modelScale;

    private BoundModel(ModelJson.Model model, Manifest manifest, FeatureMatch match) {
        this.model = model;
        this.workload = Workload.parse(model.workload());
        this.cols = manifest.cols();
        Standardization st = Standardization.of(manifest.spec().transformations(), cols);
        Standardization s = st == null ? Standardization.identity(cols) : st;
        this.centre = s.centre();
        this.scale = s.scale();
        this.match = match;
        int d = model.features().size();
        featureOfColumn = new int[cols];
        Arrays.fill(featureOfColumn, -1);
        for (int f = 0; f < d; f++) {
            if (match.column()[f] >= 0) {
                featureOfColumn[match.column()[f]] = f;
            }
        }
        modelScale = new double[d];
        Arrays.fill(modelScale, 1.0);
        if (model.standardization() != null) {
            System.arraycopy(model.standardization().scale(), 0, modelScale, 0, d);
        }
        if (workload == Workload.PCA) {
            weights = null;
            offset = 0;
            modelComponents = new double[model.components().length][d];
            for (int c = 0; c < modelComponents.length; c++) {
                for (int f = 0; f < d; f++) {
                    modelComponents[c][f] = model.components()[c][f] / modelScale[f];
                }
            }
            return;
        }
        modelComponents = null;
        weights = new double[cols];
        double b = model.intercept();
        for (int f = 0; f < d; f++) {
            double w = model.coefficients()[f];
            int col = match.column()[f];
            if (col < 0) {
                b += w * match.fill()[f];
            } else {
                weights[col] = w / scale[col];
                b += w * centre[col];
            }
        }
        offset = b;
    }

    /**
     * Binds {@code model} to the dataset of {@code manifest}, matching features by name.
     *
     * @param data the dataset as the user named it, for messages
     * @throws IllegalArgumentException a feature missing or extra (see {@link FeatureMatch})
     */
    public static BoundModel of(
            ModelJson.Model model, Manifest manifest, boolean allowMissing, String data) {
        FeatureMatch match =
                FeatureMatch.of(
                        model,
                        manifest.spec().featureNames(),
                        manifest.spec().interceptColumns(),
                        allowMissing,
                        data);
        return new BoundModel(model, manifest, match);
    }

    public Workload workload() {
        return workload;
    }

    public ModelJson.Model model() {
        return model;
    }

    /** The features filled in ({@code --allow-missing}). */
    public List<String> missing() {
        return match.missing();
    }

    /** The outputs per row: lr 1 (P(+1)), lsq 1 (the prediction), pca k (the scores). */
    public int outputs() {
        return workload == Workload.PCA ? modelComponents.length : 1;
    }

    /** The names of the outputs: {@code pc1..pck} for pca. */
    public List<String> outputNames() {
        List<String> out = new ArrayList<>();
        if (workload == Workload.PCA) {
            for (int c = 1; c <= modelComponents.length; c++) {
                out.add("pc" + c);
            }
        } else {
            out.add(workload == Workload.LR ? "probability" : "prediction");
        }
        return out;
    }

    /** The PCA components in the model's own coordinates (k rows; see the class). */
    public double[][] components() {
        double[][] out = new double[modelComponents.length][];
        for (int c = 0; c < out.length; c++) {
            out[c] = modelComponents[c].clone();
        }
        return out;
    }

    /** Row {@code r}'s outputs into {@code out} (length {@link #outputs}). */
    public void apply(RowBlock block, int r, double[] out) {
        if (workload == Workload.PCA) {
            double[] x = raw(block, r);
            double[][] comp = model.components();
            double[] mean = model.mean();
            for (int c = 0; c < comp.length; c++) {
                double t = 0;
                for (int f = 0; f < x.length; f++) {
                    t += comp[c][f] * (x[f] - mean[f]);
                }
                out[c] = t;
            }
            return;
        }
        double m = margin(block, r);
        out[0] = workload == Workload.LR ? sigmoid(m) : m;
    }

    /** pca: row {@code r} in the model's coordinates, u_f = (x_f − mean_f)·scale_f. */
    public double[] centred(RowBlock block, int r) {
        double[] x = raw(block, r);
        for (int f = 0; f < x.length; f++) {
            x[f] = (x[f] - model.mean()[f]) * modelScale[f];
        }
        return x;
    }

    /** The raw value of stored column {@code col} of row {@code r}: z/s + c. */
    public double rawValue(RowBlock block, int r, int col) {
        return stored(block, r, col) / scale[col] + centre[col];
    }

    private double margin(RowBlock block, int r) {
        double m = offset;
        if (block instanceof DenseBlock dense) {
            double[] v = dense.values();
            int base = r * cols;
            for (int c = 0; c < cols; c++) {
                m += weights[c] * v[base + c];
            }
        } else {
            CsrBlock csr = (CsrBlock) block;
            for (int k = csr.rowPtr()[r]; k < csr.rowPtr()[r + 1]; k++) {
                m += weights[csr.colIdx()[k]] * csr.values()[k];
            }
        }
        return m;
    }

    /** The row's raw values in model feature order, missing features filled. */
    private double[] raw(RowBlock block, int r) {
        int d = model.features().size();
        double[] x = new double[d];
        int[] column = match.column();
        if (block instanceof DenseBlock) {
            for (int f = 0; f < d; f++) {
                x[f] = column[f] < 0 ? match.fill()[f] : rawValue(block, r, column[f]);
            }
            return x;
        }
        CsrBlock csr = (CsrBlock) block;
        for (int f = 0; f < d; f++) {
            x[f] = column[f] < 0 ? match.fill()[f] : centre[column[f]]; // a stored 0
        }
        for (int k = csr.rowPtr()[r]; k < csr.rowPtr()[r + 1]; k++) {
            int f = featureOfColumn[csr.colIdx()[k]];
            if (f >= 0) {
                x[f] = csr.values()[k] / scale[csr.colIdx()[k]] + centre[csr.colIdx()[k]];
            }
        }
        return x;
    }

    private static double stored(RowBlock block, int r, int col) {
        if (block instanceof DenseBlock dense) {
            return dense.values()[r * dense.cols() + col];
        }
        CsrBlock csr = (CsrBlock) block;
        int lo = csr.rowPtr()[r];
        int hi = csr.rowPtr()[r + 1];
        int at = Arrays.binarySearch(csr.colIdx(), lo, hi, col);
        return at >= 0 ? csr.values()[at] : 0;
    }

    /** σ(m) = 1/(1 + e^−m), without overflow for either sign. */
    static double sigmoid(double m) {
        if (m >= 0) {
            return 1 / (1 + Math.exp(-m));
        }
        double e = Math.exp(m);
        return e / (1 + e);
    }
}
