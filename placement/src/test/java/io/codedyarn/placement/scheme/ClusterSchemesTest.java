package io.codedyarn.placement.scheme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.ClusterMembership;
import io.codedyarn.placement.coding.CyclicCode;
import io.codedyarn.placement.coding.DynamicClustering;
import io.codedyarn.placement.verify.PlanVerifier;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClusterSchemesTest {
    static final int[][] EQ13_SHIFTS = {{0, 1}, {3, 2}, {0, 3}};

    private static int[] minusOne(int... oneBased) {
        return Arrays.stream(oneBased).map(v -> v - 1).toArray();
    }

    private static Plan staticExample() {
        SchemeParams p = SchemeParams.of(12, 1, 5).withClusters(4);
        return new StaticClustering()
                .place(
                        p,
                        ClusterMembership.ofShifts(12, 4, new int[][] {{0}, {3}, {0}}),
                        CyclicCode.draw(3, 1, Seeds.generator(5)));
    }

    /** K = 12, r = 2, P = 4: A_data (eq. 6) columns and A_code (eq. 7). */
    @Test
    void staticClusteringReproducesEquations6And7() {
        Plan plan = staticExample();
        int[][] aData = {
            {1, 2}, {4, 5}, {7, 8}, {10, 11}, {11, 12}, {2, 3}, {5, 6}, {8, 9}, {3, 1}, {6, 4},
            {9, 7}, {12, 10}
        };
        int[][] cpi = {
            {1, 1}, {2, 1}, {3, 1}, {4, 1}, {4, 2}, {1, 2}, {2, 2}, {3, 2}, {1, 3}, {2, 3}, {3, 3},
            {4, 3}
        };
        for (int w = 0; w < 12; w++) {
            int[] want = minusOne(aData[w]);
            Arrays.sort(want);
            assertThat(plan.stored(w)).as("worker %d", w + 1).containsExactly(want);
            int c = (cpi[w][0] - 1) * 3 + cpi[w][1] - 1;
            assertThat(plan.assignment(w)).isEqualTo(c);
            assertThat(plan.codeword(c).partitions()).containsExactly(want);
            assertThat(plan.family().group(w)).isEqualTo(cpi[w][0] - 1);
        }
        assertThat(new PlanVerifier().verify(plan, Seeds.generator(1)).failures()).isEmpty();
        assertThat(plan.promise().minimumSize()).isEqualTo(8); // 2 of 3 in each of 4 clusters
    }

    /** Realization 2: four stragglers all but one in the same cluster cannot decode. */
    @Test
    void staticClusteringNeedsEveryCluster() {
        Plan plan = staticExample();
        BitSet arrived = new BitSet();
        arrived.set(0, 12);
        arrived.clear(6); // c_{3,1}
        arrived.clear(7); // c_{3,2}
        assertThat(plan.decoder().decode(arrived)).isEmpty();
        arrived.set(7);
        arrived.clear(0); // one per cluster: P·s = 4 stragglers are fine
        arrived.clear(5);
        arrived.clear(9);
        assertThat(plan.decoder().decode(arrived)).isPresent();
    }

    @Test
    void clusteredRejectsBadParameters() {
        StaticClustering sc = new StaticClustering();
        assertThatThrownBy(
                        () ->
                                sc.place(
                                        SchemeParams.of(12, 1, 1).withClusters(5),
                                        Seeds.generator(1)))
                .isInstanceOf(InvalidParametersException.class)
                .extracting(e -> ((InvalidParametersException) e).flag())
                .isEqualTo("--clusters");
        assertThatThrownBy(
                        () ->
                                sc.place(
                                        SchemeParams.of(12, 3, 1).withClusters(4),
                                        Seeds.generator(1)))
                .isInstanceOf(InvalidParametersException.class)
                .extracting(e -> ((InvalidParametersException) e).flag())
                .isEqualTo("--stragglers");
    }

    private static Plan gcDcExample() {
        SchemeParams p = SchemeParams.of(12, 1, 5).withClusters(4).withMemberships(2);
        return new GcDc()
                .place(
                        p,
                        ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS),
                        CyclicCode.draw(3, 1, Seeds.generator(5)));
    }

    @Test
    void gcDcStoresAllDataOfItsClusters() {
        Plan plan = gcDcExample();
        // w1 is in clusters 1 and 2: g1..g6 (m = nℓ = 6); computes only r = 2 per iteration.
        assertThat(plan.stored(0)).containsExactly(0, 1, 2, 3, 4, 5);
        // w12 is in clusters 3 and 4 (eq. 13 column 3 row 3, column 4 row 6): g7..g12.
        assertThat(plan.stored(11)).containsExactly(6, 7, 8, 9, 10, 11);
        assertThat(plan.load(0)).isEqualTo(2.0);
        assertThat(plan.codewords()).hasSize(12);
        assertThat(GcDc.membership(plan).matrix())
                .isDeepEqualTo(ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS).matrix());
        assertThat(plan.parameters())
                .containsEntry("lemma1", "true")
                .containsEntry("shifts", "0,1;3,2;0,3");
    }

    /** gc-dc-rerank records footnote 5's ranking in the plan; the assigner follows it. */
    @Test
    void gcDcRerankPlanRecordsItsRanking() {
        SchemeParams p = SchemeParams.of(12, 1, 5).withClusters(4).withMemberships(2);
        Plan plain = gcDcExample();
        Plan rerank =
                new GcDc(DynamicClustering.Ranking.PER_ROUND)
                        .place(
                                p,
                                ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS),
                                CyclicCode.draw(3, 1, Seeds.generator(5)));
        assertThat(rerank.scheme()).isEqualTo(GcDc.RERANK_NAME);
        assertThat(Schemes.byName("gc-dc-rerank").name()).isEqualTo(GcDc.RERANK_NAME);
        assertThat(plain.parameters()).containsEntry("ranking", "once");
        assertThat(rerank.parameters()).containsEntry("ranking", "per-round");
        assertThat(GcDc.isGcDc(rerank.scheme())).isTrue();
        // The paper's example state (§V): w12 (index 11) lands in cluster 4 either way, but w9
        // (index 8) moves from cluster 4 (fixed ranking) to cluster 1 (re-ranked).
        boolean[] fast = new boolean[12];
        for (int k : new int[] {0, 1, 3, 8, 9, 10, 11}) {
            fast[k] = true;
        }
        assertThat(GcDc.clustering(plain).assign(fast).clusterOf()[8]).isEqualTo(3);
        assertThat(GcDc.clustering(rerank).assign(fast).clusterOf()[8]).isEqualTo(0);
    }

    /** §IV-C at plan level: the static assignment fails, the dynamic one decodes. */
    @Test
    void gcDcDynamicAssignmentDecodesWhereStaticFails() {
        Plan plan = gcDcExample();
        boolean[] fast = new boolean[12];
        int[] s = {1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1};
        for (int k = 0; k < 12; k++) {
            fast[k] = s[k] == 1;
        }
        BitSet staticArrived = new BitSet();
        for (int k = 0; k < 12; k++) {
            if (fast[k]) {
                staticArrived.set(plan.assignment(k));
            }
        }
        assertThat(plan.decoder().decode(staticArrived)).isEmpty();
        int[] dyn = GcDc.assignment(plan, fast);
        BitSet arrived = new BitSet();
        for (int k = 0; k < 12; k++) {
            // Every worker stores what its dynamic codeword needs.
            for (int j : plan.codeword(dyn[k]).partitions()) {
                assertThat(plan.stored(k)).contains(j);
            }
            if (fast[k]) {
                arrived.set(dyn[k]);
            }
        }
        Optional<Decoding> d = plan.decoder().decode(arrived);
        assertThat(d).isPresent();
    }

    @Test
    void gcDcDefaultsToLemma1Memberships() {
        Plan plan = new GcDc().place(SchemeParams.of(20, 2, 3).withClusters(5), Seeds.generator(3));
        assertThat(plan.parameters()).containsEntry("memberships", "3");
        DynamicClustering dc = GcDc.clustering(plan);
        assertThat(dc.membership().memberships()).isEqualTo(3);
        for (int w = 0; w < 20; w++) {
            assertThat(plan.stored(w)).hasSize(12); // m = nℓ = 3·4
        }
        assertThatThrownBy(
                        () ->
                                new GcDc()
                                        .place(
                                                SchemeParams.of(20, 2, 3)
                                                        .withClusters(5)
                                                        .withMemberships(6),
                                                Seeds.generator(3)))
                .isInstanceOf(InvalidParametersException.class)
                .extracting(e -> ((InvalidParametersException) e).flag())
                .isEqualTo("--memberships");
    }
}
