package io.codedyarn.coordinator.async;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * DSAG vs SAG vs SGD on the same arrival sequence: n = 10, worker A holds samples 1..5 split in two
 * subpartitions [1,2], [3,5]; worker B holds 6..10 in one subpartition.
 */
class AggregatorsTest {

    private static double[] v(double x, double y) {
        return new double[] {x, y};
    }

    @Test
    void dsagKeepsStaleResultsAndScalesByCoverage() {
        DsagAggregator dsag = new DsagAggregator(10, 2, 1);
        dsag.beginIteration(1);
        assertThatThrownBy(dsag::estimate).isInstanceOf(IllegalStateException.class);
        assertThat(dsag.offer(1, 2, 1, v(1, 2))).isEqualTo(OfferResult.INSERTED);
        assertThat(dsag.coverage()).isEqualTo(0.2);
        assertThat(dsag.estimate()).containsExactly(5, 10); // H/ξ = (1,2)/0.2

        dsag.beginIteration(2);
        assertThat(dsag.offer(3, 5, 2, v(3, 0))).isEqualTo(OfferResult.INSERTED);
        // B's result computed at iterate 1 arrives now: stale, but it fills a gap, so it is kept
        assertThat(dsag.offer(6, 10, 1, v(4, 4))).isEqualTo(OfferResult.INSERTED);
        assertThat(dsag.coverage()).isEqualTo(1.0);
        assertThat(dsag.estimate()).containsExactly(8, 6);

        dsag.beginIteration(3);
        assertThat(dsag.offer(1, 2, 3, v(-1, 0))).isEqualTo(OfferResult.REPLACED_IN_PLACE);
        assertThat(dsag.estimate()).containsExactly(6, 4);
        // an even older result for B's range is discarded: the cached one (t' = 1) is not older
        assertThat(dsag.offer(6, 10, 1, v(100, 100))).isEqualTo(OfferResult.DISCARDED_STALE);
        assertThat(dsag.estimate()).containsExactly(6, 4);
        assertThatThrownBy(() -> dsag.offer(1, 2, 4, v(0, 0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> dsag.beginIteration(2))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void dsagReferenceStartHasFullCoverageAndZeroSum() {
        DsagAggregator dsag = DsagAggregator.referenceStart(10, 2, 0);
        assertThat(dsag.coverage()).isEqualTo(1.0);
        assertThat(dsag.estimate()).containsExactly(0, 0);
        // the first result (t = 0 > −1) evicts the zero node: ξ drops to the result's share
        assertThat(dsag.offer(3, 5, 0, v(3, 3))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(dsag.coverage()).isEqualTo(0.3);
        assertThat(dsag.estimate()[0]).isCloseTo(10.0, within(1e-12));
    }

    @Test
    void sagDropsStaleResults() {
        SagAggregator sag = new SagAggregator(10, 2, 1);
        sag.beginIteration(1);
        assertThat(sag.offer(1, 2, 1, v(1, 2))).isEqualTo(OfferResult.INSERTED);
        sag.beginIteration(2);
        assertThat(sag.offer(3, 5, 2, v(3, 0))).isEqualTo(OfferResult.INSERTED);
        // the same stale result that DSAG keeps: SAG drops it although it would fill a gap
        assertThat(sag.offer(6, 10, 1, v(4, 4))).isEqualTo(OfferResult.DISCARDED_STALE);
        assertThat(sag.coverage()).isEqualTo(0.5);
        assertThat(sag.estimate()).containsExactly(8, 4); // (4,2)/0.5
        sag.beginIteration(3);
        // fresh results still accumulate across iterations (it is SAG, not SGD)
        assertThat(sag.offer(6, 10, 3, v(4, 4))).isEqualTo(OfferResult.INSERTED);
        assertThat(sag.offer(1, 2, 3, v(-1, 0))).isEqualTo(OfferResult.REPLACED_IN_PLACE);
        assertThat(sag.coverage()).isEqualTo(1.0);
        assertThat(sag.estimate()).containsExactly(6, 4);
    }

    @Test
    void sgdUsesOnlyThisIterationsFreshResultsRescaled() {
        SgdAggregator sgd = new SgdAggregator(10, 2, 1);
        sgd.beginIteration(1);
        assertThat(sgd.offer(1, 2, 1, v(1, 2))).isEqualTo(OfferResult.INSERTED);
        assertThat(sgd.offer(6, 7, 1, v(3, 0))).isEqualTo(OfferResult.INSERTED);
        // (n / n_processed)·Σ fresh = (10/4)·(4, 2)
        assertThat(sgd.estimate()).containsExactly(10, 5);

        sgd.beginIteration(2); // no memory: last iteration's results are gone
        assertThat(sgd.coverage()).isZero();
        assertThatThrownBy(sgd::estimate).isInstanceOf(IllegalStateException.class);
        assertThat(sgd.offer(6, 10, 1, v(4, 4))).isEqualTo(OfferResult.DISCARDED_STALE);
        assertThat(sgd.offer(3, 5, 2, v(3, 3))).isEqualTo(OfferResult.INSERTED);
        assertThat(sgd.estimate()).containsExactly(new double[] {10, 10}, within(1e-12));
    }
}
