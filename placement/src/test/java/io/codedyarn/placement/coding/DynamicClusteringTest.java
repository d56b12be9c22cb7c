package io.codedyarn.placement.coding;

import static io.codedyarn.placement.coding.ClusterMembershipTest.EQ13_SHIFTS;
import static io.codedyarn.placement.coding.ClusterMembershipTest.minusOne;
import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class DynamicClusteringTest {

    private static boolean[] state(int... s) {
        boolean[] fast = new boolean[s.length];
        for (int k = 0; k < s.length; k++) {
            fast[k] = s[k] == 1; // the paper's S = 1: non-straggler
        }
        return fast;
    }

    private static DynamicClustering eq13(DynamicClustering.Cap cap) {
        return new DynamicClustering(ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS), cap);
    }

    /** §V worked example: c1={1,6,4}, c2={10,7,8}, c3={2,11,3}, c4={9,5,12}, one swap. */
    @Test
    void reproducesThePapersTrace() {
        boolean[] fast = state(1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1);
        DynamicClustering.Result r = eq13(DynamicClustering.Cap.PER_GROUP).assign(fast);
        assertThat(r.members()[0]).containsExactly(minusOne(1, 4, 6));
        assertThat(r.members()[1]).containsExactly(minusOne(7, 8, 10));
        assertThat(r.members()[2]).containsExactly(minusOne(2, 3, 11));
        assertThat(r.members()[3]).containsExactly(minusOne(5, 9, 12));
        assertThat(r.stragglersPerCluster(fast)).containsExactly(1, 2, 1, 1);
        assertThat(r.swaps()).isEqualTo(1);
        assertThat(r.direct()).isZero();
        assertThat(r.augmented()).isZero();
        // Positions by ascending worker index: w12 is c_{4,3}, w5 is c_{4,1}.
        assertThat(r.codewordOf()[11]).isEqualTo(3 * 3 + 2);
        assertThat(r.codewordOf()[4]).isEqualTo(3 * 3);
    }

    /**
     * Footnote 5, re-ranking after every round, on the same example (hand trace, 1-based). K_f:
     * round 1 in order (3,4,1,2) gives c3←w2, c4←w4, c1←w1, c2←w10; the unplaced non-stragglers {9,
     * 11, 12} leave availabilities (1,1,2,2), so round 2 goes (1,2,3,4): c1←w9, c2←w11, c3←w12 —
     * w12 is placed, where the fixed order left it out. K_s: (2,2,3,3) → c1←w6, c2←w7, c3←w3,
     * c4←w5; then w8 finds c2 and c3 full: Phase II swaps w12 (c3, eligible for c4) → c4, w8 → c3.
     * Final c1={1,6,9}, c2={7,10,11}, c3={2,3,8}, c4={4,5,12}.
     */
    @Test
    void reRankingAfterEachRoundFollowsFootnoteFive() {
        boolean[] fast = state(1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1);
        DynamicClustering c =
                new DynamicClustering(
                        ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS),
                        DynamicClustering.Cap.PER_GROUP,
                        DynamicClustering.Ranking.PER_ROUND);
        DynamicClustering.Result r = c.assign(fast);
        assertThat(r.members()[0]).containsExactly(minusOne(1, 6, 9));
        assertThat(r.members()[1]).containsExactly(minusOne(7, 10, 11));
        assertThat(r.members()[2]).containsExactly(minusOne(2, 3, 8));
        assertThat(r.members()[3]).containsExactly(minusOne(4, 5, 12));
        assertThat(r.stragglersPerCluster(fast)).containsExactly(1, 1, 2, 1);
        assertThat(r.swaps()).isEqualTo(1);
        assertValid(r, c.membership());
    }

    /** The literal pseudo-code (no per-group cap) piles stragglers up: (1,2,0,2) (digest §3.5). */
    @Test
    void literalModeDiffers() {
        boolean[] fast = state(1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1);
        DynamicClustering.Result r = eq13(DynamicClustering.Cap.LITERAL).assign(fast);
        assertThat(r.stragglersPerCluster(fast)).containsExactly(1, 2, 0, 2);
        assertValid(r, eq13(DynamicClustering.Cap.LITERAL).membership());
    }

    /** §IV-C: GC-SC (layer 0) leaves cluster 3 with no non-straggler; GC-DC gives each ≥ 2. */
    @Test
    void fixesTheStaticFailure() {
        boolean[] fast = state(1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1);
        ClusterMembership m = ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS);
        int[] staticFast = new int[4];
        int[] layer0 = m.layerAssignment(0);
        for (int w = 0; w < 12; w++) {
            staticFast[layer0[w] / 3] += fast[w] ? 1 : 0;
        }
        assertThat(staticFast[2]).isZero(); // cluster 3 = {w3, w8, w11}: all stragglers
        DynamicClustering.Result r = new DynamicClustering(m).assign(fast);
        for (int p = 0; p < 4; p++) {
            assertThat(3 - r.stragglersPerCluster(fast)[p])
                    .as("cluster %d", p + 1)
                    .isGreaterThanOrEqualTo(2);
        }
        // The digest's reference implementation: {6,10,9}, {1,7,8}, {2,5,11}, {4,12,3}.
        assertThat(r.members()[0]).containsExactly(minusOne(6, 9, 10));
        assertThat(r.members()[1]).containsExactly(minusOne(1, 7, 8));
        assertThat(r.members()[2]).containsExactly(minusOne(2, 5, 11));
        assertThat(r.members()[3]).containsExactly(minusOne(3, 4, 12));
    }

    @Test
    void heterogeneousWithDecreasingRatesMatchesIndexOrder() {
        double[] rates = new double[12];
        boolean[] fast = state(1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1);
        for (int k = 0; k < 12; k++) {
            // Decreasing in k, and below tau = 0.5 exactly for the paper's stragglers.
            rates[k] = (fast[k] ? 5.0 : 0.4) - 0.01 * k;
        }
        DynamicClustering dc = eq13(DynamicClustering.Cap.PER_GROUP);
        assertThat(dc.assign(rates, 0.5).members()).isDeepEqualTo(dc.assign(fast).members());
    }

    @Test
    void heterogeneousPrefersFastestInColumn() {
        // Everyone fast: each cluster takes the fastest unplaced eligible worker first.
        ClusterMembership m = ClusterMembership.ofShifts(12, 4, EQ13_SHIFTS);
        double[] rates = new double[12];
        for (int k = 0; k < 12; k++) {
            rates[k] = 1 + k; // w12 fastest
        }
        DynamicClustering.Result r = new DynamicClustering(m).assign(rates, 0.5);
        assertValid(r, m);
        // Availability ties (6 each): order 1,2,3,4; cluster 1's fastest is w10, cluster 2's w11.
        assertThat(r.clusterOf()[9]).isZero();
        assertThat(r.clusterOf()[10]).isEqualTo(1);
    }

    /** Random K, P, n (Lemma 1 or not), states and both caps: always a perfect assignment. */
    @Test
    void alwaysAPerfectAssignment() {
        RandomGenerator rng = Seeds.generator(42);
        int augmented = 0;
        for (int t = 0; t < 3000; t++) {
            int clusters = 1 + rng.nextInt(8);
            int size = 1 + rng.nextInt(6);
            int workers = clusters * size;
            int n = 1 + rng.nextInt(clusters);
            ClusterMembership m = ClusterMembership.random(workers, clusters, n, rng);
            DynamicClustering.Cap cap =
                    rng.nextBoolean()
                            ? DynamicClustering.Cap.PER_GROUP
                            : DynamicClustering.Cap.LITERAL;
            DynamicClustering dc = new DynamicClustering(m, cap);
            double p = rng.nextDouble();
            boolean[] fast = new boolean[workers];
            double[] rates = new double[workers];
            for (int k = 0; k < workers; k++) {
                fast[k] = rng.nextDouble() < p;
                rates[k] = rng.nextDouble() * 5;
            }
            DynamicClustering.Result r = dc.assign(fast);
            assertValid(r, m);
            augmented += r.augmented();
            assertValid(dc.assign(rates, 1.0), m);
        }
        assertThat(augmented).as("the fallback was exercised").isPositive();
    }

    static void assertValid(DynamicClustering.Result r, ClusterMembership m) {
        int size = m.clusterSize();
        int[] seen = new int[m.workers()];
        for (int p = 0; p < m.clusters(); p++) {
            int[] members = r.members()[p];
            assertThat(members).hasSize(size).isSorted();
            for (int i = 0; i < size; i++) {
                int w = members[i];
                seen[w]++;
                assertThat(m.eligible(w, p)).as("worker %d in cluster %d", w, p).isTrue();
                assertThat(r.codewordOf()[w]).isEqualTo(p * size + i);
                assertThat(r.clusterOf()[w]).isEqualTo(p);
            }
        }
        assertThat(seen).containsOnly(1);
    }
}
