package io.codedyarn.hdfs.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Ranges;
import io.codedyarn.placement.Seeds;
import java.util.BitSet;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class PartitioningTest {

    @Test
    void partitionsTileTheRowsWithSizesDifferingByAtMostOne() {
        RandomGenerator g = Seeds.generator(11);
        for (int trial = 0; trial < 300; trial++) {
            long n = trial < 100 ? 1 + g.nextInt(60) : 1 + g.nextLong(1L << 40);
            int k = 1 + g.nextInt((int) Math.min(n, 200));
            List<RowInterval> parts = Partitioning.all(n, k);
            long next = 1;
            long min = Long.MAX_VALUE;
            long max = 0;
            for (int i = 0; i < k; i++) {
                RowInterval r = parts.get(i);
                assertThat(r.first()).isEqualTo(next).isEqualTo(Ranges.pStart(n, k, i + 1));
                assertThat(r.last()).isEqualTo(Ranges.pStop(n, k, i + 1));
                min = Math.min(min, r.count());
                max = Math.max(max, r.count());
                next = r.last() + 1;
                assertThat(Partitioning.partitionOf(n, k, r.first())).isEqualTo(i + 1);
                assertThat(Partitioning.partitionOf(n, k, r.last())).isEqualTo(i + 1);
            }
            assertThat(next - 1).isEqualTo(n);
            assertThat(max - min).isLessThanOrEqualTo(1);
            if (n <= 60) {
                for (long row = 1; row <= n; row++) {
                    long p = Partitioning.partitionOf(n, k, row);
                    assertThat(parts.get((int) p - 1).contains(row)).isTrue();
                }
            }
        }
    }

    @Test
    void dsagExample() {
        // n = 10 rows in K = 4 partitions: [1,2], [3,5], [6,7], [8,10].
        assertThat(Partitioning.all(10, 4).toString())
                .isEqualTo("[[1, 2], [3, 5], [6, 7], [8, 10]]");
    }

    @Test
    void rowPermutationIsADeterministicBijection() {
        for (long n : new long[] {0, 1, 2, 3, 5, 16, 17, 100, 1000, 4097}) {
            for (long seed : new long[] {0, 1, -5}) {
                RowPermutation p = RowPermutation.of(n, seed);
                RowPermutation q = RowPermutation.of(n, seed);
                BitSet seen = new BitSet();
                for (long i = 0; i < n; i++) {
                    long j = p.apply(i);
                    assertThat(j).isBetween(0L, n - 1);
                    assertThat(seen.get((int) j)).isFalse();
                    seen.set((int) j);
                    assertThat(p.inverse(j)).isEqualTo(i);
                    assertThat(q.apply(i)).isEqualTo(j);
                }
                assertThat(seen.cardinality()).isEqualTo((int) n);
            }
        }
        RowPermutation a = RowPermutation.of(1000, 1);
        RowPermutation b = RowPermutation.of(1000, 2);
        int same = 0;
        int fixed = 0;
        for (int i = 0; i < 1000; i++) {
            same += a.apply(i) == b.apply(i) ? 1 : 0;
            fixed += a.apply(i) == i ? 1 : 0;
        }
        assertThat(same).isLessThan(20);
        assertThat(fixed).isLessThan(20);
        // Huge n works in O(1) memory.
        RowPermutation big = RowPermutation.of(10_000_000_000L, 3);
        assertThat(big.inverse(big.apply(9_999_999_999L))).isEqualTo(9_999_999_999L);
    }
}
