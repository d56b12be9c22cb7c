package io.codedyarn.placement.loadbalance;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

/** The sampler against Commons Math (KS, fixed seeds) and the moment fit of digest §8. */
class GammaSamplerTest {

    @Test
    void matchesGammaDistributionForSmallAndLargeShapes() {
        double[][] cases = {{2, 1}, {0.3, 0.18}, {1e-3, 1e-8}, {5, 0.5}};
        GammaSampler g = new GammaSampler(cases.length);
        RandomGenerator rng = Seeds.generator(12);
        for (int c = 0; c < cases.length; c++) {
            double mean = cases[c][0];
            double var = cases[c][1];
            g.set(c, mean, var);
            assertThat(g.mean(c)).isCloseTo(mean, org.assertj.core.api.Assertions.within(1e-12));
            double[] xs = new double[20_000];
            for (int k = 0; k < xs.length; k++) {
                xs[k] = g.sample(c, rng);
            }
            // Digest §8: e = 2, v = 1 gives shape 4, scale 0.5.
            GammaDistribution d = new GammaDistribution(mean * mean / var, var / mean);
            assertThat(new KolmogorovSmirnovTest().kolmogorovSmirnovTest(d, xs))
                    .as("KS p for mean %s var %s", mean, var)
                    .isGreaterThan(1e-3);
        }
        assertThat(new GammaDistribution(4, 0.5).getNumericalMean()).isEqualTo(2.0);
    }

    @Test
    void zeroVarianceIsDeterministic() {
        GammaSampler g = new GammaSampler(2);
        g.set(0, 1.5, 0);
        g.set(1, 0, 0);
        RandomGenerator rng = Seeds.generator(13);
        assertThat(g.sample(0, rng)).isEqualTo(1.5);
        assertThat(g.sample(1, rng)).isZero();
    }

    @Test
    void quickselectFindsOrderStatistics() {
        RandomGenerator rng = Seeds.generator(14);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + rng.nextInt(60);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = rng.nextInt(10); // many ties
            }
            double[] sorted = a.clone();
            java.util.Arrays.sort(sorted);
            int k = rng.nextInt(n);
            assertThat(Quickselect.select(a.clone(), n, k)).isEqualTo(sorted[k]);
        }
    }
}
