package io.codedyarn.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.bcc.BccThresholds;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The per-iteration time sampler against closed forms (digest lagc.md §3.2, §5.4): exponential
 * order statistics ηr(H_b − H_(b−a)) written out here, Pareto values from the digest's corrected
 * (22); 200,000 iterations, within 4 standard errors.
 */
class IterationTimesTest {
    static final int N = 200_000;

    /** {mean, s.e.} of the Pareto (0) or exponential (1) time of iterations with k active units. */
    static double[] sample(LagcScheme scheme, int k, boolean pareto, long seed) {
        IterationTimes t = new IterationTimes(scheme);
        RandomGenerator rng = Seeds.generator(seed);
        double s = 0, ss = 0;
        for (int i = 0; i < N; i++) {
            double u = t.governing(k, rng);
            double v = pareto ? t.pareto(u) : t.exponential(u);
            s += v;
            ss += v * v;
        }
        double m = s / N;
        return new double[] {m, Math.sqrt((ss / N - m * m) / N)};
    }

    static void assertMean(double[] ms, double expected) {
        assertThat(ms[0]).isCloseTo(expected, within(4 * ms[1]));
    }

    @Test
    void exponentialOrderStatistics() {
        // GD: max of 20 at mean 0.05 = 0.05·H_20
        assertMean(
                sample(new LagcScheme("GD", 20, 1, 1, 1, false), 20, false, 1),
                0.05 * BccThresholds.harmonic(20));
        // GC: 17th of 20 at mean 0.2 = 0.2·(H_20 − H_3)
        assertMean(
                sample(new LagcScheme("GC", 1, 20, 17, 4, false), 1, false, 2),
                0.2 * (BccThresholds.harmonic(20) - BccThresholds.harmonic(3)));
        // G-GD: max over 5 groups of the fastest of 4 at mean 0.2; the min is exp with mean 0.05
        assertMean(
                sample(new LagcScheme("G-GD", 5, 4, 1, 4, false), 5, false, 3),
                0.05 * BccThresholds.harmonic(5));
        // LAGC, one active group: 2nd of 5 at mean 0.2 = 0.2·(H_5 − H_3)
        assertMean(
                sample(new LagcScheme("LAGC", 4, 5, 2, 4, true), 1, false, 4),
                0.2 * (BccThresholds.harmonic(5) - BccThresholds.harmonic(3)));
        // LAG with 3 active workers: max of 3 = 0.05·H_3
        assertMean(
                sample(new LagcScheme("LAG", 20, 1, 1, 1, true), 3, false, 5),
                0.05 * BccThresholds.harmonic(3));
    }

    @Test
    void paretoOrderStatisticsWithFiniteVariance() {
        // digest §5.4: T̄_{17:20}(4) = 0.100764; max of 2 at load 1 = 0.0916667 (the max of 20
        // has infinite variance at β = 1.1, so its sample mean is not checked against 0.728899)
        assertMean(sample(new LagcScheme("GC", 1, 20, 17, 4, false), 1, true, 6), 0.100764);
        assertMean(sample(new LagcScheme("LAG", 20, 1, 1, 1, true), 2, true, 7), 0.0916667);
    }

    @Test
    void anIterationWithoutActiveUnitsTakesNoTime() {
        IterationTimes t = new IterationTimes(new LagcScheme("LAG", 20, 1, 1, 1, true));
        double u = t.governing(0, Seeds.generator(1));
        assertThat(t.pareto(u)).isZero();
        assertThat(t.exponential(u)).isZero();
    }
}
