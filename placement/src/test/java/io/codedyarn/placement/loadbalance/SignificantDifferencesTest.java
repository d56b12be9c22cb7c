package io.codedyarn.placement.loadbalance;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Which workers' latencies differ beyond noise, through the profiler as the balancer uses it. */
class SignificantDifferencesTest {

    /** N workers, 16 samples each in the window, exponential task times; worker 0 is slower. */
    private static LatencyStats profile(int n, double slow, long seed) {
        int[] rows = new int[n];
        int[] p = new int[n];
        java.util.Arrays.fill(rows, 100);
        java.util.Arrays.fill(p, 1);
        LatencyProfiler prof = new LatencyProfiler(rows, LatencyProfiler.Config.defaults());
        RandomGenerator rng = Seeds.generator(seed);
        for (int k = 0; k < 16; k++) {
            for (int w = 0; w < n; w++) {
                double z = -0.1 * Math.log(1 - rng.nextDouble()) * (w == 0 ? slow : 1);
                prof.record(w, k * 0.5, z, z + 0.005 * (1 + rng.nextDouble()), 1, false);
            }
        }
        return prof.statistics(8.0, p).orElseThrow();
    }

    @Test
    void identicalWorkersArePooledInNearlyEverySolve() {
        int pooledAll = 0;
        for (long seed = 0; seed < 50; seed++) {
            SignificantDifferences.Result r = SignificantDifferences.pool(profile(200, 1, seed));
            if (r.distinctComputation() == 0) {
                pooledAll++;
                assertThat(LoadBalancer.loss(r.stats(), ones(200))).isCloseTo(1.0, within());
            }
        }
        // α = 1 % family-wise: at most a few of 50 windows show a (false) difference
        assertThat(pooledAll).isGreaterThanOrEqualTo(47);
        // the raw means of the same windows spread over a factor of 2 and more
        assertThat(LoadBalancer.loss(profile(200, 1, 0), ones(200))).isGreaterThan(2.0);
    }

    @Test
    void aClearlySlowerWorkerKeepsItsOwnMean() {
        SignificantDifferences.Result r = SignificantDifferences.pool(profile(200, 8, 1));
        assertThat(r.distinctComputation()).isEqualTo(1);
        LatencyStats s = r.stats();
        assertThat(s.compMean(0)).isGreaterThan(4 * s.compMean(1));
        assertThat(s.compMean(1)).isEqualTo(s.compMean(199));
    }

    @Test
    void withoutNoiseEveryDifferenceCounts() {
        double[] m = {1, 1, 2, 1};
        double[] se2 = {0, 0, 0, 0};
        assertThat(SignificantDifferences.pool(m, se2, new int[] {9, 9, 9, 9}, 3)).isEqualTo(1);
        assertThat(m).containsExactly(1, 1, 2, 1);
    }

    private static int[] ones(int n) {
        int[] p = new int[n];
        java.util.Arrays.fill(p, 1);
        return p;
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-9);
    }
}
