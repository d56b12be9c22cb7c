package io.codedyarn.placement.latency;

import java.util.random.RandomGenerator;

/**
 * Heterogeneous time-varying rates (GC-DC eq. 22): μ_{k,t+1} = (1 − a_{t+1})·μ_{k,t} + a_{t+1}·U[0,
 * maxRate], a_t ~ Bernoulli(p) per worker. Initially half the workers (a random half) are
 * stragglers with μ ~ U[0, τ), the others μ ~ U[τ, maxRate]. Times are shifted exponential with
 * shift α. A worker is slow iff its current rate is below τ. Note E[1/μ] = ∞ for μ ~ U(0, 5):
 * average many runs.
 *
 * <p>The paper's text says "each worker re-samples its rate with probability p", while eq. (22)'s
 * a_{t+1} carries no worker index. {@link #shared} reads the equation literally: one a_t per
 * iteration for all workers, each then drawing its own fresh U[0, maxRate].
 */
public final class TimeVaryingRates implements LatencyModel {
    private final double p;
    private final double alpha;
    private final double tau;
    private final double maxRate;
    private final double[] mu;
    private final RandomGenerator rng;
    private final boolean sharedSwitch;

    /** Each worker resamples with probability p on its own (the paper's text). */
    public TimeVaryingRates(
            int workers, double p, double alpha, double tau, double maxRate, RandomGenerator rng) {
        this(workers, p, alpha, tau, maxRate, rng, false);
    }

    /** Eq. (22) read literally: one a_t ~ Bernoulli(p) per iteration for every worker. */
    public static TimeVaryingRates shared(
            int workers, double p, double alpha, double tau, double maxRate, RandomGenerator rng) {
        return new TimeVaryingRates(workers, p, alpha, tau, maxRate, rng, true);
    }

    private TimeVaryingRates(
            int workers,
            double p,
            double alpha,
            double tau,
            double maxRate,
            RandomGenerator rng,
            boolean sharedSwitch) {
        this.sharedSwitch = sharedSwitch;
        if (!(tau > 0 && tau < maxRate)) {
            throw new IllegalArgumentException(
                    "need 0 < tau < max rate, got tau=" + tau + ", max=" + maxRate);
        }
        this.p = p;
        this.alpha = alpha;
        this.tau = tau;
        this.maxRate = maxRate;
        this.rng = rng;
        this.mu = new double[workers];
        int[] ids = new int[workers];
        for (int i = 0; i < workers; i++) {
            ids[i] = i;
        }
        for (int k = 0; k < workers; k++) {
            int j = k + rng.nextInt(workers - k);
            int tmp = ids[k];
            ids[k] = ids[j];
            ids[j] = tmp;
            double u = 1.0 - rng.nextDouble();
            // First half of the shuffled ids: stragglers in (0, tau]; the rest in [tau, maxRate].
            mu[ids[k]] = k < workers / 2 ? tau * u : tau + (maxRate - tau) * (1.0 - u);
        }
    }

    @Override
    public int workers() {
        return mu.length;
    }

    @Override
    public double[] rates() {
        return currentRates();
    }

    public double[] currentRates() {
        return mu.clone();
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        if (sharedSwitch) {
            boolean resample = t > 0 && rng.nextDouble() < p;
            for (int i = 0; i < mu.length; i++) {
                double fresh = maxRate * (1.0 - rng.nextDouble());
                if (resample) {
                    mu[i] = fresh;
                }
                out[i] = load[i] * (alpha + rng.nextExponential() / mu[i]);
            }
            return;
        }
        for (int i = 0; i < mu.length; i++) {
            double a = rng.nextDouble();
            double fresh = maxRate * (1.0 - rng.nextDouble());
            if (t > 0 && a < p) {
                mu[i] = fresh;
            }
            out[i] = load[i] * (alpha + rng.nextExponential() / mu[i]);
        }
    }

    @Override
    public boolean[] slow() {
        boolean[] s = new boolean[mu.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = mu[i] < tau;
        }
        return s;
    }
}
