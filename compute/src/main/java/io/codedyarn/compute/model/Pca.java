package io.codedyarn.compute.model;

import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.kernel.Kernels;
import java.util.List;

/**
 * PCA by DSAG's gradient method (§1.3). Workers return H_S = −X_Sᵀ(X_S V) ({@link Kernels#pca});
 * the coordinator updates V ← G(V − η(H/ξ + V)) with G = {@link GramSchmidt}; with η = 1 and ξ = 1
 * that is V ← G(XᵀXV), the power (orthogonal) iteration. Metric: explained variance EV(V) = ‖XV‖²_F
 * / ‖X‖²_F ∈ [0, 1] for orthonormal V (the standard definition; see DSAG digest §7.19 on the
 * authors' inflated units).
 */
public final class Pca {
    private Pca() {}

    /** V ← G(V − η(H/ξ + V)) in place; H is the (decoded or cached) sum of worker results. */
    public static void update(double[] v, double[] h, double eta, double xi, int d, int k) {
        if (h.length != v.length || v.length != (long) d * k) {
            throw new IllegalArgumentException("V and H must both be d x k = " + d + " x " + k);
        }
        if (!(xi > 0)) {
            throw new IllegalArgumentException("xi must be > 0, got " + xi);
        }
        for (int m = 0; m < v.length; m++) {
            v[m] -= eta * (h[m] / xi + v[m]);
        }
        GramSchmidt.orthonormalize(v, d, k);
    }

    /** ‖XV‖²_F / ‖X‖²_F over the partitions, for orthonormal V (d×k row-major). */
    public static double explainedVariance(List<RowRange> partitions, double[] v, int k) {
        double captured = 0;
        for (RowRange p : partitions) {
            captured += Kernels.pca(p, v, k)[0];
        }
        return captured / squaredFrobenius(partitions);
    }

    /** ‖X‖²_F = Σ_ij x_ij², rows ascending within a partition, partitions in list order. */
    public static double squaredFrobenius(List<RowRange> partitions) {
        double s = 0;
        for (RowRange p : partitions) {
            s += SquaredNorms.of(p);
        }
        return s;
    }
}
