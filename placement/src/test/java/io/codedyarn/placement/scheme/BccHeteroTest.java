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
import java.util.Arrays;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

class BccHeteroTest {

    /** Fig. 5: K = 500, n = 100, a = 20, μ = 1 for 95 workers and 20 for 5. */
    private static SchemeParams figureFive(long seed) {
        double[] mu = new double[100];
        Arrays.fill(mu, 0, 95, 1.0);
        Arrays.fill(mu, 95, 100, 20.0);
        return SchemeParams.of(100, 0, seed).withPartitions(500).withSpeeds(mu).withShift(20);
    }

    private static void assertInvalid(SchemeParams p, String flag) {
        assertThatThrownBy(() -> BccHetero.paperExperiment().place(p, Seeds.generator(1)))
                .isInstanceOfSatisfying(
                        InvalidParametersException.class,
                        e -> assertThat(e.flag()).isEqualTo(flag));
    }

    @Test
    void figureFiveLoadsAndLayout() {
        Plan p = BccHetero.redrawing().place(figureFive(3), Seeds.generator(3));
        assertThat(p.parameters()).containsEntry("s", "3107").containsEntry("c", "1.0");
        assertThat(p.diagnostics().get("tau_star")).isCloseTo(744.44, within(0.005));
        assertThat(p.diagnostics().get("lambda_max")).isCloseTo(23.1858, within(5e-5));
        assertThat(p.diagnostics().get("lambda_min")).isCloseTo(20.3004, within(5e-5));
        assertThat(p.codewords()).hasSize(3225);
        int next = 0;
        for (int i = 0; i < 100; i++) {
            int load = i < 95 ? 32 : 37;
            assertThat(p.load(i)).isEqualTo(load);
            int[] held = p.stored(i);
            assertThat(held).hasSize(load);
            // Worker i's codewords: assignment(i) .. assignment(i) + load − 1, one per partition.
            assertThat(p.assignment(i)).isEqualTo(next);
            for (int t = 0; t < load; t++) {
                assertThat(p.codeword(next + t)).isEqualTo(Codeword.sumOf(held[t]));
            }
            next += load;
        }
        for (int j = 0; j < 500; j++) {
            assertThat(p.copies(j)).isPositive();
        }
        BitSet all = new BitSet();
        all.set(0, 3225);
        Decoding d = p.decoder().decode(all).orElseThrow();
        assertThat(d.used()).isEqualTo(500); // one copy per partition, duplicates ignored
    }

    @Test
    void uncoveredPlacementsAreKeptAboutHalfTheTime() {
        // P(some partition has no holder) ≈ 0.47 per draw for Fig. 5's loads; bcc-hetero keeps the
        // draw and falls back to waiting for everyone (a rescaled estimate).
        int uncovered = 0;
        for (long seed = 0; seed < 20; seed++) {
            Plan p = BccHetero.paperExperiment().place(figureFive(seed), Seeds.generator(seed));
            assertThat(p.diagnostics()).containsEntry("draws", 1.0);
            if (p.diagnostics().get("uncovered_partitions") > 0) {
                uncovered++;
                BitSet all = new BitSet();
                all.set(0, p.codewords().size());
                all.clear(0);
                assertThat(p.decoder().decode(all)).isEmpty();
                all.set(0);
                assertThat(p.decoder().decode(all).orElseThrow().kind())
                        .isEqualTo(Decoding.Kind.ESTIMATE);
            }
        }
        assertThat(uncovered).isBetween(3, 17);
    }

    @Test
    void uncoveredPlacementsAreRedrawnAboutHalfTheTime() {
        // P(some partition has no holder) ≈ 0.47 per draw for Fig. 5's loads.
        int redrawn = 0;
        for (long seed = 0; seed < 20; seed++) {
            Plan p = BccHetero.redrawing().place(figureFive(seed), Seeds.generator(seed));
            if (p.diagnostics().get("redraws") > 0) {
                redrawn++;
            }
            assertThat(p.diagnostics().get("expected_uncovered")).isCloseTo(0.6357, within(1e-4));
        }
        assertThat(redrawn).isBetween(3, 17);
    }

    @Test
    void placementThatNeverCoversThrows() {
        // A generator that always returns 0 makes every worker take the same first partitions.
        SchemeParams p = SchemeParams.of(10, 0, 1).withPartitions(20);
        assertThatThrownBy(() -> BccHetero.redrawing().place(p, new ScriptedRandom(0)))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("no holder");
    }

    @Test
    void decoderKeepsTheLowestIndexCopyAndRefusesGaps() {
        // Homogeneous, K = 4 on 3 workers: s = max(4, ⌊4 ln 4⌋) = 5, loads 2 each (Σ 6 ≥ 5).
        Plan p =
                BccHetero.paperExperiment()
                        .place(SchemeParams.of(3, 0, 5).withPartitions(4), Seeds.generator(5));
        int c = p.codewords().size();
        assertThat(c).isEqualTo(6);
        BitSet all = new BitSet();
        all.set(0, c);
        double[] a = p.decoder().decode(all).orElseThrow().coefficients();
        boolean[] seen = new boolean[4];
        for (int cw = 0; cw < c; cw++) {
            int j = p.codeword(cw).partition(0);
            assertThat(a[cw]).isEqualTo(seen[j] ? 0.0 : 1.0);
            seen[j] = true;
        }
        // Dropping every copy of one partition is refused.
        for (int j = 0; j < 4; j++) {
            BitSet without = (BitSet) all.clone();
            for (int cw = 0; cw < c; cw++) {
                if (p.codeword(cw).partition(0) == j) {
                    without.clear(cw);
                }
            }
            assertThat(p.decoder().decode(without)).isEmpty();
            assertThat(p.promise().promises(without)).isFalse();
        }
    }

    @Test
    void defaultsAreHomogeneousMuOneAndShiftTwenty() {
        Plan p =
                BccHetero.paperExperiment()
                        .place(SchemeParams.of(10, 0, 2).withPartitions(30), Seeds.generator(2));
        assertThat(p.parameters()).containsEntry("shift", "20.0");
        double[] loads = p.loads();
        assertThat(Arrays.stream(loads).distinct().count()).isEqualTo(1);
        // s = ⌊30 ln 30⌋ = 102, Σ r_i* = 102·(1 + λ)/λ with λ = 23.1858 → 10.6 → 11 each.
        assertThat(loads[0]).isEqualTo(11.0);
    }

    @Test
    void invalidParametersNameTheirFlag() {
        SchemeParams base = SchemeParams.of(3, 0, 1).withPartitions(6);
        assertInvalid(base.withSpeeds(1, 2), "--speeds");
        assertInvalid(base.withSpeeds(1, 0, 2), "--speeds");
        assertInvalid(base.withShift(-1), "--shift");
        assertInvalid(base.withLoad(2), "--load");
        assertInvalid(base.withStragglers(1), "--stragglers");
        assertInvalid(base.withWorkers(0), "--workers");
    }
}
