package io.codedyarn.placement.loadbalance;

import java.util.random.RandomGenerator;

/**
 * Allocation-free gamma variates for a fixed set of workers, parameterised by mean e and variance v
 * (method of moments, DSAG §III fn. 14, digest §2.2: shape α = e²/v, scale θ = v/e). The
 * Marsaglia–Tsang (2000) constants d = α − 1/3 and c = 1/√(9d) are computed once per {@link #set},
 * not per draw, because the event-driven simulator draws two variates per event. Shape &lt; 1 uses
 * the boost Gamma(α) = Gamma(α + 1)·U^(1/α). Variance 0 gives the mean itself (deterministic), mean
 * 0 gives 0.
 */
final class GammaSampler {
    private final double[] scale;
    private final double[] d;
    private final double[] c;
    private final double[] invShape; // 1/α when α < 1 (boost), else 0
    private final double[] constant; // NaN when random

    GammaSampler(int workers) {
        scale = new double[workers];
        d = new double[workers];
        c = new double[workers];
        invShape = new double[workers];
        constant = new double[workers];
    }

    int workers() {
        return scale.length;
    }

    /** Sets worker i's distribution; mean ≥ 0 and variance ≥ 0, both finite. */
    void set(int i, double mean, double variance) {
        if (!(mean >= 0) || !(variance >= 0) || Double.isInfinite(mean + variance)) {
            throw new IllegalArgumentException(
                    "worker "
                            + i
                            + ": need finite mean >= 0 and variance >= 0, got "
                            + mean
                            + ", "
                            + variance);
        }
        if (mean == 0 || variance == 0) {
            constant[i] = mean;
            return;
        }
        constant[i] = Double.NaN;
        double shape = mean * mean / variance;
        scale[i] = variance / mean;
        invShape[i] = shape < 1 ? 1.0 / shape : 0.0;
        double a = shape < 1 ? shape + 1 : shape;
        d[i] = a - 1.0 / 3.0;
        c[i] = 1.0 / Math.sqrt(9.0 * d[i]);
    }

    double mean(int i) {
        return Double.isNaN(constant[i]) ? shapeOf(i) * scale[i] : constant[i];
    }

    private double shapeOf(int i) {
        return invShape[i] > 0 ? 1.0 / invShape[i] : d[i] + 1.0 / 3.0;
    }

    /** One variate for worker i. */
    double sample(int i, RandomGenerator rng) {
        double k = constant[i];
        if (!Double.isNaN(k)) {
            return k;
        }
        double di = d[i];
        double ci = c[i];
        double g;
        while (true) {
            double x;
            double v;
            do {
                x = rng.nextGaussian();
                v = 1.0 + ci * x;
            } while (v <= 0);
            v = v * v * v;
            double u = rng.nextDouble();
            double x2 = x * x;
            // Squeeze first (accepts ~98 % without a log), then the exact test.
            if (u < 1.0 - 0.0331 * x2 * x2
                    || Math.log(u) < 0.5 * x2 + di * (1.0 - v + Math.log(v))) {
                g = di * v;
                break;
            }
        }
        double inv = invShape[i];
        if (inv > 0) {
            g *= Math.pow(rng.nextDouble(), inv);
        }
        return g * scale[i];
    }
}
