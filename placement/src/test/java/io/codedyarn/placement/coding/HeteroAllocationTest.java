package io.codedyarn.placement.coding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.InvalidParametersException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Digest hetero-gc §3.5 and §6: eq. (5) loads, the cap, rounding and eq. (6) supports. */
class HeteroAllocationTest {
    static final double[] CLUSTER_A = {2, 2, 4, 4, 8, 8, 8, 12};

    @Test
    void exampleA() {
        HeteroAllocation a = HeteroAllocation.of(5, 1, new double[] {1, 1, 2, 2, 4}, 0);
        assertThat(a.partitions()).isEqualTo(5);
        assertThat(a.loads()).containsExactly(1, 1, 2, 2, 4);
        // 1-based {1}, {2}, {3,4}, {5,1}, {2,3,4,5}
        assertThat(a.support(0)).containsExactly(0);
        assertThat(a.support(1)).containsExactly(1);
        assertThat(a.support(2)).containsExactly(2, 3);
        assertThat(a.support(3)).containsExactly(0, 4);
        assertThat(a.support(4)).containsExactly(1, 2, 3, 4);
        assertThat(a.achievedTime()).isEqualTo(a.optimalTime()).isEqualTo(0.2);
    }

    @Test
    void exampleB() {
        HeteroAllocation a = HeteroAllocation.of(6, 2, new double[] {2, 4, 3, 1, 4, 4}, 0);
        assertThat(a.partitions()).isEqualTo(6);
        assertThat(a.loads()).containsExactly(2, 4, 3, 1, 4, 4);
        assertThat(a.support(0)).containsExactly(0, 1);
        assertThat(a.support(1)).containsExactly(2, 3, 4, 5);
        assertThat(a.support(2)).containsExactly(0, 1, 2);
        assertThat(a.support(3)).containsExactly(3);
        assertThat(a.support(4)).containsExactly(0, 1, 4, 5);
        assertThat(a.support(5)).containsExactly(2, 3, 4, 5);
    }

    @ParameterizedTest(name = "s={0} -> K={1}")
    @CsvSource({"1, 24", "2, 16", "3, 12"})
    void clusterAMakesEquationFiveExactWithLoadsEqualToVcpus(int s, int k) {
        HeteroAllocation a = HeteroAllocation.of(8, s, CLUSTER_A, 0);
        assertThat(a.partitions()).isEqualTo(k);
        assertThat(Arrays.stream(a.loads()).asDoubleStream().toArray()).containsExactly(CLUSTER_A);
        assertThat(a.achievedTime()).isEqualTo((s + 1) / 48.0);
        for (int j = 0; j < k; j++) {
            int holders = 0;
            for (int i = 0; i < 8; i++) {
                holders += Arrays.binarySearch(a.support(i), j) >= 0 ? 1 : 0;
            }
            assertThat(holders).as("holders of %d", j).isEqualTo(s + 1);
        }
    }

    @Test
    void clusterAWithFourStragglersCapsTheTwelveVcpuWorker() {
        // K = 48/gcd(48,5) = 48; eq. (5) would give 5*12 = 60 > 48. Capped at 48, the other
        // 192 copies go by water-filling at 192/36 per vCPU: 10.67, 21.33, 42.67, rounded by
        // largest remainder (ties to the faster worker, then the lower index).
        HeteroAllocation a = HeteroAllocation.of(8, 4, CLUSTER_A, 0);
        assertThat(a.partitions()).isEqualTo(48);
        assertThat(a.loads()).containsExactly(11, 10, 21, 21, 43, 43, 43, 48);
        assertThat(Arrays.stream(a.loads()).sum()).isEqualTo(5 * 48);
        // 11/2 partitions per vCPU is the best any integer allocation achieves here.
        assertThat(a.achievedTime()).isEqualTo(11.0 / 48 / 2);
        assertThat(a.support(7)).hasSize(48);
    }

    @Test
    void quotasWaterFill() {
        double[] q = HeteroAllocation.quotas(CLUSTER_A, 4, 48);
        assertThat(q[7]).isEqualTo(48);
        assertThat(q[0]).isCloseTo(32.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Arrays.stream(q).sum())
                .isCloseTo(240, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void missingSpeedsMeanAllEqualOverFinerPartitions() {
        // no speeds (train's --speeds auto): K = 4n, room to follow measured speeds later
        HeteroAllocation a = HeteroAllocation.of(5, 1, new double[0], 0);
        assertThat(a.partitions()).isEqualTo(20);
        assertThat(a.loads()).containsExactly(8, 8, 8, 8, 8);
        // worker 2 starts at 16: cyclic {16, ..., 19, 0, ..., 3}, sorted
        assertThat(a.support(2)).containsExactly(0, 1, 2, 3, 16, 17, 18, 19);
        // equal speeds given: eq. (5)'s exact K = R / gcd(R, s+1) = 5
        HeteroAllocation b = HeteroAllocation.of(5, 1, new double[] {1, 1, 1, 1, 1}, 0);
        assertThat(b.partitions()).isEqualTo(5);
        assertThat(b.loads()).containsExactly(2, 2, 2, 2, 2);
        assertThat(b.support(2)).containsExactly(0, 4); // cyclic {4, 0}, sorted
    }

    @Test
    void realSpeedsDefaultToKEqualsNAndRound() {
        HeteroAllocation a = HeteroAllocation.of(3, 1, new double[] {1, 1, 1.5}, 0);
        assertThat(a.partitions()).isEqualTo(3);
        // quotas 6r/3.5 = (1.71, 1.71, 2.57): floors (1,1,2), two more to the largest remainders
        assertThat(a.loads()).containsExactly(2, 2, 2);
        HeteroAllocation b = HeteroAllocation.of(4, 1, new double[] {1.5, 1, 1, 0.5}, 0);
        assertThat(b.loads()).containsExactly(3, 2, 2, 1);
    }

    @Test
    void aWorkerRoundedToZeroIsUnloaded() {
        HeteroAllocation a = HeteroAllocation.of(5, 1, new double[] {4, 4, 4, 4, 1}, 2);
        assertThat(a.loads()).containsExactly(1, 1, 1, 1, 0);
        assertThat(a.loaded()).containsExactly(0, 1, 2, 3);
        assertThat(a.start(4)).isEqualTo(-1);
        assertThat(a.support(4)).isEmpty();
    }

    @Test
    void rejectsBadSpeeds() {
        assertThatThrownBy(() -> HeteroAllocation.of(3, 1, new double[] {1, 2}, 0))
                .isInstanceOf(InvalidParametersException.class)
                .extracting(e -> ((InvalidParametersException) e).flag())
                .isEqualTo("--speeds");
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> HeteroAllocation.of(3, 1, new double[] {1, bad, 1}, 0))
                    .isInstanceOf(InvalidParametersException.class)
                    .hasMessageStartingWith("--speeds");
        }
        assertThatThrownBy(() -> HeteroAllocation.of(3, 3, new double[0], 0))
                .hasMessageStartingWith("--stragglers");
        assertThatThrownBy(() -> HeteroAllocation.of(3, 1, new double[0], -2))
                .hasMessageStartingWith("--partitions");
    }
}
