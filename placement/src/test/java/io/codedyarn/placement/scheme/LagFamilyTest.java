package io.codedyarn.placement.scheme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.BlockDecoder;
import io.codedyarn.placement.verify.PlanVerifier;
import io.codedyarn.placement.verify.VerifyReport;
import java.util.BitSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** LAGC paper layouts (digest §2.2–2.6, §5.1): supports, copies, groups, per-group decoding. */
class LagFamilyTest {
    private static final LagFamily LAG = new LagFamily(LagFamily.Variant.LAG);
    private static final LagFamily LAGC = new LagFamily(LagFamily.Variant.LAGC);
    private static final LagFamily G_LAG = new LagFamily(LagFamily.Variant.G_LAG);
    private static final LagFamily G_GD = new LagFamily(LagFamily.Variant.G_GD);

    private static Plan place(LagFamily scheme, SchemeParams p) {
        return scheme.place(p, Seeds.generator(p.seed()));
    }

    private static BitSet set(int... members) {
        BitSet s = new BitSet();
        for (int c : members) {
            s.set(c);
        }
        return s;
    }

    /** Σ_c a_c B[c, j] per partition j. */
    private static double[] combined(Plan plan, Decoding d) {
        double[] sum = new double[plan.partitions()];
        for (int c = 0; c < plan.codewords().size(); c++) {
            Codeword w = plan.codeword(c);
            for (int t = 0; t < w.size(); t++) {
                sum[w.partition(t)] += d.coefficient(c) * w.coefficient(t);
            }
        }
        return sum;
    }

    @Test
    void papersExampleThreeWorkersLoadTwo() {
        // §2.2 / Fig. 3: M = 3, r = 2, F = 2; supports {1,2},{2,3},{3,1} 1-based.
        Plan plan = place(LAGC, SchemeParams.of(3, 0, 5).withLoad(2).withGroups(1));
        assertThat(plan.stored(0)).containsExactly(0, 1);
        assertThat(plan.stored(1)).containsExactly(1, 2);
        assertThat(plan.stored(2)).containsExactly(0, 2);
        assertThat(plan.parameters()).containsEntry("F", "2").containsEntry("groups", "1");
        assertThat(plan.stragglers()).isEqualTo(1);
        for (BitSet arrived : new BitSet[] {set(0, 1), set(1, 2), set(0, 2), set(0, 1, 2)}) {
            Decoding d = plan.decoder().decode(arrived).orElseThrow();
            for (double v : combined(plan, d)) {
                assertThat(v).isCloseTo(1.0, within(1e-9));
            }
            assertThat(plan.promise().promises(arrived)).isTrue();
        }
        for (BitSet arrived : new BitSet[] {set(0), set(1), set(2), set()}) {
            assertThat(plan.decoder().decode(arrived)).isEmpty();
            assertThat(plan.promise().promises(arrived)).isFalse();
        }
    }

    @Test
    void twentyWorkersLoadFourEveryAdmissibleGroupSize() {
        // §5.1: M = 20, r = 4, M_G ∈ {1, 2, 4, 5, 10, 20}; F = M_G − r_G + 1.
        int[] groupSizes = {1, 2, 4, 5, 10, 20};
        int[] expectedF = {1, 1, 1, 2, 7, 17};
        for (int x = 0; x < groupSizes.length; x++) {
            int mg = groupSizes[x];
            int rg = Math.min(4, mg);
            Plan plan = place(LAGC, SchemeParams.of(20, 0, 11).withLoad(4).withGroups(20 / mg));
            assertThat(plan.partitions()).isEqualTo(20);
            assertThat(plan.parameters())
                    .containsEntry("groupSize", String.valueOf(mg))
                    .containsEntry("groupLoad", String.valueOf(rg))
                    .containsEntry("F", String.valueOf(expectedF[x]))
                    .containsEntry("uploadsPerSelectedGroup", String.valueOf(expectedF[x]))
                    .containsEntry("downloadsPerSelectedGroup", String.valueOf(mg));
            assertThat(PlanGroups.count(plan)).isEqualTo(20 / mg);
            for (int w = 0; w < 20; w++) {
                // Groups are disjoint blocks of consecutive workers.
                assertThat(plan.family().group(w)).isEqualTo(w / mg);
                assertThat(plan.stored(w)).hasSize(rg);
                assertThat(plan.load(w)).isEqualTo(rg);
                for (int j : plan.stored(w)) {
                    assertThat(j / mg).as("partition %d of worker %d", j, w).isEqualTo(w / mg);
                }
            }
            for (int j = 0; j < 20; j++) {
                assertThat(plan.copies(j)).isEqualTo(rg);
            }
            for (int g = 0; g < 20 / mg; g++) {
                assertThat(PlanGroups.members(plan, g)).hasSize(mg).contains(g * mg);
                assertThat(PlanGroups.partitions(plan, g)).hasSize(mg).contains(g * mg);
            }
            if (mg <= 4) {
                // G-LAG layout: every worker holds all of its group's data, plain sums.
                assertThat(plan.parameters()).containsEntry("groupCode", "replicated-sum");
                for (int w = 0; w < 20; w++) {
                    assertThat(plan.stored(w)).isEqualTo(PlanGroups.partitions(plan, w / mg));
                    assertThat(plan.codeword(w).coefficients()).containsOnly(1.0);
                }
            }
            if (mg == 20) {
                // Plain cyclic GC over all 20 workers: worker k stores {k, ..., k+3} mod 20.
                assertThat(plan.stored(18)).containsExactly(0, 1, 18, 19);
                assertThat(plan.stored(3)).containsExactly(3, 4, 5, 6);
                assertThat(plan.stragglers()).isEqualTo(3);
            }
        }
    }

    @Test
    void decodesEachGroupAloneFromAnyFOfItsMembers() {
        // LAGC with M_G = 5, r = 4 (the paper's Figs. 8/9): each group needs any 2 of 5.
        Plan plan = place(LAGC, SchemeParams.of(20, 0, 3).withLoad(4).withGroups(4));
        BlockDecoder decoder = LagFamily.groupDecoder(plan);
        assertThat(decoder.blocks()).isEqualTo(4);
        for (int g = 0; g < 4; g++) {
            int[] members = PlanGroups.members(plan, g);
            int[] parts = PlanGroups.partitions(plan, g);
            for (int a = 0; a < 5; a++) {
                for (int b = a + 1; b < 5; b++) {
                    BitSet arrived = set(members[a], members[b]);
                    // Arrivals from other groups are ignored by the group's decoding.
                    arrived.set((members[0] + 5) % 20);
                    Decoding d = decoder.decodeBlock(g, arrived).orElseThrow();
                    double[] sum = combined(plan, d);
                    for (int j = 0; j < 20; j++) {
                        boolean inGroup = j / 5 == g;
                        assertThat(sum[j]).isCloseTo(inGroup ? 1.0 : 0.0, within(1e-9));
                    }
                    assertThat(parts).hasSize(5);
                }
                assertThat(decoder.decodeBlock(g, set(members[a]))).isEmpty();
            }
        }
        // The full gradient: every group decodable, a group short of F members blocks it.
        BitSet two = set(0, 1, 5, 6, 10, 11, 15, 16);
        Optional<Decoding> full = plan.decoder().decode(two);
        assertThat(full).isPresent();
        for (double v : combined(plan, full.get())) {
            assertThat(v).isCloseTo(1.0, within(1e-9));
        }
        two.clear(16);
        assertThat(plan.decoder().decode(two)).isEmpty();
        assertThat(plan.diagnostics().get("worstConditionNumber")).isLessThan(1e5);
    }

    @Test
    void papersLayoutsPassTheVerifier() {
        // M = 20, r = 4 for every admissible M_G (digest §5.1), end to end with random gradients.
        for (int mg : new int[] {1, 2, 4, 5, 10, 20}) {
            SchemeParams params = SchemeParams.of(20, 0, 8).withLoad(4).withGroups(20 / mg);
            Plan plan = place(LAGC, params);
            VerifyReport report = new PlanVerifier().verify(plan, Seeds.generator(mg));
            assertThat(report.failures()).as("M_G=%d", mg).isEmpty();
            assertThat(report.maxRelativeError()).isLessThanOrEqualTo(1e-9);
        }
    }

    @Test
    void lagWaitsForEveryWorker() {
        Plan plan = place(LAG, SchemeParams.of(6, 0, 1));
        assertThat(plan.parameters()).containsEntry("groups", "6").containsEntry("F", "1");
        for (int w = 0; w < 6; w++) {
            assertThat(plan.stored(w)).containsExactly(w);
            assertThat(plan.family().group(w)).isEqualTo(w);
        }
        BitSet all = set(0, 1, 2, 3, 4, 5);
        assertThat(plan.decoder().decode(all).orElseThrow().coefficients()).containsOnly(1.0);
        all.clear(4);
        assertThat(plan.decoder().decode(all)).isEmpty();
    }

    @Test
    void gLagAndGgdTakeTheFastestWorkerOfEachGroup() {
        // Default M_G = r: M = 20, r = 4 gives 5 groups of 4 workers holding the group's data.
        for (LagFamily scheme : new LagFamily[] {G_LAG, G_GD}) {
            Plan plan = place(scheme, SchemeParams.of(20, 0, 2).withLoad(4));
            assertThat(plan.parameters())
                    .containsEntry("groups", "5")
                    .containsEntry("groupSize", "4")
                    .containsEntry("uploadsPerSelectedGroup", "1")
                    .containsEntry("lazy", String.valueOf(scheme == G_LAG));
            assertThat(plan.stored(6)).containsExactly(4, 5, 6, 7);
            Decoding d = plan.decoder().decode(set(3, 6, 8, 13, 19)).orElseThrow();
            assertThat(d.coefficients()).containsOnly(0.0, 1.0);
            assertThat(d.used()).isEqualTo(5);
            assertThat(plan.decoder().decode(set(3, 6, 8, 13))).isEmpty();
        }
        Plan ggd = place(G_GD, SchemeParams.of(20, 0, 2).withLoad(4));
        assertThat(ggd.parameters())
                .containsEntry("downloadsPerIteration", "20")
                .containsEntry("uploadsPerIteration", "5");
        // M_G < r: the load is M_G (LAGC digest §6.16).
        Plan small = place(G_LAG, SchemeParams.of(20, 0, 2).withLoad(4).withGroups(10));
        assertThat(small.load(0)).isEqualTo(2);
        assertThat(small.parameters()).containsEntry("groupLoad", "2");
    }

    @Test
    void rejectsInvalidCombinationsNamingTheFlag() {
        assertFlag(() -> place(LAGC, SchemeParams.of(20, 0, 1).withGroups(3)), "--groups");
        assertFlag(
                () -> place(G_LAG, SchemeParams.of(20, 0, 1).withLoad(2).withGroups(4)),
                "--groups");
        assertFlag(() -> place(G_LAG, SchemeParams.of(20, 0, 1).withLoad(3)), "--groups");
        assertFlag(() -> place(LAG, SchemeParams.of(20, 0, 1).withLoad(2)), "--load");
        assertFlag(() -> place(LAG, SchemeParams.of(20, 0, 1).withGroups(4)), "--groups");
        assertFlag(() -> place(LAG, SchemeParams.of(20, 1, 1)), "--stragglers");
        assertFlag(
                () -> place(LAGC, SchemeParams.of(20, 4, 1).withLoad(4).withGroups(4)),
                "--stragglers");
        assertFlag(() -> place(LAGC, SchemeParams.of(20, 0, 1).withLoad(2.5)), "--load");
        assertFlag(() -> place(LAGC, SchemeParams.of(20, 0, 1).withPartitions(40)), "--partitions");
        // --stragglers alone sets r = s + 1.
        Plan plan = place(LAGC, SchemeParams.of(20, 3, 1).withGroups(4));
        assertThat(plan.parameters()).containsEntry("load", "4").containsEntry("F", "2");
    }

    private static void assertFlag(Runnable r, String flag) {
        assertThatThrownBy(r::run)
                .isInstanceOf(InvalidParametersException.class)
                .extracting(e -> ((InvalidParametersException) e).flag())
                .isEqualTo(flag);
    }
}
