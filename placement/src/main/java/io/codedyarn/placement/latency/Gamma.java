package io.codedyarn.placement.latency;

import java.util.random.RandomGenerator;

/**
 * Gamma variates by Marsaglia–Tsang (2000). Every call draws one normal and one uniform first, and
 * that first candidate is accepted with probability ≥ 95 % (shape ≥ 1), so two schemes sharing a
 * seed see the same variates almost always (common random numbers are approximate here, exact in
 * the exponential-family models). The loop is bounded; the fallback is Wilson–Hilferty.
 */
final class Gamma {
    private static final int MAX_TRIES = 32;

    private Gamma() {}

    /**
     * A gamma variate with the given mean and variance (0 when the mean is 0; the mean when v = 0).
     */
    static double sample(RandomGenerator rng, double mean, double variance) {
        double g1 = rng.nextGaussian();
        double u1 = rng.nextDouble();
        if (mean == 0) {
            return 0;
        }
        if (variance == 0) {
            return mean;
        }
        double shape = mean * mean / variance;
        double scale = variance / mean;
        return scale * standard(rng, shape, g1, u1);
    }

    /** Standard gamma(shape, 1); {@code g}, {@code u} are the first normal and uniform draws. */
    private static double standard(RandomGenerator rng, double shape, double g, double u) {
        if (shape < 1) {
            // Boost: Gamma(a) = Gamma(a + 1) · U^(1/a).
            double boost = Math.pow(1.0 - rng.nextDouble(), 1.0 / shape);
            return standard(rng, shape + 1, g, u) * boost;
        }
        double d = shape - 1.0 / 3.0;
        double c = 1.0 / Math.sqrt(9.0 * d);
        for (int tries = 0; tries < MAX_TRIES; tries++) {
            double x = tries == 0 ? g : rng.nextGaussian();
            double uu = tries == 0 ? u : rng.nextDouble();
            double v = 1.0 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            if (Math.log(uu) < 0.5 * x * x + d - d * v + d * Math.log(v)) {
                return d * v;
            }
        }
        // Wilson–Hilferty: practically unreachable (probability < 0.05^32).
        double wh = 1 - 1 / (9 * shape) + g / Math.sqrt(9 * shape);
        return shape * Math.max(wh * wh * wh, 0);
    }
}
