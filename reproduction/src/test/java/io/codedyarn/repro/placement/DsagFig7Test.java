package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.repro.placement.DsagLoadBalanceScenario.Params;
import io.codedyarn.repro.placement.Replications.Estimate;
import org.junit.jupiter.api.Test;

/**
 * The Fig. 7 protocol's free values ({@link DsagFig7Sensitivity}): the cells whose outcome follows
 * from the paper's fixed parts (10 s window, 10 samples, an optimizer that needs D seconds) are
 * checked against that reasoning, not against numbers read from the production code.
 */
class DsagFig7Test {
    private static final long SEED = 11;

    @Test
    void idealRatioIsTwoAtTheSmallestFactorThatCanReachThePapersBound() {
        // 3f² + 2f − 13 = 0 at f = (−2 + √160)/6 ≈ 1.775: the paper's "> 2" needs f above it.
        double root = (-2 + Math.sqrt(160)) / 6;
        assertThat(DsagFig7Sensitivity.idealRatio(root)).isCloseTo(2.0, within(1e-12));
        assertThat(DsagFig7Sensitivity.idealRatio(2)).isCloseTo(2.375, within(1e-12));
        assertThat(DsagFig7Sensitivity.idealRatio(1.5)).isLessThan(2);
        assertThat(java.util.Arrays.stream(DsagFig7Sensitivity.FACTORS).min().orElseThrow())
                .isGreaterThan(root);
    }

    @Test
    void aSlowOptimizerOnShortIterationsNeverPublishes() {
        // e_Z = 0.025 s: 120 iterations last < 7 s in total, so the first solution (D = 7 s after
        // the profiler's first statistics) arrives after the run: both arms are identical.
        Params p = Params.headline().withIterationSeconds(0.025).withOptimizerSeconds(7);
        DsagReproduction.Fig7 f = DsagReproduction.fig7(SEED, 3, p);
        assertThat(f.rebalances()).containsOnly(0.0);
        assertThat(f.headlineRatio().mean()).isEqualTo(1.0);
    }

    @Test
    void longIterationsStarveTheProfilerAfterTheSlowdown() {
        // e_Z = 0.6 s at factor 2: slowed workers return < 10 samples per 10 s window, so nothing
        // is re-balanced after iteration 40 and the final window gains no more than the first.
        Params p = Params.headline().withIterationSeconds(0.6);
        DsagReproduction.Fig7 f = DsagReproduction.fig7(SEED, 4, p);
        Estimate before = f.ratio(0);
        Estimate end = f.headlineRatio();
        assertThat(end.mean())
                .isLessThan(
                        before.mean()
                                + 4 * Math.hypot(before.standardError(), end.standardError())
                                + 0.05);
        Estimate headline = DsagReproduction.fig7(SEED, 4).headlineRatio();
        assertThat(headline.mean() - 4 * headline.standardError())
                .isGreaterThan(end.mean() + 4 * end.standardError());
    }

    @Test
    void theSensitivityTableHasEveryCellAndMarksTheHeadline() {
        assertThat(DsagFig7Sensitivity.cellReplications(60)).isEqualTo(10);
        assertThat(DsagFig7Sensitivity.cellReplications(6)).isEqualTo(3);
        assertThatThrownBy(() -> new Params(0.25, 0.5, 0.5, 120))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Params(0.25, 2, 0.5, 100))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
