package io.codedyarn.compute.model;

import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.kernel.Kernels;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Smoothness constants for the default step 1/L, by power iteration over the partitions (each round
 * is one pass of the PCA kernel with k = 1: it returns ‖Xu‖² and −XᵀXu together).
 *
 * <ul>
 *   <li>λ_max(XᵀX) ≈ Rayleigh quotient ‖Xu‖² of the unit iterate u ← XᵀXu/‖XᵀXu‖, from a random
 *       start (seeded generator), until it changes by less than 1e−9 relative or 200 rounds;
 *   <li>logistic regression: L = λ_max(XᵀX)/(4n) + λ (σ' ≤ ¼);
 *   <li>least squares (LAGC, no ½): L = 2λ_max(XᵀX); per partition L_s = 2λ_max(X_sᵀX_s).
 * </ul>
 *
 * The Rayleigh quotient approaches λ_max from below, so 1/L may be slightly long; GD converges for
 * any step below 2/L, which leaves ample margin.
 */
public final class Smoothness {
    private static final int MAX_ROUNDS = 200;
    private static final double RELATIVE_CHANGE = 1e-9;

    private Smoothness() {}

    /** λ_max(XᵀX) for X the rows of all partitions stacked. */
    public static double lambdaMax(List<RowRange> partitions, RandomGenerator rng) {
        int d = partitions.get(0).cols();
        PowerIteration power = new PowerIteration(d, rng, RELATIVE_CHANGE, MAX_ROUNDS);
        while (!power.done()) {
            double rayleigh = 0;
            double[] next = new double[d];
            for (RowRange p : partitions) {
                double[] part = Kernels.pca(p, power.point(), 1); // [‖X_p u‖², −X_pᵀX_p u]
                rayleigh += part[0];
                for (int j = 0; j < d; j++) {
                    next[j] -= part[1 + j];
                }
            }
            power.tell(rayleigh, next);
        }
        return power.estimate();
    }

    /** L of the logistic objective F = (1/n)Σℓ + (λ/2)‖v‖². */
    public static double logistic(List<RowRange> partitions, double lambda, RandomGenerator rng) {
        long n = partitions.stream().mapToLong(RowRange::count).sum();
        return lambdaMax(partitions, rng) / (4.0 * n) + lambda;
    }

    /** L of Σ‖Xθ − y‖² (also per partition: pass one range). */
    public static double leastSquares(List<RowRange> partitions, RandomGenerator rng) {
        return 2.0 * lambdaMax(partitions, rng);
    }
}
