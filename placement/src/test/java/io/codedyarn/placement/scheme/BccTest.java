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
import java.util.BitSet;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BccTest {

    private static BitSet set(int... c) {
        BitSet s = new BitSet();
        for (int x : c) {
            s.set(x);
        }
        return s;
    }

    /** {@code scheme} on n workers, K partitions, load r, drawing {@code script} then 0s. */
    private static Plan place(Bcc scheme, int workers, int partitions, int load, int... script) {
        return scheme.place(
                SchemeParams.of(workers, 0, 1).withPartitions(partitions).withLoad(load),
                new ScriptedRandom(0, script));
    }

    /**
     * Scripted draws → the batches each worker got, and how many placements were drawn: the i.i.d.
     * scheme keeps its one draw even when it leaves a batch unpicked, the redrawing one draws again
     * until every batch is picked.
     */
    static Stream<Arguments> scriptedDraws() {
        return Stream.of(
                // σ = (1, 0, 1, 1): covered at the first draw.
                Arguments.of(
                        "random, covered",
                        Bcc.random(),
                        4,
                        6,
                        3,
                        new int[] {1, 0, 1, 1},
                        new int[] {1, 0, 1, 1},
                        1,
                        0),
                // First draw (0, 0, 0) leaves batch 1 unpicked; second draw (0, 1, 1) covers.
                Arguments.of(
                        "redrawing, uncovered then covered",
                        Bcc.redrawing(),
                        3,
                        4,
                        2,
                        new int[] {0, 0, 0, 0, 1, 1},
                        new int[] {0, 1, 1},
                        2,
                        1),
                // The same first draw, kept: batch 1 stays unpicked.
                Arguments.of(
                        "random, uncovered kept",
                        Bcc.random(),
                        3,
                        4,
                        2,
                        new int[] {0, 0, 0, 1, 1},
                        new int[] {0, 0, 0},
                        1,
                        0),
                // σ = (0, 1, 1): workers 1 and 2 hold the same batch.
                Arguments.of(
                        "random, duplicate batch",
                        Bcc.random(),
                        3,
                        4,
                        2,
                        new int[] {0, 1, 1},
                        new int[] {0, 1, 1},
                        1,
                        0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scriptedDraws")
    void scriptedDrawsGiveTheseBatches(
            String name,
            Bcc scheme,
            int workers,
            int partitions,
            int load,
            int[] draws,
            int[] batches,
            int drawn,
            int redraws) {
        Plan p = place(scheme, workers, partitions, load, draws);
        int[] got = new int[workers];
        for (int i = 0; i < workers; i++) {
            got[i] = p.family().batch(i);
        }
        assertThat(got).containsExactly(batches);
        assertThat(p.diagnostics())
                .containsEntry("draws", (double) drawn)
                .containsEntry("redraws", (double) redraws);
    }

    @Test
    void batchesAreConsecutiveWithAShortLastOne() {
        // K = 10, r = 4, n = 3 balanced: B0 = {0..3}, B1 = {4..7}, B2 = {8, 9}.
        Plan p = place(Bcc.balanced(), 3, 10, 4);
        assertThat(p.stored(0)).containsExactly(0, 1, 2, 3);
        assertThat(p.stored(1)).containsExactly(4, 5, 6, 7);
        assertThat(p.stored(2)).containsExactly(8, 9);
        assertThat(p.codeword(2)).isEqualTo(Codeword.sumOf(8, 9));
        assertThat(p.load(2)).isEqualTo(2.0);
        assertThat(p.parameters()).containsEntry("batches", "3").containsEntry("load", "4");
        assertThat(p.stragglers()).isZero();
    }

    @Test
    void balancedIsRoundRobinAndUsesNoRandomness() {
        ScriptedRandom rng = new ScriptedRandom(0);
        Plan p = Bcc.balanced().place(SchemeParams.of(7, 0, 1).withPartitions(9).withLoad(3), rng);
        assertThat(rng.drawn()).isZero();
        for (int i = 0; i < 7; i++) {
            assertThat(p.family().batch(i)).isEqualTo(i % 3);
            assertThat(p.assignment(i)).isEqualTo(i);
        }
        // Copies 3, 2, 2: two stragglers may hit batch 1, so only one is tolerated.
        assertThat(p.stragglers()).isEqualTo(1);
        assertThat(p.copies(0)).isEqualTo(3);
        assertThat(p.copies(8)).isEqualTo(2);
    }

    @Test
    void randomPlanRecordsItsBatches() {
        Plan p = place(Bcc.random(), 4, 6, 3, 1, 0, 1, 1); // σ = (1, 0, 1, 1)
        assertThat(p.stored(0)).containsExactly(3, 4, 5);
        assertThat(p.parameters()).containsEntry("placement", "iid-uniform");
    }

    @Test
    void aRedrawnPlacementStoresEveryPartition() {
        Plan p = place(Bcc.redrawing(), 3, 4, 2, 0, 0, 0, 0, 1, 1);
        for (int j = 0; j < 4; j++) {
            assertThat(p.copies(j)).isPositive();
        }
    }

    @Test
    void bccKeepsAnUncoveredDrawAndWaitsForEveryWorker() {
        // n = 3, K = 4, r = 2: N = 2 batches of 2. The one draw (0, 0, 0) leaves batch 1 unpicked;
        // bcc keeps it: nothing decodes before all three results, then (K / |covered|) = 4/2 = 2
        // times the first copy of batch 0, an ESTIMATE of Σ g.
        Plan p = place(Bcc.random(), 3, 4, 2, 0, 0, 0, 1, 1);
        assertThat(p.diagnostics())
                .containsEntry("uncovered_batches", 1.0)
                .containsEntry("expected_threshold", 3.0);
        assertThat(p.decoder().decode(set(0, 1))).isEmpty();
        Decoding d = p.decoder().decode(set(0, 1, 2)).orElseThrow();
        assertThat(d.kind()).isEqualTo(Decoding.Kind.ESTIMATE);
        assertThat(d.coefficients()).containsExactly(2.0, 0.0, 0.0);
        assertThat(p.stragglers()).isZero();
        assertThat(p.promise().promises(set(0, 1, 2))).isTrue();
        assertThat(p.promise().promises(set(0, 1))).isFalse();
    }

    @Test
    void placementThatNeverCoversThrowsOnLoad() {
        // Every draw puts all workers on batch 0.
        assertThatThrownBy(
                        () ->
                                Bcc.redrawing()
                                        .place(
                                                SchemeParams.of(5, 0, 1)
                                                        .withPartitions(10)
                                                        .withLoad(5),
                                                new ScriptedRandom(0)))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("--load")
                .hasMessageContaining(Bcc.MAX_DRAWS + " random placements");
    }

    /** Plans no BCC variant can make: the flag each error names, and what it says. */
    static Stream<Arguments> rejected() {
        SchemeParams eight = SchemeParams.of(4, 0, 1).withPartitions(8);
        // N = ceil(10/2) = 5 batches, n = 3 workers: impossible, for both variants.
        SchemeParams tooFew = SchemeParams.of(3, 0, 1).withPartitions(10).withLoad(2);
        String cover = "cannot cover N = ceil(10/2) = 5 batches";
        String batch = "batch size must be an integer in [1, --partitions = 8]";
        return Stream.of(
                Arguments.of(Bcc.random(), tooFew, "--load", cover),
                Arguments.of(Bcc.balanced(), tooFew, "--load", cover),
                Arguments.of(Bcc.random(), eight.withLoad(2.5), "--load", batch + ", got 2.5"),
                Arguments.of(Bcc.random(), eight.withLoad(-1), "--load", batch + ", got -1.0"),
                Arguments.of(Bcc.random(), eight.withLoad(9), "--load", batch + ", got 9.0"),
                Arguments.of(
                        Bcc.random(),
                        eight.withStragglers(1),
                        "--stragglers",
                        "takes no straggler count"));
    }

    @ParameterizedTest
    @MethodSource("rejected")
    void invalidPlansAreRejectedNamingTheFlag(
            Bcc scheme, SchemeParams params, String flag, String message) {
        assertThatThrownBy(() -> scheme.place(params, Seeds.generator(1)))
                .isInstanceOfSatisfying(
                        InvalidParametersException.class, e -> assertThat(e.flag()).isEqualTo(flag))
                .hasMessageContaining(message);
    }

    @Test
    void decoderIgnoresDuplicatesAndRefusesUncoveredSets() {
        // σ = (0, 1, 1): workers 1 and 2 hold the same batch.
        Plan p = place(Bcc.random(), 3, 4, 2, 0, 1, 1);
        Optional<Decoding> all = p.decoder().decode(set(0, 1, 2));
        assertThat(all).isPresent();
        assertThat(all.get().coefficients()).containsExactly(1, 1, 0); // duplicate worker 2 unused
        assertThat(all.get().kind()).isEqualTo(Decoding.Kind.EXACT);
        assertThat(p.decoder().decode(set(0, 2)).orElseThrow().coefficients())
                .containsExactly(1, 0, 1);
        assertThat(p.decoder().decode(set(1, 2))).isEmpty(); // batch 0 missing
        assertThat(p.decoder().decode(set(0))).isEmpty();
        assertThat(p.decoder().decode(new BitSet())).isEmpty();
        assertThat(p.promise().promises(set(0, 2))).isTrue();
        assertThat(p.promise().promises(set(1, 2))).isFalse();
        assertThat(p.promise().count()).isEqualTo(2.0); // {0,1} and {0,2}
        assertThat(p.promise().minimumSize()).isEqualTo(2);
    }

    @Test
    void defaultLoadKeepsTheUnpickedBoundBelowOnePerMille() {
        // K = n = 100: N = 11 has bound 7.9e-4 but r = 10 gives N = 10 (EC2 scenario 2's load).
        assertThat(Bcc.defaultLoad(100, 100)).isEqualTo(10);
        // K = n = 50: N = 7 has bound 3.1e-3, N = 6 has 6.6e-4 → r = 9.
        assertThat(Bcc.defaultLoad(50, 50)).isEqualTo(9);
        // Few partitions, many workers: r = 1.
        assertThat(Bcc.defaultLoad(5, 100)).isEqualTo(1);
        assertThat(Bcc.defaultLoad(1, 1)).isEqualTo(1);
        Plan p = Bcc.random().place(SchemeParams.of(100, 0, 7), Seeds.generator(7));
        assertThat(p.parameters())
                .containsEntry("load", "10")
                .containsEntry("load_rule", "default");
    }

    @Test
    void diagnosticsCarryTheExpectedThresholds() {
        // EC2 scenario 2 balanced: 10 batches × 10 copies, 25.09 with a random finishing order;
        // the i.i.d. formula N·H_N = 29.29.
        Plan p = place(Bcc.balanced(), 100, 100, 10); // draws nothing (see above)
        assertThat(p.diagnostics().get("expected_threshold")).isCloseTo(25.09, within(0.005));
        assertThat(p.diagnostics().get("expected_threshold_iid")).isCloseTo(29.29, within(0.005));
        assertThat(p.diagnostics().get("coverage_probability"))
                .isCloseTo(1 - 2.66e-4, within(1e-6));
        assertThat(p.stragglers()).isEqualTo(9);
    }

    @Test
    void randomPlacementsCoverForManySeeds() {
        // n = 20, N = 10: P(cover) ≈ 0.21 per draw, so redraws are common but bounded.
        double redraws = 0;
        for (long seed = 0; seed < 50; seed++) {
            Plan p =
                    Bcc.redrawing()
                            .place(
                                    SchemeParams.of(20, 0, seed).withPartitions(40).withLoad(4),
                                    Seeds.generator(seed));
            for (int j = 0; j < 40; j++) {
                assertThat(p.copies(j)).isPositive();
            }
            assertThat(p.decoder().decode(p.assignedCodewords())).isPresent();
            redraws += p.diagnostics().get("redraws");
        }
        assertThat(redraws).isPositive();
    }
}
