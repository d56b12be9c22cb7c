package io.codedyarn.placement.loadbalance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Window, trimming, normalisation and stale handling with hand-made samples (digest §5.1). */
class LatencyProfilerTest {
    private static final LatencyProfiler.Config ALL =
            new LatencyProfiler.Config(10.0, 1, 0.0, 1.0); // no trimming

    @Test
    void normalisesComputationPerUnitOfWorkAcrossP() {
        // θ = 1/4 and 3/4. Worker 0: z·p/θ = 0.5·2·4 = 4 and 0.25·4·4 = 4 and 1.5·1·4 = 6.
        LatencyProfiler prof = new LatencyProfiler(new int[] {100, 300}, ALL);
        prof.record(0, 1.0, 0.5, 0.6, 2, false);
        prof.record(0, 2.0, 0.25, 0.35, 4, false);
        prof.record(0, 3.0, 1.5, 1.7, 1, false);
        // Worker 1 (θ = 3/4): 0.3·5/0.75 = 2 and 0.6·5/0.75 = 4.
        prof.record(1, 1.0, 0.3, 0.4, 5, false);
        prof.record(1, 2.0, 0.6, 0.7, 5, false);
        LatencyStats s = prof.statistics(3.0, new int[] {8, 3}).orElseThrow();
        // Per unit: worker 0 mean 14/3, population variance 8/9; at p = 8: ·θ/p = 1/32.
        assertThat(s.compMean(0)).isCloseTo(14.0 / 3 / 32, within(1e-12));
        assertThat(s.compVar(0)).isCloseTo(8.0 / 9 / (32.0 * 32), within(1e-12));
        assertThat(s.commMean(0)).isCloseTo((0.1 + 0.1 + 0.2) / 3, within(1e-12));
        assertThat(s.commVar(0)).isCloseTo(2.0 / 9 * 0.01, within(1e-12));
        // Worker 1 per unit mean 3, var 1; at p = 3: ·0.75/3 = 1/4.
        assertThat(s.compMean(1)).isCloseTo(0.75, within(1e-12));
        assertThat(s.compVar(1)).isCloseTo(1.0 / 16, within(1e-12));
        assertThat(s.p(1)).isEqualTo(3);
    }

    @Test
    void trimsToTheTenToNinetyPercentOrderStatistics() {
        // 10 samples: keeps order statistics ceil(1) .. floor(9) = the 9 smallest.
        LatencyProfiler prof =
                new LatencyProfiler(
                        new int[] {1}, LatencyProfiler.Config.defaults().withMinSamples(9));
        for (int k = 1; k <= 10; k++) {
            double z = k == 10 ? 1000 : k; // the outlier is dropped
            prof.record(0, k * 0.1, z, z + 0.5 * k, 1, false);
        }
        LatencyStats s = prof.statistics(1.0, new int[] {1}).orElseThrow();
        assertThat(s.compMean(0)).isCloseTo(5.0, within(1e-12));
        assertThat(s.compVar(0)).isCloseTo(60.0 / 9, within(1e-12));
        // comm 0.5·k for k = 1..9: mean 2.5, variance 0.25·60/9.
        assertThat(s.commMean(0)).isCloseTo(2.5, within(1e-12));
        assertThat(s.commVar(0)).isCloseTo(0.25 * 60 / 9, within(1e-12));

        // 20 samples: ceil(2) .. floor(18): drops the smallest and the two largest.
        LatencyProfiler p20 =
                new LatencyProfiler(
                        new int[] {1}, LatencyProfiler.Config.defaults().withMinSamples(17));
        for (int k = 1; k <= 20; k++) {
            p20.record(0, k * 0.1, k, k + 1.0 + (k % 2) * 0.1, 1, false);
        }
        LatencyStats s20 = p20.statistics(2.0, new int[] {1}).orElseThrow();
        assertThat(s20.compMean(0)).isCloseTo(10.0, within(1e-12));
        assertThat(s20.compVar(0)).isCloseTo(24.0, within(1e-12));
        // Too few after trimming: 17 kept < 18 required.
        LatencyProfiler strict =
                new LatencyProfiler(
                        new int[] {1}, LatencyProfiler.Config.defaults().withMinSamples(18));
        for (int k = 1; k <= 20; k++) {
            strict.record(0, k * 0.1, k, k + 1.0 + (k % 2) * 0.1, 1, false);
        }
        assertThat(strict.statistics(2.0, new int[] {1})).isEmpty();
    }

    @Test
    void keepsOnlyTheTimeWindowAndRemembersTheLastGoodStatistics() {
        LatencyProfiler prof = new LatencyProfiler(new int[] {1}, ALL);
        prof.record(0, 0.0, 100, 101, 1, false); // old burst
        prof.record(0, 1.0, 200, 202, 1, false);
        prof.record(0, 11.5, 1, 1.5, 1, false);
        prof.record(0, 12.0, 3, 3.7, 1, false);
        // now = 12: window [2, 12] keeps the last two.
        LatencyStats s = prof.statistics(12.0, new int[] {1}).orElseThrow();
        assertThat(s.compMean(0)).isCloseTo(2.0, within(1e-12));
        assertThat(s.commMean(0)).isCloseTo(0.6, within(1e-12));
        // Much later the window is empty: the last good statistics stay.
        LatencyStats later = prof.statistics(100.0, new int[] {1}).orElseThrow();
        assertThat(later.compMean(0)).isCloseTo(2.0, within(1e-12));
        assertThatCode(() -> prof.record(0, 50.0, 1, 2, 1, false)).doesNotThrowAnyException();
        assertThatThrownBy(() -> prof.record(0, 49.0, 1, 2, 1, false))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void staleResultsUseTheRecentCommunicationMean() {
        LatencyProfiler prof = new LatencyProfiler(new int[] {1, 1}, ALL);
        // A stale result before any trusted comm sample: computation only.
        prof.record(1, 0.5, 1.0, 9.0, 1, true);
        prof.record(0, 1.0, 1.0, 1.2, 1, false); // comm 0.2
        prof.record(0, 1.5, 2.0, 2.4, 1, false); // comm 0.4
        // Stale: RTT 9 includes queueing behind an older task; comm taken as mean(0.2, 0.4).
        prof.record(1, 2.0, 3.0, 9.0, 1, true);
        prof.record(1, 2.5, 5.0, 5.5, 1, false); // comm 0.5
        LatencyStats s = prof.statistics(3.0, new int[] {1, 1}).orElseThrow();
        assertThat(s.commMean(1)).isCloseTo((0.3 + 0.5) / 2, within(1e-12));
        assertThat(s.compMean(1)).isCloseTo(3.0, within(1e-12));
    }

    @Test
    void emptyUntilEveryWorkerHasValidStatistics() {
        LatencyProfiler prof = new LatencyProfiler(new int[] {1, 1}, ALL);
        prof.record(0, 1.0, 1.0, 1.2, 1, false);
        prof.record(0, 1.1, 2.0, 2.5, 1, false);
        assertThat(prof.statistics(2.0, new int[] {1, 1})).isEmpty();
        // Zero variance (one sample, or identical samples) is skipped like ≈ 0 in the reference.
        prof.record(1, 1.0, 1.0, 1.2, 1, false);
        prof.record(1, 1.1, 1.0, 1.2, 1, false);
        assertThat(prof.statistics(2.0, new int[] {1, 1})).isEmpty();
        // NaN inputs are dropped.
        prof.record(1, 1.2, Double.NaN, 1.2, 1, false);
        assertThat(prof.statistics(2.0, new int[] {1, 1})).isEmpty();
        prof.record(1, 1.3, 2.0, 2.3, 1, false);
        Optional<LatencyStats> s = prof.statistics(2.0, new int[] {1, 1});
        assertThat(s).isPresent();
        assertThat(s.get().workers()).isEqualTo(2);
    }
}
