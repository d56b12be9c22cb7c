package io.codedyarn.coordinator.trace;

import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.compute.task.Workload;

/**
 * Turns the decoded (or cached) full-data sums [Σℓ, Σ∇ℓ] into what the optimiser and the logs need,
 * per workload (docs/commands.md, "Workloads and their conventions"):
 *
 * <ul>
 *   <li>LR: F(v) = (1/n) Σ log(1 + exp(−b⟨x, v⟩)) + (λ/2)‖v‖², λ default 1/n (DSAG §1.4).
 *   <li>LSQ: F(θ) = Σ ‖xθ − y‖² + (λ/2)‖θ‖², a sum with no 1/n and no ½ (LAGC §1.1), λ default 0.
 *   <li>PCA: the metric is the explained variance ‖XV‖²_F / ‖X‖²_F (to maximise).
 * </ul>
 *
 * The relative gap is (F − F*)/|F*| for LR/LSQ and (EV* − EV)/EV* for PCA.
 */
public final class Metric {
    private final Workload workload;
    private final long n;
    private final double lambda;
    private final double reference;
    private double squaredFrobenius = Double.NaN;

    public Metric(Workload workload, long n, double lambda, double reference) {
        this.workload = workload;
        this.n = n;
        this.lambda = lambda;
        this.reference = reference;
    }

    /** λ when the spec leaves it NaN: 1/n for LR, 0 otherwise. */
    public static double defaultLambda(Workload w, double given, long n) {
        if (!Double.isNaN(given)) {
            return given;
        }
        return w == Workload.LR ? 1.0 / n : 0.0;
    }

    public double lambda() {
        return lambda;
    }

    /** PCA's ‖X‖²_F (from a SQUARED_NORM round). */
    public double squaredFrobenius() {
        return squaredFrobenius;
    }

    public void squaredFrobenius(double value) {
        this.squaredFrobenius = value;
    }

    /** [F(x), ∇F(x)] from the full-data sums at x (LR, LSQ). */
    public double[] assemble(double[] sums, double[] x) {
        if (workload == Workload.LR) {
            return LogisticObjective.assemble(sums, x, n, lambda);
        }
        double[] out = sums.clone();
        double norm2 = 0;
        for (int j = 0; j < x.length; j++) {
            norm2 += x[j] * x[j];
            out[1 + j] += lambda * x[j];
        }
        out[0] += 0.5 * lambda * norm2;
        return out;
    }

    /**
     * [F_i(x), ∇F_i(x)] of one part of the data from its sums at x, with the regulariser's share
     * {@code share} (the part's fraction of the rows), so that Σ_i F_i = F over a partition of the
     * rows: LR F_i = Σ_{part}ℓ/n + share·(λ/2)‖x‖² (the 1/n of the whole data), LSQ the same
     * without 1/n. Stale synchronous parallel applies one part's gradient at a time.
     */
    public double[] assemblePart(double[] sums, double[] x, double share) {
        if (workload == Workload.LR) {
            return LogisticObjective.assemble(sums, x, n, lambda * share);
        }
        double[] out = sums.clone();
        double norm2 = 0;
        for (int j = 0; j < x.length; j++) {
            norm2 += x[j] * x[j];
            out[1 + j] += share * lambda * x[j];
        }
        out[0] += 0.5 * share * lambda * norm2;
        return out;
    }

    /** The metric at x from the full-data sums at x: F (LR, LSQ) or EV (PCA). */
    public double value(double[] sums, double[] x) {
        if (workload == Workload.PCA) {
            return sums[0] / squaredFrobenius;
        }
        return assemble(sums, x)[0];
    }

    /**
     * PCA: per component c the share of ‖X‖²_F it explains, ‖Xv_c‖² / ‖X‖²_F, from the sums at V
     * (d×k row-major; the sums are [‖XV‖²_F, H] with H = −XᵀXV, so ‖Xv_c‖² = −Σ_j V[j,c]·H[j,c]).
     * They add up to {@link #value} there, since ‖XV‖²_F = Σ_c ‖Xv_c‖². Null for LR and LSQ.
     *
     * @param k the components (columns of V)
     */
    public double[] componentValues(double[] sums, double[] v, int k) {
        if (workload != Workload.PCA) {
            return null;
        }
        if (k < 1 || v.length % k != 0 || sums.length != 1 + v.length) {
            throw new IllegalArgumentException(
                    "sums of length " + sums.length + " do not fit V of length " + v.length);
        }
        double[] out = new double[k];
        for (int m = 0; m < v.length; m++) {
            out[m % k] -= v[m] * sums[1 + m];
        }
        for (int c = 0; c < k; c++) {
            out[c] /= squaredFrobenius;
        }
        return out;
    }

    /** Relative gap to the reference; NaN when no reference is known. */
    public double gap(double value) {
        if (Double.isNaN(reference)) {
            return Double.NaN;
        }
        double g =
                workload == Workload.PCA
                        ? (reference - value) / reference
                        : (value - reference) / Math.abs(reference);
        return g;
    }

    /** Whether metric a is better than b (lower F; higher EV). NaN b loses. */
    public boolean better(double a, double b) {
        if (Double.isNaN(b)) {
            return true;
        }
        return workload == Workload.PCA ? a > b : a < b;
    }

    /**
     * The smoothness constant L from λ_max(XᵀX) (power iteration): LR λ_max/(4n) + λ; LSQ 2λ_max +
     * λ (see {@code compute.model.Smoothness}).
     */
    public double smoothness(double lambdaMax) {
        return smoothness(lambdaMax, lambda);
    }

    /**
     * The same formula with the regulariser's share {@code lambdaShare} (LAGC's per-group L_g of a
     * group's λ_max, with λ split evenly over the groups).
     */
    public double smoothness(double lambdaMax, double lambdaShare) {
        return workload == Workload.LR
                ? lambdaMax / (4.0 * n) + lambdaShare
                : 2.0 * lambdaMax + lambdaShare;
    }
}
