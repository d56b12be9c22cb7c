package io.codedyarn.placement.coding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Digest hetero-gc §5 (Theorem 5) and §7 derived targets: cluster A's 3.00x over cyclic GC. */
class CompletionTimeTest {
    static final double[] CLUSTER_A = HeteroAllocationTest.CLUSTER_A;

    private static Plan plan(String scheme, int s, double... speeds) {
        SchemeParams p = SchemeParams.of(8, s, 11).withSpeeds(speeds);
        return Schemes.byName(scheme).place(p, Seeds.generator(11));
    }

    @ParameterizedTest(name = "s={0}")
    @ValueSource(ints = {1, 2, 3})
    void heteroMeetsTheoremFiveAndIsThreeTimesFasterThanEqualLoads(int s) {
        double bound = CompletionTime.lowerBound(CLUSTER_A, s);
        assertThat(bound).isEqualTo((s + 1) / 48.0);
        assertThat(CompletionTime.worstCase(plan("hetero", s, CLUSTER_A), CLUSTER_A))
                .isCloseTo(bound, within(1e-15));
        assertThat(CompletionTime.worstCase(plan("hetero-group", s, CLUSTER_A), CLUSTER_A))
                .isCloseTo(bound, within(1e-15));
        // Equal speeds give equal loads of (s+1)/n of the data: cyclic GC's per-worker load. On
        // cluster A the slowest (2 vCPU) worker then takes (s+1)/(8*2): mean(r)/min(r) = 3.00x.
        double[] ones = {1, 1, 1, 1, 1, 1, 1, 1};
        double cyclic = CompletionTime.worstCase(plan("hetero", s, ones), CLUSTER_A);
        assertThat(cyclic).isCloseTo((s + 1) / 16.0, within(1e-15));
        assertThat(cyclic / bound).isCloseTo(3.00, within(1e-12));
    }

    @Test
    void finishTimesAreLoadOverKOverSpeed() {
        double[] t = CompletionTime.finishTimes(plan("hetero", 1, CLUSTER_A), CLUSTER_A);
        for (int i = 0; i < 8; i++) {
            assertThat(t[i]).isCloseTo(CLUSTER_A[i] / 24 / CLUSTER_A[i], within(1e-15));
        }
    }

    @Test
    void capCaseIsAboveTheBound() {
        // s = 4: the 12-vCPU worker is capped at K, so Theorem 5's bound 5/48 is not reached;
        // the slowest is worker 0 with 11 of 48 partitions at speed 2.
        double t = CompletionTime.worstCase(plan("hetero", 4, CLUSTER_A), CLUSTER_A);
        assertThat(t).isCloseTo(11.0 / 48 / 2, within(1e-15));
        assertThat(t).isGreaterThan(CompletionTime.lowerBound(CLUSTER_A, 4));
    }

    @Test
    void groupDecodingCanFinishBeforeTheSlowestWhenAFastGroupIsComplete() {
        // Example A, group scheme, speeds proportional except W1 is 4x slower than planned: the
        // adversary still has to stop a member of each group, so the worst case is set by the
        // slowest worker the decode needs.
        double[] planned = {1, 1, 2, 2, 4};
        Plan p =
                Schemes.byName("hetero-group")
                        .place(SchemeParams.of(5, 1, 1).withSpeeds(planned), Seeds.generator(1));
        double[] actual = {1, 0.25, 2, 2, 4};
        // Straggler W5 kills group {W1,W5}; group {W2,W3,W4} needs slow W2: 1/5/0.25 = 0.8.
        assertThat(CompletionTime.worstCase(p, actual)).isCloseTo(0.8, within(1e-15));
        // Without the slow worker: every worker finishes at (s+1)/R = 0.2.
        assertThat(CompletionTime.worstCase(p, planned)).isCloseTo(0.2, within(1e-15));
    }
}
