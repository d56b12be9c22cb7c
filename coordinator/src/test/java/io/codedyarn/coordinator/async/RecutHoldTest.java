package io.codedyarn.coordinator.async;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Re-cuts without holes: the example of {@link RecutHold}'s comment, and its edge cases. */
class RecutHoldTest {
    private static double[] v(double x) {
        return new double[] {x};
    }

    @Test
    void aReCutWorkerIsHeldUntilItsNewPiecesCoverTheOldEntry() {
        GradientCache cache = new GradientCache(10, 1);
        RecutHold hold = new RecutHold();
        assertThat(hold.offer(cache, 1, 10, 4, v(7))).isEqualTo(OfferResult.INSERTED);
        // p 1 -> 2: the first half would evict [1, 10] and leave [6, 10] uncovered
        assertThat(hold.offer(cache, 1, 5, 5, v(3))).isEqualTo(OfferResult.HELD);
        assertThat(cache.coverage()).isEqualTo(1.0);
        assertThat(cache.sum()).containsExactly(7.0);
        assertThat(hold.offer(cache, 6, 10, 6, v(2))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(cache.coverage()).isEqualTo(1.0);
        assertThat(cache.sum()).containsExactly(5.0);
        assertThat(cache.size()).isEqualTo(2);
        assertThat(hold.size()).isZero();
    }

    @Test
    void crossingCutsCommitOnlyWhenEveryOverlappedEntryIsCovered() {
        GradientCache cache = new GradientCache(9, 1);
        RecutHold hold = new RecutHold();
        hold.offer(cache, 1, 3, 1, v(1));
        hold.offer(cache, 4, 6, 1, v(1));
        hold.offer(cache, 7, 9, 1, v(1));
        // p 3 -> 2: [1, 5] cuts [4, 6]; [6, 9] cuts it too and ends the closed set at 9
        assertThat(hold.offer(cache, 1, 5, 2, v(10))).isEqualTo(OfferResult.HELD);
        assertThat(hold.offer(cache, 6, 9, 3, v(20))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(cache.sum()).containsExactly(30.0);
        assertThat(cache.coverage()).isEqualTo(1.0);
    }

    @Test
    void staleResultsLoseToHeldAndCachedOnes() {
        GradientCache cache = new GradientCache(10, 1);
        RecutHold hold = new RecutHold();
        hold.offer(cache, 1, 10, 4, v(7));
        hold.offer(cache, 1, 5, 6, v(3));
        // an old-cut result computed before the held piece: discarded
        assertThat(hold.offer(cache, 1, 10, 5, v(9))).isEqualTo(OfferResult.DISCARDED_STALE);
        // a newer whole-block result supersedes the held piece and replaces the entry in place
        assertThat(hold.offer(cache, 1, 10, 7, v(8))).isEqualTo(OfferResult.REPLACED_IN_PLACE);
        assertThat(hold.size()).isZero();
        assertThat(cache.sum()).containsExactly(8.0);
    }

    @Test
    void withoutTheHoldTheSameReCutOpensAHole() {
        GradientCache cache = new GradientCache(10, 1);
        cache.insert(1, 10, 4, v(7));
        assertThat(cache.insert(1, 5, 5, v(3))).isEqualTo(OfferResult.EVICTED_OVERLAPS);
        assertThat(cache.coverage()).isEqualTo(0.5);
    }
}
