package io.codedyarn.placement.latency;

import java.util.random.RandomGenerator;

/**
 * Shifted exponential per unit of load (GC-DC eq. 21, BCC eq. 15): X_i = load·(α_i + E/μ_i), E ~
 * Exp(1); P[X ≤ t] = 1 − exp(−μ_i(t/load − α_i)) for t ≥ load·α_i. Mean load·(α_i + 1/μ_i).
 */
public final class ShiftedExponential implements LatencyModel {
    private final double[] alpha;
    private final double[] mu;
    private final RandomGenerator rng;

    public ShiftedExponential(double[] alpha, double[] mu, RandomGenerator rng) {
        if (alpha.length != mu.length) {
            throw new IllegalArgumentException("alpha and mu differ in length");
        }
        for (int i = 0; i < mu.length; i++) {
            if (!(alpha[i] >= 0) || !(mu[i] > 0)) {
                throw new IllegalArgumentException(
                        "worker "
                                + i
                                + ": need alpha >= 0 and mu > 0, got "
                                + alpha[i]
                                + ", "
                                + mu[i]);
            }
        }
        this.alpha = alpha.clone();
        this.mu = mu.clone();
        this.rng = rng;
    }

    @Override
    public int workers() {
        return mu.length;
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        for (int i = 0; i < mu.length; i++) {
            double e = rng.nextExponential();
            out[i] = load[i] * (alpha[i] + e / mu[i]);
        }
    }
}
