package io.codedyarn.placement.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.bcc.BccThresholds;
import io.codedyarn.placement.repro.BccExperiments.Estimate;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The BCC reproduction at scale 0.1 (fixed seed). Closed forms must match the digest to its
 * rounding; Monte-Carlo numbers must lie within 4 standard errors of the expectation they estimate,
 * where the s.e. also includes the digest's own Monte-Carlo error when the target is a digest
 * simulation (729.4 and 750.9 come from ≈ 20k runs: per-run sd ≈ 29 s and 12 s, so ≈ 0.21 s and
 * 0.08 s), plus half a unit of the digest's last digit.
 */
class BccReproductionTest {
    private static final long SEED = 20240601L;
    private static final double SIGMAS = 4;

    private static List<ReproducedNumber> numbers;
    private static Map<String, ReproducedNumber> byKey;

    @BeforeAll
    static void runOnce() {
        numbers = new BccReproduction().run(SEED, 0.1);
        byKey =
                numbers.stream()
                        .collect(
                                Collectors.toMap(
                                        n -> n.quantity() + " @ " + n.parameters(),
                                        Function.identity()));
    }

    private static ReproducedNumber find(String quantityStart, String parametersStart) {
        return numbers.stream()
                .filter(
                        n ->
                                n.quantity().startsWith(quantityStart)
                                        && n.parameters().startsWith(parametersStart))
                .findFirst()
                .orElseThrow(
                        () -> new AssertionError("no " + quantityStart + " @ " + parametersStart));
    }

    /** |ours − target| ≤ 4·sqrt(se² + targetSe²) + rounding. */
    private static void assertWithinSe(
            ReproducedNumber n, double target, double targetSe, double rounding) {
        assertThat(n.standardError()).as(n.quantity()).isPositive();
        double tol = SIGMAS * Math.hypot(n.standardError(), targetSe) + rounding;
        assertThat(n.ours()).as(n.quantity() + " " + n.parameters()).isCloseTo(target, within(tol));
    }

    @Test
    void identity() {
        BccReproduction r = new BccReproduction();
        assertThat(r.id()).isEqualTo("bcc");
        assertThat(r.title()).contains("Near-Optimal Straggler Mitigation");
        assertThat(byKey).hasSize(numbers.size()); // no duplicate rows
    }

    @Test
    void figureTwoClosedFormsMatchTheDigest() {
        for (int k = 0; k < BccReproduction.FIG2_LOADS.length; k++) {
            int r = BccReproduction.FIG2_LOADS[k];
            ReproducedNumber n = find("Fig. 2: BCC", "m = n = 100, r = " + r);
            assertThat(n.standardError()).isZero();
            assertThat(n.ours()).isEqualTo(BccThresholds.bcc(100, r));
            // The digest rounds to 2 decimals, except 20·H_20 = 71.9548 which it gives as 71.96.
            assertThat(n.ours())
                    .isCloseTo(BccReproduction.FIG2_DIGEST[k], within(r == 5 ? 0.006 : 0.005));
            assertThat(n.digest()).isEqualTo(BccReproduction.FIG2_DIGEST[k]);
        }
        // 10·H_10 = 7381/252 and 100·H_100 by hand, exactly.
        assertThat(byKey.get("Fig. 2: BCC recovery threshold K_BCC @ m = n = 100, r = 10").ours())
                .isCloseTo(7381.0 / 252, within(1e-12));
        // 20·H_20 with H_20 = 55835135/15519504.
        assertThat(find("Fig. 2: BCC", "m = n = 100, r = 5").ours())
                .isCloseTo(20 * 55835135.0 / 15519504, within(1e-12));
        assertThat(find("Fig. 2: BCC", "m = n = 100, r = 5").note()).contains("mis-rounds");
        assertThat(find("Fig. 2: simple randomized", "m = n = 100, r = 10").ours())
                .isCloseTo(49.95, within(0.01));
    }

    @Test
    void ec2ThresholdsClosedFormAndBalanced() {
        ReproducedNumber s1 = find("EC2 scenario 1: expected", "");
        ReproducedNumber s2 = find("EC2 scenario 2: expected", "");
        assertThat(s1.ours()).isCloseTo(5 * 137.0 / 60, within(1e-12)); // 5·H_5 = 11.4167
        assertThat(s2.ours()).isCloseTo(7381.0 / 252, within(1e-12)); // 10·H_10 = 29.2897
        assertThat(s1.paper()).isEqualTo(11);
        assertThat(s2.paper()).isEqualTo(25);
        assertThat(find("EC2 scenario 1: balanced", "").ours()).isCloseTo(10.13, within(0.005));
        assertThat(find("EC2 scenario 2: balanced", "").ours()).isCloseTo(25.09, within(0.005));
    }

    @Test
    void ec2SimulatedThresholdsMatchTheirExpectation() {
        // The bcc scheme conditions on coverage: the target is E[K | covered], exact.
        ReproducedNumber s1 = find("EC2 scenario 1: simulated", "");
        ReproducedNumber s2 = find("EC2 scenario 2: simulated", "");
        assertWithinSe(s1, BccExperiments.conditionalThreshold(5, 50), 0, 0);
        assertWithinSe(s2, BccExperiments.conditionalThreshold(10, 100), 0, 0);
        // ... which is within a few hundredths of N·H_N, far below the test's resolution.
        assertWithinSe(s1, 11.42, 0, 0.005 + 0.004);
        assertWithinSe(s2, 29.29, 0, 0.005 + 0.022);
    }

    @Test
    void figureFiveAllocationAndLoadBalancing() {
        assertThat(find("Fig. 5: HCMM", "").ours()).isCloseTo(744.44, within(0.005));
        ReproducedNumber lb = find("Fig. 5: load balancing E[T_LB]", "");
        // Fast workers: r = 20·500/195, shift 20r, mean r/20 → 20r + (r/20)·H_5 (digest 1031.50).
        double r = 20.0 * 500 / 195;
        assertThat(lb.ours()).isCloseTo(20 * r + r / 20 * (137.0 / 60), within(1e-6));
        assertThat(lb.ours()).isCloseTo(1031.50, within(0.005));
        assertWithinSe(find("Fig. 5: load balancing, simulated", ""), lb.ours(), 0, 0);
        assertWithinSe(find("Fig. 5: E[T̂(s)]", ""), 750.9, 0.08, 0.05);
    }

    @Test
    void figureFiveGeneralizedBccReproducesThePaper() {
        ReproducedNumber fail = find("Fig. 5: generalized BCC, P(", "");
        assertWithinSe(fail, 0.47, 0, 0.005);
        ReproducedNumber time = find("Fig. 5: generalized BCC E[T", "");
        assertWithinSe(time, 729.4, 0.21, 0.05);
        assertThat(time.note()).contains("coverage policy");
        ReproducedNumber red = find("Fig. 5: generalized BCC vs LB", "");
        double lb = find("Fig. 5: load balancing E[T_LB]", "").ours();
        assertThat(red.ours()).isCloseTo(100 * (1 - time.ours() / lb), within(1e-9));
        assertThat(red.paper()).isEqualTo(29.28);
        assertWithinSe(red, 29.28, 100 * 0.21 / lb, 0.005);
    }

    @Test
    void conditionalThresholdByHandAndInTheLimit() {
        // N = 2, n = 2: covered means the two picks differ, K = 2.
        assertThat(BccExperiments.conditionalThreshold(2, 2)).isCloseTo(2, within(1e-12));
        // N = 2, n = 3: P(K = 2) = 1/2, P(K = 3) = 1/4 → (1 + 3/4)/(3/4) = 7/3.
        assertThat(BccExperiments.conditionalThreshold(2, 3)).isCloseTo(7.0 / 3, within(1e-12));
        // n → ∞: N·H_N.
        assertThat(BccExperiments.conditionalThreshold(5, 600))
                .isCloseTo(BccThresholds.bcc(5, 1), within(1e-9));
    }

    @Test
    void expectedMaximumOfExponentials() {
        // max of 5 i.i.d. Exp(1): H_5; shifted by 3 with mean 2: 3 + 2·H_5.
        assertThat(BccExperiments.expectedMaximum(new double[5], new double[] {1, 1, 1, 1, 1}))
                .isCloseTo(137.0 / 60, within(1e-9));
        assertThat(
                        BccExperiments.expectedMaximum(
                                new double[] {3, 3, 0}, new double[] {2, 2, 0.001}))
                .isCloseTo(3 + 2 * 1.5, within(1e-9));
    }

    @Test
    void integerLoadBalancingAsInTheDigest() {
        double[] mu = BccReproduction.fig5Mu();
        int[] loads = BccTables.largestRemainder(BccReproduction.lbLoads(mu, 500), 500);
        assertThat(java.util.Arrays.stream(loads).sum()).isEqualTo(500);
        assertThat(loads[99]).isEqualTo(51);
        assertThat(java.util.Arrays.stream(loads, 0, 95).filter(x -> x == 3).count()).isEqualTo(55);
        double[] asDouble = java.util.Arrays.stream(loads).asDoubleStream().toArray();
        assertThat(BccReproduction.lbExpectedTime(asDouble, 20, mu))
                .isCloseTo(1025.8, within(0.05));
    }

    @Test
    void simulationsAreSeeded() {
        Estimate a = BccExperiments.threshold(50, 50, 10, 30, 3, 9, 1);
        Estimate b = BccExperiments.threshold(50, 50, 10, 30, 3, 9, 1);
        Estimate c = BccExperiments.threshold(50, 50, 10, 30, 3, 10, 1);
        assertThat(a).isEqualTo(b);
        assertThat(c).isNotEqualTo(a);
    }

    @Test
    void fullFigureTwoTable() {
        String md = new BccReproduction().extraMarkdown(SEED);
        assertThat(md).contains("### Fig. 2").contains("### Fig. 5");
        assertThat(md.lines().filter(l -> l.matches("\\| \\d+ \\| .*"))).hasSize(50);
        // r = 10: N = 10, m/r = 10, K_BCC = 29.29, E[K | covered] = 29.27, randomized 49.94.
        assertThat(md).contains("| 10 | 10 | 10.00 | 29.29 | 1.00 | 29.27 | ");
        assertThat(md).contains("| 49.94 | 46.05 | 91 |");
        String section = ReproductionReport.section(new BccReproduction(), numbers, SEED, 0.1);
        assertThat(section).contains("reproduce bcc --seed " + SEED + " --scale 0.1");
    }
}
