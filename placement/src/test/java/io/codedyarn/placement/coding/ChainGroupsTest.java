package io.codedyarn.placement.coding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Digest hetero-gc §4.4 and §6 group vectors. */
class ChainGroupsTest {

    private static ChainGroups of(HeteroAllocation a) {
        int n = a.workers();
        int[] start = new int[n];
        for (int i = 0; i < n; i++) {
            start[i] = a.start(i);
        }
        return new ChainGroups(
                a.loads(), start, a.partitions(), a.loaded().length - a.stragglers());
    }

    @Test
    void clusterAGroups() {
        HeteroAllocation a = HeteroAllocation.of(8, 1, HeteroAllocationTest.CLUSTER_A, 0);
        ChainGroups g = of(a);
        // 1-based {5,6,7}, {1,2,7,8}, {3,4,5,6}, {1,2,3,4,8}
        List<int[]> chains = g.chains(new boolean[8]);
        assertThat(chains)
                .containsExactlyInAnyOrder(
                        new int[] {4, 5, 6},
                        new int[] {0, 1, 6, 7},
                        new int[] {2, 3, 4, 5},
                        new int[] {0, 1, 2, 3, 7});
        assertThat(g.select(2)).containsExactly(new int[] {4, 5, 6}, new int[] {0, 1, 2, 3, 7});
        assertThat(g.select(1)).containsExactly(new int[] {4, 5, 6});
        assertThat(g.truncated()).isFalse();
    }

    @Test
    void exampleBPrunesTheOverlappingGroup() {
        HeteroAllocation a = HeteroAllocation.of(6, 2, new double[] {2, 4, 3, 1, 4, 4}, 0);
        ChainGroups g = of(a);
        assertThat(g.chains(new boolean[6]))
                .containsExactlyInAnyOrder(new int[] {0, 1}, new int[] {0, 5});
        assertThat(g.select(3)).containsExactly(new int[] {0, 1});
    }

    @Test
    void exampleAHasTwoDisjointGroups() {
        HeteroAllocation a = HeteroAllocation.of(5, 1, new double[] {1, 1, 2, 2, 4}, 0);
        assertThat(of(a).select(2)).containsExactly(new int[] {0, 4}, new int[] {1, 2, 3});
    }

    @Test
    void budgetCutSearchStillFindsDisjointGroups() {
        // Homogeneous, k_i = 1, K = 20, 5 copies: 5^19 chains through worker 0 alone.
        double[] ones = new double[100];
        java.util.Arrays.fill(ones, 1.0);
        HeteroAllocation a = HeteroAllocation.of(100, 4, ones, 0);
        assertThat(a.partitions()).isEqualTo(20);
        ChainGroups g = of(a);
        List<int[]> groups = g.select(5);
        assertThat(g.truncated()).isTrue();
        assertThat(groups).hasSize(5);
        for (int t = 0; t < 5; t++) {
            assertThat(groups.get(t)).hasSize(20).startsWith(20 * t).endsWith(20 * t + 19);
        }
    }

    @Test
    void workerHoldingEverythingIsAGroupOfOne() {
        HeteroAllocation a = HeteroAllocation.of(3, 1, new double[] {1, 1, 2}, 0);
        assertThat(a.loads()).containsExactly(1, 1, 2);
        assertThat(of(a).select(2)).containsExactly(new int[] {2}, new int[] {0, 1});
    }
}
