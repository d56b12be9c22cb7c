package io.codedyarn.worker.kernel;

import io.codedyarn.worker.data.RowRange;

/**
 * The gradient kernels a worker runs on a partition or subpartition (a {@link RowRange}), dense or
 * CSR. Each returns one vector [loss-like sum, gradient sum...] so that a coded scheme's
 * coefficients decode the loss together with the gradient (issue 5: L-BFGS's line search stays
 * straggler-tolerant). All results are SUMS over the rows, with no 1/n and no regulariser.
 *
 * <p>Single-threaded, fixed summation order (documented in {@link LinearKernel} and {@link
 * PcaKernel}): the same rows and parameters give bit-identical results on any run, any worker, and
 * through any equivalent range (the whole block, or the same rows as a view of a view).
 */
public final class Kernels {
    private Kernels() {}

    /**
     * Logistic regression, labels ±1: [Σ log(1 + exp(−b⟨x, v⟩)), Σ −b·σ(−b⟨x, v⟩)·x], length 1 + d.
     */
    public static double[] logistic(RowRange rows, double[] v) {
        return LinearKernel.run(rows, v, LinearLoss.LOGISTIC);
    }

    /** Least squares: [Σ (⟨x, θ⟩ − y)², Σ 2(⟨x, θ⟩ − y)·x], length 1 + d. */
    public static double[] leastSquares(RowRange rows, double[] theta) {
        return LinearKernel.run(rows, theta, LinearLoss.SQUARED);
    }

    /**
     * PCA (DSAG §1.3): [Σ ‖x V‖², −Σ xᵀ(x V)] for V d×k row-major; length 1 + d·k, the gradient d×k
     * row-major.
     */
    public static double[] pca(RowRange rows, double[] v, int k) {
        return PcaKernel.run(rows, v, k);
    }
}
