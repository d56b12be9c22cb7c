package io.codedyarn.placement.bcc;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;

/**
 * Per-worker loads for generalized BCC (Remark 6): the loads r_i* that (asymptotically) minimize
 * E[T̂(s)], the expected time until the master has received s partial gradients (problem P2, eq.
 * (19)), under the shifted-exponential model (15), Pr[T_i ≤ t] = 1 − exp(−(μ_i/r_i)(t − a_i r_i)).
 * The BCC paper defers P2 to Reisizadeh et al. (ISIT 2017); this is that heterogeneous-coded-
 * matrix-multiplication (HCMM) allocation as re-derived in the digest (§5):
 *
 * <ul>
 *   <li>With r_i = τ/λ_i, E[r_i·1{T_i ≤ τ}] = (τ/λ_i)(1 − e^{−μ_i(λ_i − a_i)}) is maximized per
 *       worker at the unique λ_i &gt; a_i with e^{μ_i(λ_i − a_i)} = 1 + μ_i λ_i.
 *   <li>There E[S(τ)] = τ·Σ_i μ_i/(1 + μ_i λ_i), so τ* = s / Σ_i μ_i/(1 + μ_i λ_i) makes E[S(τ*)] =
 *       s, and r_i* = τ* / λ_i.
 * </ul>
 *
 * <p>Example (Fig. 5): a = 20, 95 workers with μ = 1 and 5 with μ = 20, s = ⌊500 ln 500⌋ = 3107: λ
 * = 23.1858 and 20.3004, Σ μ_i/(1 + μ_i λ_i) = 4.1736, τ* = 744.44, r* = 32.107 and 36.671, rounded
 * to nearest 32 and 37 (the rounding that reproduces the paper's 29.28 %).
 */
public final class HcmmAllocation {
    private static final double ROOT_ACCURACY = 1e-12;
    private static final int MAX_EVALUATIONS = 1_000;

    private final double[] lambda;
    private final double tau;
    private final double[] realLoads;

    private HcmmAllocation(double[] lambda, double tau, double[] realLoads) {
        this.lambda = lambda;
        this.tau = tau;
        this.realLoads = realLoads;
    }

    /**
     * The root λ &gt; a of f(λ) = μ(λ − a) − ln(1 + μλ) (digest §5 and pitfall 16: λ = a is not the
     * root, f(a) = −ln(1 + μa) &lt; 0). f is convex (f'' = μ²/(1 + μλ)² &gt; 0) and grows linearly,
     * so the root is unique; the bracket (a, a + w] is doubled until f changes sign, then Brent.
     *
     * @param mu straggler parameter μ &gt; 0 (larger = less straggling)
     * @param a per-example shift a &gt; 0
     */
    public static double lambda(double mu, double a) {
        if (!(mu > 0) || !(a > 0) || Double.isInfinite(mu) || Double.isInfinite(a)) {
            throw new IllegalArgumentException(
                    "need finite mu > 0 and a > 0, got " + mu + ", " + a);
        }
        UnivariateFunction f = x -> mu * (x - a) - Math.log1p(mu * x);
        double width = 1.0 / mu;
        while (f.value(a + width) <= 0) {
            width *= 2;
        }
        return new BrentSolver(ROOT_ACCURACY, ROOT_ACCURACY)
                .solve(MAX_EVALUATIONS, f, a, a + width);
    }

    /**
     * Solves P2 for target s with a common shift a.
     *
     * @param mu straggler parameters μ_i, all &gt; 0
     * @param a the per-example shift a_i = a of every worker
     * @param s the number of partial gradients (repetitions counted) to collect
     */
    public static HcmmAllocation solve(double[] mu, double a, double s) {
        double[] lambda = new double[mu.length];
        double rate = 0; // Σ μ_i/(1 + μ_i λ_i): expected gradients per unit of τ
        for (int i = 0; i < mu.length; i++) {
            lambda[i] = lambda(mu[i], a);
            rate += mu[i] / (1 + mu[i] * lambda[i]);
        }
        double tau = s / rate;
        double[] loads = new double[mu.length];
        for (int i = 0; i < mu.length; i++) {
            loads[i] = tau / lambda[i];
        }
        return new HcmmAllocation(lambda, tau, loads);
    }

    /** λ_i per worker. */
    public double[] lambda() {
        return lambda.clone();
    }

    /** τ*, the time at which s gradients are expected (≈ min E[T̂(s)]). */
    public double tau() {
        return tau;
    }

    /** r_i* = τ* / λ_i before rounding. */
    public double[] realLoads() {
        return realLoads.clone();
    }

    /** r_i* rounded to the nearest integer (halves up), capped at {@code cap} (the m examples). */
    public int[] roundedLoads(int cap) {
        int[] r = new int[realLoads.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = (int) Math.min(cap, Math.round(realLoads[i]));
        }
        return r;
    }

    /**
     * {@link #roundedLoads} topped up to reach a total of {@code target} (or every load at {@code
     * cap}): nearest rounding can lose almost everything when the loads are below 1 (s ≪ n, e.g. K
     * = 3 partitions on 100 workers), so while Σ r_i &lt; target the worker with the largest r_i* −
     * r_i (ties: lowest index) gets one more. Fig. 5's loads (Σ 3225 ≥ s = 3107) are unchanged.
     */
    public int[] loads(int cap, long target) {
        int[] r = roundedLoads(cap);
        long total = 0;
        for (int x : r) {
            total += x;
        }
        while (total < target) {
            int best = -1;
            for (int i = 0; i < r.length; i++) {
                if (r[i] < cap && (best < 0 || realLoads[i] - r[i] > realLoads[best] - r[best])) {
                    best = i;
                }
            }
            if (best < 0) {
                break; // every worker already holds everything
            }
            r[best]++;
            total++;
        }
        return r;
    }
}
