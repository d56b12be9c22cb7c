package io.codedyarn.repro.placement;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;

/**
 * Monte-Carlo bookkeeping for reproductions: independent replications (batch means) give a mean and
 * its standard error sd/√R; ratios get a delta-method error. Also the seeded sub-streams, so that
 * every quantity draws from its own generator and adding one does not shift another.
 */
final class Replications {
    private Replications() {}

    /** A mean over independent replications and its standard error. */
    record Estimate(double mean, double standardError) {}

    /** Mean and s.e. = sample sd/√R of independent replication values (R ≥ 2). */
    static Estimate of(double[] values) {
        int r = values.length;
        if (r < 2) {
            throw new IllegalArgumentException("need at least 2 replications, got " + r);
        }
        double s = 0;
        for (double v : values) {
            s += v;
        }
        double mean = s / r;
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return new Estimate(mean, Math.sqrt(ss / (r - 1) / r));
    }

    /** a/b for independent estimates: relative errors add in quadrature (delta method). */
    static Estimate ratioIndependent(Estimate a, Estimate b) {
        double q = a.mean() / b.mean();
        double ra = a.standardError() / a.mean();
        double rb = b.standardError() / b.mean();
        return new Estimate(q, Math.abs(q) * Math.sqrt(ra * ra + rb * rb));
    }

    /**
     * mean(a)/mean(b) for PAIRED replications (common random numbers): s.e. from the linearised
     * values d_r = (a_r − q·b_r)/mean(b), which keeps the positive correlation of the pairs.
     */
    static Estimate ratioPaired(double[] a, double[] b) {
        double mb = of(b).mean();
        double q = of(a).mean() / mb;
        double[] d = new double[a.length];
        for (int r = 0; r < a.length; r++) {
            d[r] = (a[r] - q * b[r]) / mb;
        }
        return new Estimate(q, of(d).standardError());
    }

    /** Generator number {@code stream} of {@code seed} (SplitMix64 finaliser of both). */
    static RandomGenerator stream(long seed, long stream) {
        long z = seed + 0x9E3779B97F4A7C15L * (stream + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return Seeds.generator(z ^ (z >>> 31));
    }

    /** max(min, round(full·scale)): the replication count at {@code scale}. */
    static int count(int full, double scale, int min) {
        if (!(scale > 0 && scale <= 1)) {
            throw new IllegalArgumentException("scale must be in (0, 1], got " + scale);
        }
        return Math.max(min, (int) Math.round(full * scale));
    }

    /** A uniformly random permutation of 0..n−1 (Fisher–Yates, from the top). */
    static int[] permutation(int n, RandomGenerator rng) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int s = a[i];
            a[i] = a[j];
            a[j] = s;
        }
        return a;
    }
}
