package io.codedyarn.repro;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Fresh i.i.d. computing times per iteration, the paper's model (digest lagc.md §1.4): every
 * iteration every downloading worker draws a new time, the PS uses the F fastest of each active
 * unit, stragglers' work is abandoned. The iteration time is a monotone function Q of one
 * "governing" uniform — the max over the k active units of each unit's F-th order statistic of n
 * i.i.d. uniforms — with Q the worker's quantile function. So one draw serves both latency models
 * (common random numbers): Pareto, Q(u) = x_m (1 − u)^(−1/β) with x_m = η·load·(β−1)/β;
 * exponential, Q(u) = −η·load·ln(1 − u).
 */
final class IterationTimes {
    static final double ETA = 0.05;
    static final double BETA = 1.1;

    private final LagcScheme scheme;
    private final double[] scratch;

    IterationTimes(LagcScheme scheme) {
        this.scheme = scheme;
        this.scratch = new double[scheme.members()];
    }

    /** The governing uniform in [0, 1) of an iteration with k active units (0 when k = 0). */
    double governing(int k, RandomGenerator rng) {
        if (k == 0) {
            return 0; // no worker computes: the iteration costs no time (digest §6 item 9)
        }
        int n = scheme.members();
        if (n == 1) {
            return Math.pow(rng.nextDouble(), 1.0 / k); // max of k uniforms
        }
        double max = 0;
        for (int u = 0; u < k; u++) {
            double v;
            if (scheme.fastest() == 1) {
                v = 1 - Math.pow(1 - rng.nextDouble(), 1.0 / n); // min of n uniforms, in [0, 1)
            } else {
                for (int j = 0; j < n; j++) {
                    scratch[j] = rng.nextDouble();
                }
                Arrays.sort(scratch);
                v = scratch[scheme.fastest() - 1];
            }
            max = Math.max(max, v);
        }
        return max;
    }

    /** Worker mean η·load. */
    double mean() {
        return ETA * scheme.load();
    }

    double pareto(double u) {
        return u == 0 ? 0 : mean() * (BETA - 1) / BETA * Math.pow(1 - u, -1 / BETA);
    }

    double exponential(double u) {
        return -mean() * Math.log1p(-u);
    }
}
