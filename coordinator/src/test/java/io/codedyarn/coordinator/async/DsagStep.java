package io.codedyarn.coordinator.async;

import io.codedyarn.compute.model.GramSchmidt;
import io.codedyarn.compute.model.Pca;

/**
 * The coordinator's SAG/DSAG update (DSAG §IV-B, eq. (2) with the cache estimate): V ← G(V − η(H/ξ
 * + ∇R(V))), with H and ξ taken from the {@link GradientCache} 𝒴 that a {@code DsagAggregator} or
 * {@code SagAggregator} maintains.
 *
 * <p><b>Payloads.</b> The cache holds what workers send: the kernels' vectors [loss sum, gradient
 * sum] over a subpartition ({@code Kernels.logistic} / {@code Kernels.pca}), SUMS with no 1/n. So
 * H/ξ estimates the full-data sums [Σℓ, Σ∇ℓ] and component 0 estimates the loss sum (useful as a
 * metric; the step only uses the gradient part).
 *
 * <ul>
 *   <li><b>Logistic regression</b> (DSAG §1.4, G = identity, ∇R = λv): v ← v − η(Ĝ/n + λv) with Ĝ
 *       the gradient part of H/ξ and n = {@link GradientCache#n()}: the 1/n that DSAG's reference
 *       workers apply to each Y is applied once here, as {@code LogisticObjective.assemble} does.
 *   <li><b>PCA</b> (DSAG §1.3, G = {@link GramSchmidt}, ∇R = V): V ← G(V − η(Ĝ + V)), no 1/n
 *       anywhere (DSAG's note: H/ξ ≈ −XᵀXV is large, the (1 − η)V term is small).
 * </ul>
 *
 * <p>H/ξ is formed as (n / covered samples)·H, exactly like {@code CacheAggregator.estimate()}, so
 * the step sees bit-for-bit the aggregator's estimate. With every sample covered by results
 * computed at the current iterate (SAG with w = N and all subpartitions fresh), H is the exact
 * gradient sum and the step is the full-gradient GD step (η = 1 for PCA: the power method).
 *
 * <p>Example (logistic, d = 1, n = 4): H = [2.0, −8.0] with 2 of 4 samples covered (ξ = ½) gives Ĝ
 * = −16; with v = 1, η = 0.5, λ = 0.25: v ← 1 − 0.5·(−16/4 + 0.25) = 2.875.
 */
public final class DsagStep {
    private DsagStep() {}

    /** H/ξ = (n / covered)·H (a fresh array, length of the payloads). */
    public static double[] estimate(GradientCache cache) {
        long covered = cache.coveredSamples();
        if (covered == 0) {
            throw new IllegalStateException("no sample covered yet (ξ = 0): H/ξ is undefined");
        }
        double scale = (double) cache.n() / covered;
        double[] h = cache.sum();
        for (int m = 0; m < h.length; m++) {
            h[m] *= scale;
        }
        return h;
    }

    /** Logistic regression: v ← v − η(Ĝ/n + λv) in place (payload = [Σℓ, Σ∇ℓ], length 1 + d). */
    public static void logistic(double[] v, GradientCache cache, double eta, double lambda) {
        checkDimension(cache, 1 + v.length, "logistic payloads must be [loss, gradient] of length");
        logistic(v, estimate(cache), cache.n(), eta, lambda);
    }

    /**
     * Logistic regression from an estimate [Σℓ, Σ∇ℓ]^ of the full-data sums (e.g. an aggregator's
     * {@code estimate()}): v ← v − η(est_grad/n + λv) in place.
     */
    public static void logistic(double[] v, double[] estimate, long n, double eta, double lambda) {
        if (estimate.length != 1 + v.length) {
            throw new IllegalArgumentException(
                    "estimate must be [loss, gradient] of length " + (1 + v.length));
        }
        checkStep(eta);
        if (!(lambda >= 0) || n < 1) {
            throw new IllegalArgumentException("need lambda >= 0 and n >= 1");
        }
        for (int j = 0; j < v.length; j++) {
            v[j] -= eta * (estimate[1 + j] / n + lambda * v[j]);
        }
    }

    /** PCA: V ← G(V − η(Ĝ + V)) in place, V d×k row-major (payload = [Σ‖xV‖², −ΣxᵀxV]). */
    public static void pca(double[] v, GradientCache cache, double eta, int d, int k) {
        checkDimension(cache, 1 + v.length, "PCA payloads must be [loss, d*k gradient] of length");
        pca(v, estimate(cache), eta, d, k);
    }

    /** PCA from an estimate [Σ‖xV‖², −ΣxᵀxV]^ of the full-data sums. */
    public static void pca(double[] v, double[] estimate, double eta, int d, int k) {
        if (estimate.length != 1 + v.length) {
            throw new IllegalArgumentException(
                    "estimate must be [loss, gradient] of length " + (1 + v.length));
        }
        checkStep(eta);
        double[] g = new double[v.length];
        System.arraycopy(estimate, 1, g, 0, g.length);
        Pca.update(v, g, eta, 1.0, d, k); // ξ already applied: g/1.0 = g exactly
    }

    private static void checkDimension(GradientCache cache, int expected, String what) {
        if (cache.dimension() != expected) {
            throw new IllegalArgumentException(
                    what + " " + expected + ", cache holds " + cache.dimension());
        }
    }

    private static void checkStep(double eta) {
        if (!(eta > 0)) {
            throw new IllegalArgumentException("--step must be > 0, got " + eta);
        }
    }
}
