package io.codedyarn.compute.task;

import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.kernel.Kernels;
import java.util.Locale;

/**
 * The three learning workloads and the kernel each runs on a row range. Every kernel returns SUMS
 * over the rows, laid out [loss-like sum, gradient sum...] so one set of code coefficients decodes
 * both (see {@link Kernels}).
 */
public enum Workload {
    /** Logistic regression, labels ±1: [Σ log(1+exp(−b⟨x,v⟩)), ∇], length 1 + d. */
    LR("lr"),
    /** PCA with k components: [Σ ‖xV‖², −Σ xᵀ(xV)], length 1 + d·k. */
    PCA("pca"),
    /** Least squares: [Σ (⟨x,θ⟩ − y)², ∇], length 1 + d. */
    LSQ("lsq");

    private final String cliName;

    Workload(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    /** Parses {@code lr|pca|lsq} (case-insensitive). */
    public static Workload parse(String s) {
        for (Workload w : values()) {
            if (w.cliName.equals(s.toLowerCase(Locale.ROOT))) {
                return w;
            }
        }
        throw new IllegalArgumentException(
                "unknown workload '" + s + "' (expected lr, pca or lsq)");
    }

    /** Length of the model vector x for d features and k components (PCA: V is d×k row-major). */
    public int modelLength(int d, int k) {
        return this == PCA ? d * k : d;
    }

    /** Length of one kernel result: 1 + model length. */
    public int resultLength(int d, int k) {
        return 1 + modelLength(d, k);
    }

    /** Runs this workload's kernel on {@code rows} at {@code x}. */
    public double[] kernel(RowRange rows, double[] x, int k) {
        return switch (this) {
            case LR -> Kernels.logistic(rows, x);
            case LSQ -> Kernels.leastSquares(rows, x);
            case PCA -> Kernels.pca(rows, x, k);
        };
    }
}
