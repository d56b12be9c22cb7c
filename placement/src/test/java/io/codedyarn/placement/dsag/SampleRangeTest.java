package io.codedyarn.placement.dsag;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Global sample ranges of blocks and subpartitions (DSAG digest §1.2, §7.6, §8). */
class SampleRangeTest {

    @Test
    void digestVectors() {
        // p = 3 over n = 10 gives [1..3], [4..6], [7..10].
        SampleRange all = SampleRange.block(10, 1, 0);
        assertThat(all).isEqualTo(new SampleRange(1, 10));
        assertThat(all.part(3, 1)).isEqualTo(new SampleRange(1, 3));
        assertThat(all.part(3, 2)).isEqualTo(new SampleRange(4, 6));
        assertThat(all.part(3, 3)).isEqualTo(new SampleRange(7, 10));
    }

    @Test
    void secondWorkerIsOffsetByTheFirstBlock() {
        // n = 20, N = 2: worker 1 (0-based) holds [11, 20]; its subpartition 2 of 3 is [14, 16].
        assertThat(SampleRange.block(20, 2, 1)).isEqualTo(new SampleRange(11, 20));
        assertThat(SampleRange.subpartition(20, 2, 1, 3, 2)).isEqualTo(new SampleRange(14, 16));
        assertThat(SampleRange.subpartition(20, 2, 1, 3, 2).size()).isEqualTo(3);
    }

    @Test
    void subpartitionsTileEveryWorkersBlock() {
        for (int rows = 1; rows <= 50; rows++) {
            for (int workers = 1; workers <= rows; workers++) {
                long next = 1;
                for (int i = 0; i < workers; i++) {
                    SampleRange block = SampleRange.block(rows, workers, i);
                    for (long p = 1; p <= block.size(); p++) {
                        long inner = block.first();
                        for (long k = 1; k <= p; k++) {
                            SampleRange r = SampleRange.subpartition(rows, workers, i, p, k);
                            assertThat(r.first()).isEqualTo(inner);
                            inner = r.last() + 1;
                        }
                        assertThat(inner).isEqualTo(block.last() + 1);
                    }
                    assertThat(block.first()).isEqualTo(next);
                    next = block.last() + 1;
                }
                assertThat(next).isEqualTo(rows + 1);
            }
        }
    }

    @Test
    void overlapIsARealIntersectionIncludingContainment() {
        SampleRange outer = new SampleRange(2, 10);
        assertThat(outer.overlaps(new SampleRange(4, 6))).isTrue();
        assertThat(new SampleRange(4, 6).overlaps(outer)).isTrue();
        assertThat(outer.overlaps(new SampleRange(10, 12))).isTrue();
        assertThat(outer.overlaps(new SampleRange(1, 1))).isFalse();
        assertThat(outer.overlaps(new SampleRange(11, 11))).isFalse();
    }
}
