package io.codedyarn.placement.bcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Test vectors from the BCC digest (bcc.md §3 Fig. 2 table, §5, §6). */
class BccThresholdsTest {

    /**
     * Fig. 2, m = n = 100: lower bound m/r, BCC ⌈m/r⌉·H_⌈m/r⌉ (13), randomized exact, as the digest
     * tabulates them to 2 decimals. Two digest entries are rounded up by one in the last place
     * (71.96 is 71.9548, 49.95 is 49.9446; checked with exact rational arithmetic), hence 0.006.
     */
    @ParameterizedTest(name = "r={0}")
    @CsvSource({
        "1, 100, 518.74, 518.74",
        "2, 50, 224.96, 258.32",
        "5, 20, 71.96, 102.05",
        "10, 10, 29.29, 49.95",
        "20, 5, 11.42, 23.85",
        "25, 4, 8.33, 18.62",
        "30, 3.3333, 8.33, 15.11",
        "40, 2.5, 5.50, 10.71",
        "50, 2, 3.00, 8.03"
    })
    void figureTwoTable(int r, double lower, double bcc, double randomized) {
        assertThat(BccThresholds.lowerBound(100, r)).isCloseTo(lower, within(1e-4));
        assertThat(BccThresholds.bcc(100, r)).isCloseTo(bcc, within(0.006));
        assertThat(BccThresholds.randomized(100, r)).isCloseTo(randomized, within(0.006));
    }

    @Test
    void figureTwoExactValues() {
        // Exact rational arithmetic (Python fractions) of the same formulas.
        assertThat(BccThresholds.bcc(100, 5)).isCloseTo(71.95479314287364, within(1e-9));
        assertThat(BccThresholds.randomized(100, 10)).isCloseTo(49.94456605666412, within(1e-9));
        assertThat(BccThresholds.randomized(100, 2)).isCloseTo(258.3155083836725, within(1e-9));
        assertThat(BccThresholds.randomized(100, 50)).isCloseTo(8.027502069037357, within(1e-9));
    }

    @Test
    void bccUsesTheCeilingOfMOverR() {
        // Pitfall 3: m = 100, r = 30 is N = 4 batches, K = 4·H_4 = 25/3.
        assertThat(BccThresholds.batches(100, 30)).isEqualTo(4);
        assertThat(BccThresholds.bcc(100, 30)).isCloseTo(25.0 / 3, within(1e-12));
    }

    @Test
    void ec2ScenariosAreClosedForm() {
        // EC2: N = 5 (n = m = 50, r = 10) and N = 10 (n = m = 100, r = 10): N·H_N.
        assertThat(BccThresholds.bcc(50, 10)).isCloseTo(137.0 / 12, within(1e-12)); // 11.42
        assertThat(BccThresholds.bcc(100, 10)).isCloseTo(29.2897, within(1e-4));
    }

    @Test
    void randomizedWithLoadOneIsTheCouponCollector() {
        assertThat(BccThresholds.randomized(37, 1))
                .isCloseTo(37 * BccThresholds.harmonic(37), within(1e-9));
        assertThat(BccThresholds.randomized(37, 37)).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void balancedPlacementThresholdsMatchTheDigest() {
        // §6: balanced (FR-like) placement with a random finishing order: 10.13 and 25.09.
        assertThat(BccThresholds.expectedArrivals(BccThresholds.roundRobinCopies(50, 5)))
                .isCloseTo(10.13, within(0.005));
        assertThat(BccThresholds.expectedArrivals(BccThresholds.roundRobinCopies(100, 10)))
                .isCloseTo(25.09, within(0.005));
    }

    @Test
    void expectedArrivalsSmallCasesByHand() {
        // One group: the first arrival covers it.
        assertThat(BccThresholds.expectedArrivals(new int[] {7})).isCloseTo(1, within(1e-12));
        // Singletons: all must arrive.
        assertThat(BccThresholds.expectedArrivals(new int[] {1, 1, 1})).isCloseTo(3, within(1e-12));
        // Groups {a, b}, {c}: orders of 3 → stop at 2 when c is among the first two (4 of 6
        // orders), else at 3: E = (4·2 + 2·3)/6 = 7/3.
        assertThat(BccThresholds.expectedArrivals(new int[] {2, 1}))
                .isCloseTo(7.0 / 3, within(1e-12));
    }

    @Test
    void roundRobinCopiesAreFloorOrCeiling() {
        assertThat(BccThresholds.roundRobinCopies(7, 3)).containsExactly(3, 2, 2);
        assertThat(Arrays.stream(BccThresholds.roundRobinCopies(100, 7)).sum()).isEqualTo(100);
    }

    @Test
    void unpickedBatchProbabilityMatchesTheDigest() {
        // §3 "Why sufficiently large n matters": N = 5, n = 50 → 7.1e-5; N = 10, n = 100 → 2.66e-4.
        assertThat(1 - BccThresholds.coverageProbability(5, 50)).isCloseTo(7.1e-5, within(0.1e-5));
        assertThat(1 - BccThresholds.coverageProbability(10, 100))
                .isCloseTo(2.66e-4, within(0.01e-4));
        // n < N can never cover; n = N covers with probability N!/N^N.
        assertThat(BccThresholds.coverageProbability(5, 4)).isZero();
        assertThat(BccThresholds.coverageProbability(4, 4)).isCloseTo(24.0 / 256, within(1e-15));
        // Union bound N(1−1/N)^n is above the exact value.
        assertThat(BccThresholds.unpickedBound(10, 100))
                .isGreaterThanOrEqualTo(1 - BccThresholds.coverageProbability(10, 100));
    }

    @Test
    void theoremTwoConstantForFigureFive() {
        // c = 2 + ln(a + H_n/μ)/ln m with a = 20, μ = 1, n = 100, m = 500.
        assertThat(BccThresholds.theoremTwoC(500, 100, 20, 1)).isCloseTo(2.519, within(5e-4));
        assertThat(BccThresholds.harmonic(100)).isCloseTo(5.1874, within(1e-4));
    }

    @Test
    void figureFivePlacementMissesAnExampleAboutHalfTheTime() {
        // 95 workers × 32 and 5 × 37 examples of 500: E[uncovered] = 500·(1−32/500)^95·(1−37/500)^5
        // ≈ 0.6357, so P(some example uncovered) ≈ 1 − e^{−0.6357} ≈ 0.47 (digest §5).
        int[] loads = new int[100];
        Arrays.fill(loads, 0, 95, 32);
        Arrays.fill(loads, 95, 100, 37);
        double uncovered = BccThresholds.expectedUncovered(500, loads);
        assertThat(uncovered).isCloseTo(0.63567, within(1e-5));
        assertThat(1 - Math.exp(-uncovered)).isCloseTo(0.47, within(0.005));
    }
}
