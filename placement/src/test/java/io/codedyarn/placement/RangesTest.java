package io.codedyarn.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** DSAG digest §8 test vectors, plus the partition property over many (n, p). */
class RangesTest {

    @Test
    void digestVectors() {
        assertThat(Ranges.pStart(10, 2, 2)).isEqualTo(6);
        assertThat(Ranges.pStart(10, 3, 2)).isEqualTo(4);
        assertThat(Ranges.pStop(10, 3, 3)).isEqualTo(10);
        assertThat(Ranges.pTrans(10, 2, 3, 2)).isEqualTo(2);
        assertThat(Ranges.pTrans(10, 3, 2, 1)).isEqualTo(1);
    }

    @Test
    void partsTileTheRangeAndDifferByAtMostOne() {
        for (int n = 1; n <= 60; n++) {
            for (int p = 1; p <= n; p++) {
                long next = 1;
                long min = Long.MAX_VALUE;
                long max = 0;
                for (int i = 1; i <= p; i++) {
                    assertThat(Ranges.pStart(n, p, i)).isEqualTo(next);
                    long size = Ranges.pStop(n, p, i) - Ranges.pStart(n, p, i) + 1;
                    min = Math.min(min, size);
                    max = Math.max(max, size);
                    next = Ranges.pStop(n, p, i) + 1;
                }
                assertThat(next).isEqualTo(n + 1);
                assertThat(max - min).isLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void rejectsOutOfRange() {
        assertThatThrownBy(() -> Ranges.pStart(10, 11, 1)).hasMessageContaining("p=11");
        assertThatThrownBy(() -> Ranges.pStop(10, 2, 3)).hasMessageContaining("i=3");
    }
}
