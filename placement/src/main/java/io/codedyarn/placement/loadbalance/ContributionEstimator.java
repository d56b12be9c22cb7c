package io.codedyarn.placement.loadbalance;

import java.util.random.RandomGenerator;
import org.apache.commons.math3.special.Gamma;

/**
 * Estimates DSAG's expected contribution h(q) = Σ_i u_i(q)·n_i/(q_i·n) (§VI-B, digest §5.2) for a
 * candidate partitioning q: the computation moments are linearised from the measured p (e'_Z =
 * e_Z·p/q, v'_Z = v_Z·(p/q)²), u_i is the mean of nfresh_i/ℓ over several event-driven runs, and
 * (optionally) floored by the reference's analytic lower bound on P(worker i is the fastest):
 *
 * <pre>
 * c_Z = mean_j e'_Z,j, c_Y = mean_j e_Y,j;  if Z_i ≤ c_Z &lt; Z_j and Y_i ≤ c_Y &lt; Y_j for all j ≠ i then
 * X_i &lt; X_j, so  log u_i ≥ log F_Zi(c_Z) + Σ_{j≠i} log(1 − F_Zj(c_Z)) + (the same for Y).
 * </pre>
 *
 * In a single round the worker that finishes first is always among the w fresh ones (w ≥ 1), so
 * this bounds P(worker i is fastest) in one round; across iterations it is the reference's
 * heuristic floor (workers still busy from older rounds only start later), used to keep noisy
 * estimates of small u_i away from 0.
 */
final class ContributionEstimator {
    private final LatencyStats stats;
    private final int[] rows;
    private final double total;
    private final EventDrivenSimulator sim;
    private final boolean floor;
    private final double[] u;
    private final double[] logP;
    private final double[] logQ;

    ContributionEstimator(LatencyStats stats, int[] rows, boolean analyticFloor) {
        int n = stats.workers();
        if (rows.length != n) {
            throw new IllegalArgumentException(
                    "rows has " + rows.length + " entries, expected " + n);
        }
        this.stats = stats;
        this.rows = rows.clone();
        long t = 0;
        for (int r : rows) {
            t += r;
        }
        this.total = t;
        this.sim = stats.simulator();
        this.floor = analyticFloor;
        this.u = new double[n];
        this.logP = new double[n];
        this.logQ = new double[n];
    }

    /** h(q), with u from {@code runs} simulations of {@code iterations} iterations each. */
    double contribution(int[] q, int w, int runs, int iterations, RandomGenerator rng) {
        int n = q.length;
        for (int i = 0; i < n; i++) {
            sim.setComputation(i, stats.compMeanAt(i, q[i]), stats.compVarAt(i, q[i]));
        }
        java.util.Arrays.fill(u, 0);
        for (int r = 0; r < runs; r++) {
            sim.run(iterations, w, rng);
            for (int i = 0; i < n; i++) {
                u[i] += sim.participation(i);
            }
        }
        for (int i = 0; i < n; i++) {
            u[i] /= runs;
        }
        if (floor) {
            applyFloor(q);
        }
        double h = 0;
        for (int i = 0; i < n; i++) {
            h += u[i] * rows[i] / (q[i] * total);
        }
        return h;
    }

    /** u_i after the last {@link #contribution} call. */
    double participation(int i) {
        return u[i];
    }

    private void applyFloor(int[] q) {
        int n = q.length;
        double cz = 0;
        double cy = 0;
        for (int i = 0; i < n; i++) {
            cz += stats.compMeanAt(i, q[i]);
            cy += stats.commMean(i);
        }
        cz /= n;
        cy /= n;
        for (int i = 0; i < n; i++) {
            logP[i] = logCdf(stats.compMeanAt(i, q[i]), stats.compVarAt(i, q[i]), cz, false);
            logQ[i] = logCdf(stats.compMeanAt(i, q[i]), stats.compVarAt(i, q[i]), cz, true);
        }
        double[] bound = new double[n];
        addTerms(bound);
        for (int i = 0; i < n; i++) {
            logP[i] = logCdf(stats.commMean(i), stats.commVar(i), cy, false);
            logQ[i] = logCdf(stats.commMean(i), stats.commVar(i), cy, true);
        }
        addTerms(bound);
        for (int i = 0; i < n; i++) {
            u[i] = Math.max(u[i], Math.exp(bound[i]));
        }
    }

    /** bound_i += logP_i + Σ_{j≠i} logQ_j, without −∞ − −∞ (count the infinite terms). */
    private void addTerms(double[] bound) {
        double finite = 0;
        int infinite = 0;
        for (double lq : logQ) {
            if (lq == Double.NEGATIVE_INFINITY) {
                infinite++;
            } else {
                finite += lq;
            }
        }
        for (int i = 0; i < bound.length; i++) {
            boolean ownInf = logQ[i] == Double.NEGATIVE_INFINITY;
            int others = infinite - (ownInf ? 1 : 0);
            double rest = others > 0 ? Double.NEGATIVE_INFINITY : finite - (ownInf ? 0 : logQ[i]);
            bound[i] += logP[i] + rest;
        }
    }

    /** log P(X ≤ x) or log P(X &gt; x) for X ~ Gamma(mean, variance); variance 0: a point mass. */
    private static double logCdf(double mean, double variance, double x, boolean upper) {
        double p;
        if (variance == 0 || mean == 0) {
            p = (mean <= x) != upper ? 1 : 0;
        } else {
            double shape = mean * mean / variance;
            double z = x * mean / variance; // x/scale
            p = upper ? Gamma.regularizedGammaQ(shape, z) : Gamma.regularizedGammaP(shape, z);
        }
        return Math.log(p);
    }
}
