package io.codedyarn.placement.coding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ClusterMembershipTest {
    /** Eq. 13's shifts: group 1 (0,1), group 2 (3,2), group 3 (0,3). */
    static final int[][] EQ13_SHIFTS = {{0, 1}, {3, 2}, {0, 3}};

    static int[] minusOne(int... oneBased) {
        return Arrays.stream(oneBased).map(v -> v - 1).toArray();
    }

    @Test
    void reproducesEquation13() {
        ClusterMembership m = ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS);
        int[][] expected = {
            {1, 2, 3, 4}, {6, 7, 8, 5}, {9, 10, 11, 12}, {4, 1, 2, 3}, {7, 8, 5, 6}, {10, 11, 12, 9}
        };
        int[][] a = m.matrix();
        for (int r = 0; r < expected.length; r++) {
            assertThat(a[r]).as("row %d", r + 1).containsExactly(minusOne(expected[r]));
        }
        // Eq. 18: columns sorted ascending.
        assertThat(m.column(0)).containsExactly(minusOne(1, 4, 6, 7, 9, 10));
        assertThat(m.column(1)).containsExactly(minusOne(1, 2, 7, 8, 10, 11));
        assertThat(m.column(2)).containsExactly(minusOne(2, 3, 5, 8, 11, 12));
        assertThat(m.column(3)).containsExactly(minusOne(3, 4, 5, 6, 9, 12));
        assertThat(m.clustersOf(11)).containsExactly(2, 3); // P_12 = {3, 4}
    }

    @Test
    void layerZeroIsEquation5() {
        ClusterMembership m = ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS);
        int[] code = m.layerAssignment(0);
        // Eq. 7 (1-based c_{p,i} -> (p-1)*3 + (i-1)): c11 c21 c31 c41 c42 c12 c22 c32 c13 c23 c33
        // c43
        int[][] cpi = {
            {1, 1}, {2, 1}, {3, 1}, {4, 1}, {4, 2}, {1, 2}, {2, 2}, {3, 2}, {1, 3}, {2, 3}, {3, 3},
            {4, 3}
        };
        for (int w = 0; w < 12; w++) {
            assertThat(code[w])
                    .as("worker %d", w + 1)
                    .isEqualTo((cpi[w][0] - 1) * 3 + cpi[w][1] - 1);
        }
    }

    @Test
    void randomMatrixProperties() {
        for (int seed = 0; seed < 50; seed++) {
            int clusters = 1 + seed % 7;
            int workers = clusters * (1 + seed % 5);
            int n = 1 + seed % clusters;
            ClusterMembership m =
                    ClusterMembership.random(workers, clusters, n, Seeds.generator(seed));
            for (int w = 0; w < workers; w++) {
                assertThat(m.clustersOf(w)).hasSize(n).doesNotHaveDuplicates();
            }
            for (int p = 0; p < clusters; p++) {
                assertThat(m.column(p)).hasSize(n * workers / clusters);
            }
            for (int q = 0; q < n; q++) {
                int[] count = new int[clusters];
                for (int w = 0; w < workers; w++) {
                    count[m.cluster(w, q)]++;
                }
                assertThat(count).containsOnly(workers / clusters); // every layer is a partition
            }
            ClusterMembership back = ClusterMembership.ofShifts(workers, clusters, m.shifts());
            assertThat(back.matrix()).isDeepEqualTo(m.matrix());
        }
    }

    @Test
    void lemma1Defaults() {
        assertThat(ClusterMembership.lemma1Memberships(12, 4)).isEqualTo(2); // bound 11/6
        assertThat(ClusterMembership.lemma1Memberships(20, 5)).isEqualTo(3); // bound 2.375
        assertThat(ClusterMembership.satisfiesLemma1(12, 4, 1)).isFalse();
        assertThat(ClusterMembership.satisfiesLemma1(12, 4, 2)).isTrue();
        assertThat(ClusterMembership.lemma1Memberships(7, 1)).isEqualTo(1);
    }

    @Test
    void rejectsRepeatedShifts() {
        assertThatThrownBy(() -> ClusterMembership.ofShifts(8, 4, new int[][] {{1, 1}, {0, 2}}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
