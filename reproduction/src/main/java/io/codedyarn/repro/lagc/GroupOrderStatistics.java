package io.codedyarn.repro.lagc;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.special.Beta;
import org.apache.commons.math3.util.CombinatoricsUtils;

/**
 * The group variable of G-GD / LAGC / G-LAG (Zhang and Simeone, §V-A; digest lagc.md §3.2) and the
 * expected maximum over groups, (28).
 *
 * <p>A group of n = M_G workers finishes when the F fastest have finished, so its time T^G is the
 * F-th order statistic of n i.i.d. worker times with CDF F(x):
 *
 * <pre>
 *   F^G(x) = Σ_{j=F}^{n} C(n, j) F(x)^j (1 − F(x))^{n−j} = I_{F(x)}(F, n − F + 1)
 * </pre>
 *
 * (I the regularized incomplete beta function). The time of an iteration that waits for a groups is
 * their maximum, whose mean is (28): T̄^G_a = ∫_0^∞ (1 − F^G(x)^a) dx. The paper writes the index
 * as M_G; there are G groups, so read T̄^G_G for G-GD and T̄^G_Ḡ (real Ḡ) for the LAGC bound (31).
 *
 * <p><b>Numerics.</b> Both families are integrated in the worker survival w = S(x) ∈ (0, 1], with
 * c(w) = P(group unfinished) = I_w(n − F + 1, F) (at least n − F + 1 of the n workers unfinished)
 * and h(w) = 1 − (1 − c(w))^a = −expm1(a·log1p(−c)), accurate when c is tiny:
 *
 * <ul>
 *   <li>exponential, x = −μ ln w: T̄^G_a = μ ∫_0^1 h(w)/w dw, μ = η·load;
 *   <li>Pareto, x = x_m w^(−1/β) (the digest's substitution): T̄^G_a = x_m + (x_m/β) ∫_0^1 h(w)
 *       w^(−1/β−1) dw. The algebraic weight w^(−1/β) (≈ w^(−0.91): the x^(−0.1) tail in x) is
 *       removed exactly by v = w^(1−1/β): T̄^G_a = x_m + x_m/(β − 1) ∫_0^1 h(w)/w dv, w =
 *       v^(β/(β−1)).
 * </ul>
 *
 * h(w)/w → a·C(n, F−1)·w^(n−F) as w → 0, so both integrands are bounded on [0, 1]; they are
 * integrated by adaptive Gauss–Kronrod to a relative error of 1e-11.
 *
 * <p>Example: n = 1, F = 1 gives c(w) = w and T̄^G_a = T̄_a (the worker maximum, e.g. μ·H_a); one
 * group (a = 1) of n = 20 with F = 17 gives T̄_{17:20}. For n = 4, F = 1 (G-LAG, M_G = r = 4) with
 * exponential times of mean 0.2, the group time is exponential with mean 0.05, and a = Ḡ = 25/11
 * gives 0.05·H_{25/11} = 0.0801.
 */
public final class GroupOrderStatistics {
    private static final double REL_TOL = 1e-11;
    private static final int MAX_PIECES = 4000;

    private final OrderStatistics worker;
    private final int groupSize;
    private final int wait;
    private final double smallWLimitFactor;

    /**
     * @param worker the worker time model
     * @param groupSize n = M_G ≥ 1
     * @param wait F ∈ [1, n], the number of workers the PS waits for in the group
     */
    public GroupOrderStatistics(OrderStatistics worker, int groupSize, int wait) {
        if (groupSize < 1 || wait < 1 || wait > groupSize) {
            throw new IllegalArgumentException(
                    "need 1 <= F <= M_G, got M_G=" + groupSize + ", F=" + wait);
        }
        this.worker = worker;
        this.groupSize = groupSize;
        this.wait = wait;
        this.smallWLimitFactor = CombinatoricsUtils.binomialCoefficientDouble(groupSize, wait - 1);
    }

    public int groupSize() {
        return groupSize;
    }

    public int waitFor() {
        return wait;
    }

    /** F^G(x) = I_{F(x)}(F, n − F + 1), the CDF of the group time at worker load {@code load}. */
    public double cdf(double x, double load) {
        return 1 - unfinished(worker.survival(x, load));
    }

    /** c(w) = I_w(n − F + 1, F): the probability that the group is unfinished when S(x) = w. */
    double unfinished(double w) {
        if (w <= 0) {
            return 0;
        }
        if (w >= 1) {
            return 1;
        }
        return Beta.regularizedBeta(w, groupSize - wait + 1, wait, 1e-15, Integer.MAX_VALUE);
    }

    /** h(w)/w with h = 1 − (1 − c(w))^a; the limit a·C(n, F−1)·w^(n−F) below the normal range. */
    private double integrand(double w, double a) {
        if (w < 1e-280) {
            return groupSize == wait ? a * smallWLimitFactor : 0;
        }
        double c = unfinished(w);
        double logDone = c < 0.5 ? Math.log1p(-c) : Math.log(1 - c);
        return -Math.expm1(a * logDone) / w;
    }

    /**
     * (28): T̄^G_a(load) = E[max of a i.i.d. group times] = ∫_0^∞ (1 − F^G(x)^a) dx for a real a ≥
     * 0 (T̄^G_0 = 0).
     */
    public double expectedMax(double a, double load) {
        if (!(a >= 0) || !Double.isFinite(a)) {
            throw new IllegalArgumentException("need a finite a >= 0, got " + a);
        }
        if (a == 0) {
            worker.mean(load); // validates load
            return 0;
        }
        if (worker.family() == OrderStatistics.Family.EXPONENTIAL) {
            double mu = worker.mean(load);
            return mu * GaussKronrod.integrate(w -> integrand(w, a), 0, 1, REL_TOL, 0, MAX_PIECES);
        }
        double xm = worker.paretoScale(load);
        double beta = worker.beta();
        double power = beta / (beta - 1);
        double tail =
                GaussKronrod.integrate(
                        v -> integrand(Math.pow(v, power), a), 0, 1, REL_TOL, 0, MAX_PIECES);
        return xm + xm / (beta - 1) * tail;
    }

    /** One draw of the group time: the F-th smallest of n worker draws. */
    public double sample(RandomGenerator rng, double load) {
        double[] t = new double[groupSize];
        for (int k = 0; k < groupSize; k++) {
            t[k] = worker.sample(rng, load);
        }
        Arrays.sort(t);
        return t[wait - 1];
    }
}
