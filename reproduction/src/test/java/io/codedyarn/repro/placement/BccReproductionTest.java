package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.bcc.BccThresholds;
import io.codedyarn.repro.placement.BccExperiments.Estimate;
import io.codedyarn.repro.placement.PaperCheck.Published;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The BCC reproduction at scale 0.1 (fixed seed). The paper's published numbers are written here
 * with their place in the paper and judged by {@link PaperCheck}; closed forms are checked against
 * hand computations; Monte-Carlo rows against the exact values they estimate, within {@link
 * PaperCheck#Z} standard errors.
 */
class BccReproductionTest {
    private static final long SEED = 20240601L;
    private static final double Z = PaperCheck.Z;

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

    /** |ours − target| ≤ Z·sqrt(se² + targetSe²) + rounding. */
    private static void assertWithinSe(
            ReproducedNumber n, double target, double targetSe, double rounding) {
        assertThat(n.standardError()).as(n.quantity()).isPositive();
        double tol = Z * Math.hypot(n.standardError(), targetSe) + rounding;
        assertThat(n.ours()).as(n.quantity() + " " + n.parameters()).isCloseTo(target, within(tol));
    }

    @Test
    void publishedValues() {
        // §III-C2, after Fig. 4 (Tables I/II): "we observe the master waiting for on average 11
        // workers" (scenario one) and "25 workers" (scenario two); integers, so ±0.5.
        String ec2 = "§III-C2";
        // §IV-C (Fig. 5) and §I: "reduces the average computation time by 29.28%".
        String fig5 = "§IV-C";
        PaperCheck.check(
                numbers,
                List.of(
                        Published.agrees("EC2 scenario 1: expected", "", 11, 0.5, ec2),
                        Published.agrees("EC2 scenario 1: simulated", "", 11, 0.5, ec2),
                        Published.differs("EC2 scenario 2: expected", "", 25, 0.5, ec2),
                        Published.differs("EC2 scenario 2: simulated", "", 25, 0.5, ec2),
                        Published.differs(
                                "Fig. 5: generalized BCC vs LB, reduction of E[T], every",
                                "",
                                29.28,
                                0.005,
                                fig5),
                        Published.agrees(
                                "Fig. 5: generalized BCC vs LB, reduction of E[T ∣ covered]",
                                "",
                                29.28,
                                0.005,
                                fig5)));
    }

    @Test
    void identity() {
        BccReproduction r = new BccReproduction();
        assertThat(r.id()).isEqualTo("bcc");
        assertThat(r.title()).contains("Near-Optimal Straggler Mitigation");
        assertThat(byKey).hasSize(numbers.size()); // no duplicate rows
    }

    /** N·H_N summed here, independently of BccThresholds. */
    private static double couponCollector(int batches) {
        double h = 0;
        for (int k = batches; k >= 1; k--) {
            h += 1.0 / k;
        }
        return batches * h;
    }

    @Test
    void figureTwoClosedForms() {
        for (int r : new int[] {1, 2, 5, 10, 20, 25, 50}) {
            ReproducedNumber n = find("Fig. 2: BCC", "m = n = 100, r = " + r);
            assertThat(n.standardError()).isZero();
            assertThat(n.ours()).isCloseTo(couponCollector((100 + r - 1) / r), within(1e-9));
        }
        // 10·H_10 = 7381/252 and 20·H_20 with H_20 = 55835135/15519504, exactly.
        assertThat(byKey.get("Fig. 2: BCC recovery threshold K_BCC @ m = n = 100, r = 10").ours())
                .isCloseTo(7381.0 / 252, within(1e-12));
        assertThat(find("Fig. 2: BCC", "m = n = 100, r = 5").ours())
                .isCloseTo(20 * 55835135.0 / 15519504, within(1e-12));
        assertThat(find("Fig. 2: BCC", "m = n = 100, r = 5").note()).contains("mis-rounds");
        // (m/r) ln m = 46.05 is the paper's approximation, eq. (5); the exact chain is higher.
        assertThat(find("Fig. 2: simple randomized", "m = n = 100, r = 10").ours())
                .isBetween(10 * Math.log(100), 10 * Math.log(100) + 5);
    }

    @Test
    void ec2ThresholdsClosedFormAndBalanced() {
        ReproducedNumber s1 = find("EC2 scenario 1: expected", "");
        ReproducedNumber s2 = find("EC2 scenario 2: expected", "");
        assertThat(s1.ours()).isCloseTo(5 * 137.0 / 60, within(1e-12)); // 5·H_5 = 11.4167
        assertThat(s2.ours()).isCloseTo(7381.0 / 252, within(1e-12)); // 10·H_10 = 29.2897
        // The balanced placement is not the paper's scheme: no paper value beside it.
        assertThat(find("EC2 scenario 2: balanced", "").paper()).isNaN();
        assertThat(find("EC2 scenario 1: balanced", "").ours()).isCloseTo(10.13, within(0.005));
        assertThat(find("EC2 scenario 2: balanced", "").ours()).isCloseTo(25.09, within(0.005));
        // Scenario 2's observed 25 is a rare value for one i.i.d. placement.
        assertThat(find("EC2 scenario 2: P(one", "").ours()).isLessThan(0.1);
        assertThat(s2.deviation()).contains("one placement");
    }

    @Test
    void ec2SimulatedThresholdsMatchTheirExpectation() {
        // bcc keeps an uncovered draw and then waits for all n: the target is E[min(K, n)], exact.
        assertWithinSe(
                find("EC2 scenario 1: simulated", ""),
                BccExperiments.truncatedThreshold(5, 50),
                0,
                0);
        assertWithinSe(
                find("EC2 scenario 2: simulated", ""),
                BccExperiments.truncatedThreshold(10, 100),
                0,
                0);
    }

    @Test
    void truncatedThresholdByHand() {
        // N = 2, n = 2: K = 2 either way. N = 2, n = 3: P(CC = 2) = 1/2, else K = 3 → 2.5.
        assertThat(BccExperiments.truncatedThreshold(2, 2)).isCloseTo(2, within(1e-12));
        assertThat(BccExperiments.truncatedThreshold(2, 3)).isCloseTo(2.5, within(1e-12));
        assertThat(BccExperiments.truncatedThreshold(5, 600))
                .isCloseTo(couponCollector(5), within(1e-9));
    }

    @Test
    void figureFiveAllocationAndLoadBalancing() {
        assertThat(find("Fig. 5: HCMM", "").ours()).isCloseTo(744.44, within(0.005));
        ReproducedNumber lb = find("Fig. 5: load balancing E[T_LB]", "");
        // Fast workers: r = 20·500/195, shift 20r, mean r/20 → 20r + (r/20)·H_5.
        double r = 20.0 * 500 / 195;
        assertThat(lb.ours()).isCloseTo(20 * r + r / 20 * (137.0 / 60), within(1e-6));
        assertWithinSe(find("Fig. 5: load balancing, simulated", ""), lb.ours(), 0, 0);
    }

    @Test
    void figureFiveSchemeAndDirectSimulatorAgree() {
        // The scheme + TimeSimulator rows and CoverageTimes (independent code) estimate the same
        // expectations for nearest rounding.
        ReproducedNumber kept = find("Fig. 5: generalized BCC vs LB, reduction of E[T], every", "");
        ReproducedNumber keptDirect =
                find("Fig. 5 spread: reduction of E[T], nearest rounding, uncovered", "");
        assertThat(kept.ours())
                .isCloseTo(
                        keptDirect.ours(),
                        within(Z * Math.hypot(kept.standardError(), keptDirect.standardError())));
        ReproducedNumber cond = find("Fig. 5: generalized BCC vs LB, reduction of E[T ∣", "");
        ReproducedNumber condDirect =
                find("Fig. 5 spread: reduction of E[T], nearest rounding, conditioned", "");
        assertThat(cond.ours())
                .isCloseTo(
                        condDirect.ours(),
                        within(Z * Math.hypot(cond.standardError(), condDirect.standardError())));
        // P(uncovered) ≈ 1 − e^{−0.636} = 0.470 (Poisson approximation, digest §5).
        assertWithinSe(find("Fig. 5: generalized BCC, P(", ""), 0.470, 0, 0.01);
        // Rows' reductions use the exact LB.
        double lb = find("Fig. 5: load balancing E[T_LB]", "").ours();
        double t = find("Fig. 5: generalized BCC E[T ∣ covered]", "").ours();
        assertThat(cond.ours()).isCloseTo(100 * (1 - t / lb), within(1e-9));
    }

    @Test
    void figureFiveSpreadCoversTheChoices() {
        List<ReproducedNumber> spread =
                numbers.stream().filter(n -> n.quantity().startsWith("Fig. 5 spread")).toList();
        assertThat(spread).hasSize(6);
        // Keeping uncovered placements costs time (max_i T_i): below the conditioned figure for
        // every rounding; floor rounding is fastest, ceil slowest (conditioned).
        for (String rounding : List.of("nearest", "floor", "ceil")) {
            double keep =
                    find("Fig. 5 spread: reduction of E[T], " + rounding + " rounding, u", "")
                            .ours();
            double cond =
                    find("Fig. 5 spread: reduction of E[T], " + rounding + " rounding, c", "")
                            .ours();
            assertThat(keep).as(rounding).isLessThan(cond);
        }
        assertThat(find("Fig. 5 spread: reduction of E[T], floor rounding, c", "").ours())
                .isGreaterThan(
                        find("Fig. 5 spread: reduction of E[T], ceil rounding, c", "").ours());
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
        // r = 10: N = 10, m/r = 10, K_BCC = 29.29, E[min(K, n)] = 29.29, randomized 49.94.
        assertThat(md).contains("| 10 | 10 | 10.00 | 29.29 | 1.00 | 29.29 | ");
        assertThat(md).contains("| 49.94 | 46.05 | 91 |");
        String section = ReproductionReport.section(new BccReproduction(), numbers, SEED, 0.1);
        assertThat(section).contains("reproduce bcc --seed " + SEED + " --scale 0.1");
    }
}
