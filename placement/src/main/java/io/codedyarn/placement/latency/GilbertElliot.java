package io.codedyarn.placement.latency;

import java.util.random.RandomGenerator;

/**
 * Two-state (fast/slow) Gilbert–Elliot stragglers (GC-DC §VI, digest §4.2–4.3): at the start of
 * every iteration t ≥ 1 each worker flips state with probability p (symmetric: mean sojourn 1/p,
 * stationary split 50/50); initially a uniformly random half of the workers is slow. Times are
 * shifted exponential: X = load·(α + E/μ) with μ = μ_fast,i or μ_slow,i by state.
 *
 * <p>Homogeneous: μ_fast,i = μ_f and μ_slow,i = μ_s for all i (the paper's p = 0.05, α = 0.01, μ_s
 * = 0.1, μ_f = 10). Heterogeneous: μ_fast,i ~ U[0, 5] drawn once, μ_slow,i = μ_fast,i / 10.
 */
public final class GilbertElliot implements LatencyModel {
    private final double p;
    private final double alpha;
    private final double[] muFast;
    private final double[] muSlow;
    private final boolean[] slow;
    private final RandomGenerator rng;

    private GilbertElliot(
            double p, double alpha, double[] muFast, double[] muSlow, RandomGenerator rng) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException(
                    "switching probability p must be in [0, 1], got " + p);
        }
        this.p = p;
        this.alpha = alpha;
        this.muFast = muFast;
        this.muSlow = muSlow;
        this.rng = rng;
        int n = muFast.length;
        this.slow = new boolean[n];
        // A uniformly random half starts slow (partial Fisher–Yates on worker ids).
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
        }
        for (int k = 0; k < n / 2; k++) {
            int j = k + rng.nextInt(n - k);
            int tmp = ids[k];
            ids[k] = ids[j];
            ids[j] = tmp;
            slow[ids[k]] = true;
        }
    }

    public static GilbertElliot homogeneous(
            int workers,
            double p,
            double alpha,
            double muSlow,
            double muFast,
            RandomGenerator rng) {
        if (!(muSlow > 0) || !(muFast > 0)) {
            throw new IllegalArgumentException(
                    "rates must be > 0, got mu_slow=" + muSlow + ", mu_fast=" + muFast);
        }
        double[] f = new double[workers];
        double[] s = new double[workers];
        java.util.Arrays.fill(f, muFast);
        java.util.Arrays.fill(s, muSlow);
        return new GilbertElliot(p, alpha, f, s, rng);
    }

    /** μ_fast,i ~ U(0, maxRate] drawn once per worker; μ_slow,i = μ_fast,i / slowdown. */
    public static GilbertElliot heterogeneous(
            int workers,
            double p,
            double alpha,
            double maxRate,
            double slowdown,
            RandomGenerator rng) {
        double[] f = new double[workers];
        double[] s = new double[workers];
        for (int i = 0; i < workers; i++) {
            f[i] = maxRate * (1.0 - rng.nextDouble());
            s[i] = f[i] / slowdown;
        }
        return new GilbertElliot(p, alpha, f, s, rng);
    }

    @Override
    public int workers() {
        return muFast.length;
    }

    /** The rate each worker has in the iteration last sampled. */
    @Override
    public double[] rates() {
        return currentRates();
    }

    public double[] currentRates() {
        double[] r = new double[muFast.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = slow[i] ? muSlow[i] : muFast[i];
        }
        return r;
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        for (int i = 0; i < muFast.length; i++) {
            double flip = rng.nextDouble(); // drawn every iteration: common random numbers
            if (t > 0 && flip < p) {
                slow[i] = !slow[i];
            }
            double mu = slow[i] ? muSlow[i] : muFast[i];
            out[i] = load[i] * (alpha + rng.nextExponential() / mu);
        }
    }

    @Override
    public boolean[] slow() {
        return slow.clone();
    }
}
