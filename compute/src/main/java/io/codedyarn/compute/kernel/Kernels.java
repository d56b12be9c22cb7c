package io.codedyarn.compute.kernel;

import io.codedyarn.compute.data.RowRange;

/**
 * The gradient kernels a worker runs on a partition or subpartition (a {@link RowRange}), dense or
 * CSR. Each returns one vector [loss-like sum, gradient sum...] so that a coded scheme's
 * coefficients decode the loss together with the gradient (issue 5: L-BFGS's line search stays
 * straggler-tolerant). All results are SUMS over the rows, with no 1/n and no regulariser.
 *
 * <p>Fixed summation order per {@link KernelPath} (documented in {@link LinearKernel}, {@link
 * PcaKernel} and the vector classes): the same rows, parameters and path give bit-identical results
 * on any run, any worker, and through any equivalent range (the whole block, or the same rows as a
 * view of a view). The methods without a path use {@link KernelPath#defaultPath()} (the system
 * property {@value KernelPath#CONFIG_KEY}) and {@link RowBlocks#defaultThreads()} ({@value
 * RowBlocks#CONFIG_KEY}; 1 = single-threaded; more = {@link RowBlocks}' blocked order, the same
 * bits for any thread count ≥ 2).
 */
public final class Kernels {
    private Kernels() {}

    /**
     * Logistic regression, labels ±1: [Σ log(1 + exp(−b⟨x, v⟩)), Σ −b·σ(−b⟨x, v⟩)·x], length 1 + d.
     */
    public static double[] logistic(RowRange rows, double[] v) {
        return logistic(rows, v, KernelPath.defaultPath(), RowBlocks.defaultThreads());
    }

    /** {@link #logistic(RowRange, double[])} on the given path and threads ({@link RowBlocks}). */
    public static double[] logistic(RowRange rows, double[] v, KernelPath path, int threads) {
        return RowBlocks.run(rows, r -> logistic(r, v, path), threads);
    }

    /** {@link #logistic(RowRange, double[])} on the given path. */
    public static double[] logistic(RowRange rows, double[] v, KernelPath path) {
        return LinearKernel.run(rows, v, LinearLoss.LOGISTIC, path);
    }

    /** Least squares: [Σ (⟨x, θ⟩ − y)², Σ 2(⟨x, θ⟩ − y)·x], length 1 + d. */
    public static double[] leastSquares(RowRange rows, double[] theta) {
        return leastSquares(rows, theta, KernelPath.defaultPath(), RowBlocks.defaultThreads());
    }

    /** {@link #leastSquares(RowRange, double[])} on the given path and threads. */
    public static double[] leastSquares(
            RowRange rows, double[] theta, KernelPath path, int threads) {
        return RowBlocks.run(rows, r -> leastSquares(r, theta, path), threads);
    }

    /** {@link #leastSquares(RowRange, double[])} on the given path. */
    public static double[] leastSquares(RowRange rows, double[] theta, KernelPath path) {
        return LinearKernel.run(rows, theta, LinearLoss.SQUARED, path);
    }

    /**
     * PCA (DSAG §1.3): [Σ ‖x V‖², −Σ xᵀ(x V)] for V d×k row-major; length 1 + d·k, the gradient d×k
     * row-major.
     */
    public static double[] pca(RowRange rows, double[] v, int k) {
        return pca(rows, v, k, KernelPath.defaultPath(), RowBlocks.defaultThreads());
    }

    /** {@link #pca(RowRange, double[], int)} on the given path and threads. */
    public static double[] pca(RowRange rows, double[] v, int k, KernelPath path, int threads) {
        return RowBlocks.run(rows, r -> pca(r, v, k, path), threads);
    }

    /** {@link #pca(RowRange, double[], int)} on the given path. */
    public static double[] pca(RowRange rows, double[] v, int k, KernelPath path) {
        return PcaKernel.run(rows, v, k, path);
    }
}
