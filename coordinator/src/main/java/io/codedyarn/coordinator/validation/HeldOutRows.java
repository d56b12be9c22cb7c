package io.codedyarn.coordinator.validation;

import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.kernel.Kernels;
import io.codedyarn.compute.model.Margins;
import io.codedyarn.compute.model.SquaredNorms;
import io.codedyarn.compute.task.Workload;
import java.util.List;

/**
 * The rows held out of training, in the coordinator's memory, and the metrics of a model point on
 * them. The point is the optimiser's vector as trained (stored feature space, the appended
 * intercept last when {@code train} appends one: it is added to each margin, the rows are not
 * copied). The first metric is the loss {@code --early-stop} watches; lower is better for it.
 *
 * <ul>
 *   <li>lr (labels ±1, margin z = ⟨x, v⟩, p = σ(z)): {@code log_loss} = (1/m) Σ log(1 + e^{−b z})
 *       (the training objective's data term, without λ), {@code accuracy} = share of rows with
 *       sign(z) = b (z = 0 counts as +1, probability 0.5 → label +1);
 *   <li>lsq (prediction ⟨x, θ⟩): {@code rmse}, {@code mae};
 *   <li>pca (V, d × k orthonormal): {@code reconstruction} = 1 − ‖XV‖²_F/‖X‖²_F (the share of the
 *       held-out rows' energy the components miss: the loss), {@code explained_variance} = its
 *       complement, the training metric's value on these rows.
 * </ul>
 */
public final class HeldOutRows {
    private final Workload workload;
    private final Rows rows;
    private final int components;
    private final int storedCols;
    private final boolean intercept;
    private final double energy; // pca: ‖X‖²_F

    /**
     * @param rows the held-out rows as stored (without the intercept column {@code train} appends)
     * @param appendIntercept whether the run appends the constant-1 feature ({@code TrainSpec})
     * @param components k for pca
     */
    public HeldOutRows(Workload workload, Rows rows, boolean appendIntercept, int components) {
        if (rows.rows() == 0) {
            throw new IllegalArgumentException("the validation data has no rows");
        }
        if (workload != Workload.PCA && rows.labels() == null) {
            throw new IllegalArgumentException(
                    "the validation data has no labels; " + workload.cliName() + " needs them");
        }
        this.workload = workload;
        this.storedCols = rows.cols();
        this.rows = rows;
        this.intercept = appendIntercept && workload != Workload.PCA;
        this.components = Math.max(1, components);
        this.energy = workload == Workload.PCA ? SquaredNorms.of(rows.all()) : Double.NaN;
    }

    /** The held-out row count. */
    public int rows() {
        return rows.rows();
    }

    /** The stored columns the rows have (before an appended intercept). */
    public int cols() {
        return storedCols;
    }

    /** The metrics' names, in the order {@link #at} returns them; the loss first. */
    public List<String> names() {
        return switch (workload) {
            case LR -> List.of("log_loss", "accuracy");
            case LSQ -> List.of("rmse", "mae");
            case PCA -> List.of("reconstruction", "explained_variance");
        };
    }

    /** The metrics at {@code point}. */
    public double[] at(double[] point) {
        RowRange all = rows.all();
        return switch (workload) {
            case LR -> logistic(margins(all, point));
            case LSQ -> residuals(margins(all, point));
            case PCA -> {
                double ev = Kernels.pca(all, point, components)[0] / energy;
                yield new double[] {1 - ev, ev};
            }
        };
    }

    /** ⟨x_i, w⟩ + b with b the point's last coordinate when the run appends the intercept. */
    private double[] margins(RowRange all, double[] point) {
        if (!intercept) {
            return Margins.of(all, point);
        }
        double[] z = Margins.of(all, java.util.Arrays.copyOf(point, point.length - 1));
        for (int i = 0; i < z.length; i++) {
            z[i] += point[point.length - 1];
        }
        return z;
    }

    private double[] logistic(double[] z) {
        double loss = 0;
        long right = 0;
        for (int i = 0; i < z.length; i++) {
            double m = rows.label(i) * z[i];
            // log(1 + e^{−m}), without overflow for m ≪ 0
            loss += m > 0 ? Math.log1p(Math.exp(-m)) : -m + Math.log1p(Math.exp(m));
            if ((z[i] >= 0 ? 1.0 : -1.0) == rows.label(i)) {
                right++;
            }
        }
        return new double[] {loss / z.length, (double) right / z.length};
    }

    private double[] residuals(double[] prediction) {
        double squares = 0;
        double absolute = 0;
        for (int i = 0; i < prediction.length; i++) {
            double e = prediction[i] - rows.label(i);
            squares += e * e;
            absolute += Math.abs(e);
        }
        return new double[] {Math.sqrt(squares / prediction.length), absolute / prediction.length};
    }
}
