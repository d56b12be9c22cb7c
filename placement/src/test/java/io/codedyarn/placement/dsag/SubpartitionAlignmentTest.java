package io.codedyarn.placement.dsag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.Ranges;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DSAG Algorithm 2 (digest §5.3, §8): test vectors, the cache examples, and properties. */
class SubpartitionAlignmentTest {

    @Test
    void example3TwoToThreeFromFirstGivesFirst() {
        // n_1 = 10, k_1 = 1, p: 2 → 3: k = 2, k' = 2 unaligned (4 ≠ 6), then k' = 1 = k.
        assertThat(SubpartitionAlignment.realign(10, 2, 3, 1)).isEqualTo(1);
    }

    @Test
    void alignedPairTwoToFour() {
        // n = 10, p = 2 → 4: old k = 2 (samples 6..10) ↔ new k' = 3 (samples 6..7).
        assertThat(SubpartitionAlignment.realign(10, 2, 4, 1)).isEqualTo(3);
        assertThat(Ranges.pStart(10, 4, 3)).isEqualTo(Ranges.pStart(10, 2, 2)).isEqualTo(6);
        // From k_prev = 2 the due subpartition is 1, which starts at 1 in both.
        assertThat(SubpartitionAlignment.realign(10, 2, 4, 2)).isEqualTo(1);
    }

    @Test
    void shrinkingPWhereThePapersLoopWouldStepBelowOne() {
        // n_i = 10, p = 5 → 2, due k = 2 (samples 3..4): p_trans = 1, which starts at 1 ≠ 3. The
        // paper's loop would decrement k' to 0; the reference code's re-translation stops at 1.
        assertThat(SubpartitionAlignment.realign(10, 5, 2, 1)).isEqualTo(1);
    }

    @Test
    void unchangedPIsThePlainCyclicSuccessor() {
        assertThat(SubpartitionAlignment.next(3, 3)).isEqualTo(1);
        assertThat(SubpartitionAlignment.next(3, 1)).isEqualTo(2);
        for (int n = 1; n <= 30; n++) {
            for (int p = 1; p <= n; p++) {
                for (int k = 1; k <= p; k++) {
                    assertThat(SubpartitionAlignment.realign(n, p, p, k))
                            .isEqualTo(SubpartitionAlignment.next(p, k));
                }
            }
        }
    }

    @Test
    void alwaysTerminatesAlignedAtTheLargestBoundaryNotAfterTheTranslation() {
        for (int n = 1; n <= 40; n++) {
            for (int p = 1; p <= n; p++) {
                for (int q = 1; q <= n; q++) {
                    for (int kPrev = 1; kPrev <= p; kPrev++) {
                        long k = SubpartitionAlignment.realign(n, p, q, kPrev);
                        assertThat(k).isBetween(1L, (long) q);
                        // Aligned: the new subpartition starts where an old one starts.
                        assertThat(isOldBoundary(n, p, Ranges.pStart(n, q, k))).isTrue();
                        // The largest such index not after the translation of the due one.
                        long limit = Ranges.pTrans(n, p, q, SubpartitionAlignment.next(p, kPrev));
                        assertThat(k).isLessThanOrEqualTo(limit);
                        for (long j = k + 1; j <= limit; j++) {
                            assertThat(isOldBoundary(n, p, Ranges.pStart(n, q, j))).isFalse();
                        }
                    }
                }
            }
        }
    }

    private static boolean isOldBoundary(long n, long p, long sample) {
        for (long k = 1; k <= p; k++) {
            if (Ranges.pStart(n, p, k) == sample) {
                return true;
            }
        }
        return false;
    }

    @Test
    void rejectsOutOfRangeArguments() {
        assertThatThrownBy(() -> SubpartitionAlignment.realign(10, 2, 11, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SubpartitionAlignment.realign(10, 2, 3, 3))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SubpartitionAlignment.realign(10, 0, 3, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Examples 1 and 2 of §5.3: two workers with 10 rows each, worker 1 going p = 2 → 3 with a
     * cache holding [1, 5] and [6, 10]. Inserting a range evicts every overlapping entry whole.
     */
    @Test
    void examples1And2HolesLastOneIterationWhenAligned() {
        SampleRange first = SampleRange.subpartition(20, 2, 0, 2, 1);
        SampleRange second = SampleRange.subpartition(20, 2, 0, 2, 2);
        assertThat(first).isEqualTo(new SampleRange(1, 5));
        assertThat(second).isEqualTo(new SampleRange(6, 10));
        // Example 1: X_{4:6} sent first evicts both cached entries.
        SampleRange middle = SampleRange.subpartition(20, 2, 0, 3, 2);
        assertThat(middle).isEqualTo(new SampleRange(4, 6));
        assertThat(middle.overlaps(first) && middle.overlaps(second)).isTrue();

        // Example 2: Algorithm 2 starts at k = 1, so X_{1:3}, X_{4:6}, X_{7:10} follow.
        long k = SubpartitionAlignment.realign(10, 2, 3, 1);
        assertThat(k).isEqualTo(1);
        assertThat(maxHoleIterations(k)).isEqualTo(1);
        // Starting at X_{4:6} leaves [1, 3] missing for 2 iterations.
        assertThat(maxHoleIterations(2)).isEqualTo(2);
    }

    /** Longest run of iterations any of samples 1..10 is uncovered, cycling p = 3 from k. */
    private static int maxHoleIterations(long start) {
        List<SampleRange> cache =
                new ArrayList<>(List.of(new SampleRange(1, 5), new SampleRange(6, 10)));
        int[] missing = new int[11];
        int worst = 0;
        long k = start;
        for (int it = 0; it < 3; it++) {
            SampleRange r = SampleRange.subpartition(20, 2, 0, 3, k);
            cache.removeIf(r::overlaps);
            cache.add(r);
            for (int x = 1; x <= 10; x++) {
                long sample = x;
                boolean covered = cache.stream().anyMatch(c -> c.contains(sample));
                missing[x] = covered ? 0 : missing[x] + 1;
                worst = Math.max(worst, missing[x]);
            }
            k = SubpartitionAlignment.next(3, k);
        }
        return worst;
    }
}
