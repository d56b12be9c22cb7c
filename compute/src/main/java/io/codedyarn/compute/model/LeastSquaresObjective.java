package io.codedyarn.compute.model;

import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.kernel.Kernels;
import java.util.List;

/**
 * Least squares as in LAGC §1.1: L(θ) = Σ_s ‖X_s θ − y_s‖², a SUM with no ½ and no 1/n, so ∇L = Σ_s
 * 2X_sᵀ(X_sθ − y_s) and L is smooth with constant 2λ_max(XᵀX) ({@link Smoothness}). The decoded
 * kernel sums already are [L, ∇L]; {@link #evaluate} adds up the partitions in list order.
 */
public final class LeastSquaresObjective implements Objective {
    private final List<RowRange> partitions;

    public LeastSquaresObjective(List<RowRange> partitions) {
        this.partitions = List.copyOf(partitions);
    }

    @Override
    public double[] evaluate(double[] theta) {
        double[] sums = new double[1 + theta.length];
        for (RowRange p : partitions) {
            double[] part = Kernels.leastSquares(p, theta);
            for (int j = 0; j < sums.length; j++) {
                sums[j] += part[j];
            }
        }
        return sums;
    }
}
