package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.codedyarn.repro.placement.PaperCheck.Published;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * LAGC and Hetero-GC against the papers, through {@link PaperCheck}: the published values are
 * written here with their location; where a paper prints no number the row is checked against a
 * closed form computed HERE from the paper's model (never against production's {@code digest}
 * column). Every row must carry a standard error (0 for a closed form).
 */
class ReproductionTest {

    // ---------------------------------------------------------------- hetero-gc

    /**
     * Hetero-GC abstract: the schemes "reduce the whole computation time by up to 3x compared with
     * a state-of-the-art coding scheme" (cyclic GC). The text file (papers/hetero-gc.txt) lost the
     * digit in §I ("up to compared to") and §VI ("up to speedup"); the hetero-gc digest quotes the
     * abstract. An integer: reading error 0.5.
     */
    private static final String HETERO_UP_TO_3X = "abstract (\"up to 3x\" vs cyclic GC)";

    /** Table II of hetero-gc, vCPUs 2, 4, 8, 12, 16 × workers, clusters A–D (written out here). */
    private static final int[] TABLE2_VCPUS = {2, 4, 8, 12, 16};

    private static final int[][] TABLE2 = {
        {2, 2, 3, 1, 0}, // ClusterA
        {2, 4, 8, 0, 2}, // ClusterB
        {1, 4, 10, 12, 5}, // ClusterC
        {0, 4, 20, 18, 16}, // ClusterD
    };

    @Test
    void heteroGcSpeedupsAgainstThePaperAndTheClosedForm() {
        List<ReproducedNumber> r = new HeteroGcReproduction().run(1, 1);
        assertThat(r).hasSize(12);
        String speedup = "speedup of heter-aware over cyclic GC";
        String noisy = "a failed worker, speed noise";
        PaperCheck.check(
                r,
                List.of(
                        Published.agrees(speedup, "cluster A (n=8), s=1", 3, 0.5, HETERO_UP_TO_3X),
                        Published.agrees(speedup, "cluster A (n=8), s=2", 3, 0.5, HETERO_UP_TO_3X),
                        // "Up to 3×" read as a bound on the other clusters: the worst-case model
                        // exceeds it on B (3.625) and C (5.03), and the rows must say why.
                        Published.aboveBound(
                                speedup, "cluster B (n=16), s=1", 3, 0.5, HETERO_UP_TO_3X),
                        Published.aboveBound(
                                speedup, "cluster B (n=16), s=2", 3, 0.5, HETERO_UP_TO_3X),
                        Published.aboveBound(
                                speedup, "cluster C (n=32), s=1", 3, 0.5, HETERO_UP_TO_3X),
                        Published.aboveBound(
                                speedup, "cluster C (n=32), s=2", 3, 0.5, HETERO_UP_TO_3X),
                        Published.atMost(speedup, "cluster D (n=58), s=1", 3, 0.5, HETERO_UP_TO_3X),
                        Published.atMost(speedup, "cluster D (n=58), s=2", 3, 0.5, HETERO_UP_TO_3X),
                        // With speed noise and a failed worker the ratio stays under 3 everywhere.
                        Published.atMost(noisy, "cluster A (n=8)", 3, 0.5, HETERO_UP_TO_3X),
                        Published.atMost(noisy, "cluster B (n=16)", 3, 0.5, HETERO_UP_TO_3X),
                        Published.atMost(noisy, "cluster C (n=32)", 3, 0.5, HETERO_UP_TO_3X),
                        Published.atMost(noisy, "cluster D (n=58)", 3, 0.5, HETERO_UP_TO_3X)));
        assertThat(PaperCheck.row(r, speedup, "cluster C (n=32), s=1").deviation())
                .contains("mean / min vCPUs = 10.06 / 2 = 5.03 on this cluster");
        // The paper prints no per-cluster number: speeds ∝ vCPUs, worst-case s stragglers,
        // T_cyclic = (s+1)/(n·r_min), T_heter = (s+1)/Σr, so cyclic/heter = mean(r)/min(r).
        String[] names = {"A", "B", "C", "D"};
        for (int c = 0; c < TABLE2.length; c++) {
            int n = 0;
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            for (int k = 0; k < TABLE2_VCPUS.length; k++) {
                n += TABLE2[c][k];
                sum += TABLE2[c][k] * (double) TABLE2_VCPUS[k];
                if (TABLE2[c][k] > 0) {
                    min = Math.min(min, TABLE2_VCPUS[k]);
                }
            }
            double ratio = sum / n / min;
            for (int s = 1; s <= 2; s++) {
                String setting =
                        String.format(Locale.ROOT, "cluster %s (n=%d), s=%d", names[c], n, s);
                ReproducedNumber row =
                        PaperCheck.row(r, "speedup of heter-aware over cyclic GC", setting);
                assertThat(row.standardError()).as(setting).isZero();
                assertThat(row.ours()).as(setting).isCloseTo(ratio, offset(1e-9));
            }
        }
        // The paper's 3× is what it measured on cluster A (its testbed for the speed-up); the
        // model's larger ratios on B (3.625) and C (5.03) are not printed by the paper.
        assertThat(PaperCheck.row(r, "speedup", "cluster A (n=8), s=1").ours())
                .isCloseTo(3.0, offset(1e-12));
    }

    // --------------------------------------------------------------------- lagc

    private static final int M = 20;
    private static final int R = 4;
    private static final double ETA = 0.05;
    private static final double BETA = 1.1;
    private static final double XI = 1;
    private static final int D = 10;

    /** lagc §V-D: L_s = (1.3^(s−1) + 1)², s = 1..20. */
    private static double smoothness(int s) {
        double v = Math.pow(1.3, s - 1) + 1;
        return v * v;
    }

    /**
     * Ḡ (30) for G-LAG with groups of M_G consecutive partitions, α = 1/L, L = Σ L_s, L_g = Σ_{s∈g}
     * L_s: d_g = min(D, ⌊ξ/(D α² G² L_g²)⌋), Ḡ = Σ_g 1/(d_g + 1).
     */
    private static double gBar(int mg) {
        int groups = M / mg;
        double l = 0;
        for (int s = 1; s <= M; s++) {
            l += smoothness(s);
        }
        double gbar = 0;
        for (int g = 0; g < groups; g++) {
            double lg = 0;
            for (int s = g * mg + 1; s <= (g + 1) * mg; s++) {
                lg += smoothness(s);
            }
            double q = XI * l * l / (D * (double) groups * groups * lg * lg);
            int d = (int) Math.min(D, Math.floor(q));
            gbar += 1.0 / (d + 1);
        }
        return gbar;
    }

    private static double lnGamma(double z) {
        double shift = 0;
        while (z < 8) {
            shift += Math.log(z);
            z += 1;
        }
        double z2 = z * z;
        return (z - 0.5) * Math.log(z)
                - z
                + 0.5 * Math.log(2 * Math.PI)
                + 1 / (12 * z)
                - 1 / (360 * z * z2)
                + 1 / (1260 * z * z2 * z2)
                - shift;
    }

    private static double digamma(double x) {
        double shift = 0;
        while (x < 8) {
            shift += 1 / x;
            x += 1;
        }
        double x2 = x * x;
        return Math.log(x)
                - 1 / (2 * x)
                - 1 / (12 * x2)
                + 1 / (120 * x2 * x2)
                - 1 / (252 * x2 * x2 * x2)
                - shift;
    }

    /** E[max of a] (real a) of i.i.d. exponentials with this mean: mean·(ψ(a+1) + γ) = H_a. */
    private static double expMax(double a, double mean) {
        return mean * (digamma(a + 1) - digamma(1));
    }

    /** E[a-th of b] exponential (21): mean·(H_b − H_{b−a}). */
    private static double expOrder(int a, int b, double mean) {
        double h = 0;
        for (int k = b - a + 1; k <= b; k++) {
            h += 1.0 / k;
        }
        return mean * h;
    }

    /** Pareto scale for a mean (lagc §1.4): x_m = mean·(β−1)/β. */
    private static double scale(double mean, double shape) {
        return mean * (shape - 1) / shape;
    }

    /** E[a-th of b] Pareto (22), corrected: x_m·Π_{k=b−a+1}^{b} k/(k − 1/β). */
    private static double paretoOrder(int a, int b, double xm, double shape) {
        double p = xm;
        for (int k = b - a + 1; k <= b; k++) {
            p *= k / (k - 1 / shape);
        }
        return p;
    }

    /** E[max of a] (real a) Pareto: x_m·Γ(a+1)·Γ(1−1/β)/Γ(a+1−1/β). */
    private static double paretoMax(double a, double xm, double shape) {
        return xm * Math.exp(lnGamma(a + 1) + lnGamma(1 - 1 / shape) - lnGamma(a + 1 - 1 / shape));
    }

    @Test
    void closedFormHelpersMatchTheDigestsOracles() {
        // lagc digest §5.4, "closed-form unit-test oracles" and the Ḡ table.
        assertThat(expOrder(20, 20, ETA)).isCloseTo(0.179887, offset(5e-7));
        assertThat(expOrder(17, 20, ETA * R)).isCloseTo(0.352881, offset(5e-7));
        assertThat(paretoOrder(20, 20, scale(ETA, BETA), BETA)).isCloseTo(0.728899, offset(5e-7));
        assertThat(paretoOrder(17, 20, scale(ETA * R, BETA), BETA))
                .isCloseTo(0.100764, offset(5e-7));
        assertThat(paretoMax(20, scale(ETA, BETA), BETA))
                .isCloseTo(paretoOrder(20, 20, scale(ETA, BETA), BETA), offset(1e-9));
        assertThat(paretoMax(2, scale(ETA, BETA), BETA)).isCloseTo(0.0916667, offset(5e-7));
        assertThat(expMax(20, ETA)).isCloseTo(expOrder(20, 20, ETA), offset(1e-10));
        assertThat(gBar(4)).isCloseTo(2 + 3.0 / 11, offset(1e-12));
        assertThat(gBar(2)).isCloseTo(4.0657, offset(5e-5));
        assertThat(gBar(5)).isCloseTo(1.6818, offset(5e-5));
    }

    @Test
    void lagcRowsAgainstClosedFormsComputedHere() {
        List<ReproducedNumber> r = new LagcReproduction().run(7, 0.5);
        // The lagc paper prints no number ("every result is a qualitative statement about Figs.
        // 6 to 9", lagc digest): nothing to quote, every row still needs a standard error.
        PaperCheck.check(r, List.of());
        for (ReproducedNumber n : r) {
            assertThat(n.paper()).as(n.quantity()).isNaN();
        }
        assertThat(r).hasSize(6 + 6);

        // G-LAG with M_G = r = 4: G = 5 groups; a selected group answers with its fastest of 4
        // workers of load 4 (mean ηr): min of 4 exponentials is exponential with mean η·r/4,
        // min of 4 Pareto(x_m, β) is Pareto(x_m, 4β). (31): max over Ḡ groups; C = (M_G + 1)·Ḡ.
        double gbar = gBar(4);
        double glagExp = expMax(gbar, ETA * R / 4);
        double glagPareto = paretoMax(gbar, scale(ETA * R, BETA), 4 * BETA);
        double glagComm = (4 + 1) * gbar;
        double gdExp = expOrder(M, M, ETA);
        double gdPareto = paretoOrder(M, M, scale(ETA, BETA), BETA);
        double gcExp = expOrder(M - R + 1, M, ETA * R);
        double gcPareto = paretoOrder(M - R + 1, M, scale(ETA * R, BETA), BETA);
        double gdComm = 2 * M;
        // G-GD M_G = 4: every one of the 5 groups, each its fastest of 4.
        double ggdExp = expOrder(5, 5, ETA * R / 4);
        double ggdPareto = paretoOrder(5, 5, scale(ETA * R, BETA), 4 * BETA);

        String setting = "M=20";
        exact(r, "G-LAG(4) time per Ī, Pareto (bound)", setting, glagPareto);
        exact(r, "G-LAG(4) time per Ī, exponential (bound)", setting, glagExp);
        exact(r, "G-LAG(4) communication per Ī (bound)", setting, glagComm);
        exact(r, "G-LAG(4) vs GD time, Pareto", setting, 100 * (glagPareto / gdPareto - 1));
        exact(r, "GC vs GD time, exponential", setting, gcExp / gdExp);
        exact(r, "G-LAG(4) vs GD communication", setting, 100 * (glagComm / gdComm - 1));
        // The paper's qualitative claims (§V-D): G-LAG best, GC does not pay off under exp.
        assertThat(glagPareto).isLessThan(Math.min(ggdPareto, gcPareto));
        assertThat(glagExp).isLessThan(Math.min(ggdExp, gdExp));
        assertThat(gcExp).isGreaterThan(gdExp);

        simulated(r, "simulated GD (uncoded) time per iteration, exponential", gdExp);
        simulated(r, "simulated GC (cyclic, F = 17) time per iteration, exponential", gcExp);
        simulated(r, "simulated GC (cyclic, F = 17) time per iteration, Pareto", gcPareto);
        simulated(r, "simulated G-GD M_G=4 (g-gd plan) time per iteration, exponential", ggdExp);
        simulated(r, "simulated G-GD M_G=4 (g-gd plan) time per iteration, Pareto", ggdPareto);
        // The max of 20 Pareto(β = 1.1) times has infinite variance: the sample mean lands far
        // from the expectation, either way, and its sample s.e. does not bound the error (seed 7
        // at half scale: 0.339 ± 0.027; the document's 40 runs: 1.33, against 0.7289). Like a
        // declared difference: the gap must be real (beyond 3 s.e.) and the row must say why.
        ReproducedNumber heavy =
                PaperCheck.row(r, "simulated GD (uncoded) time per iteration, Pareto", "");
        assertThat(heavy.deviation()).contains("infinite variance");
        assertThat(Math.abs(heavy.ours() - gdPareto))
                .as("heavy-tailed row: ours %s ± %s", heavy.ours(), heavy.standardError())
                .isGreaterThan(PaperCheck.Z * heavy.standardError());
        // ... and above the smallest possible time, the Pareto scale.
        assertThat(heavy.ours()).isGreaterThan(scale(ETA, BETA));
    }

    private static void exact(
            List<ReproducedNumber> rows, String quantity, String setting, double closedForm) {
        ReproducedNumber n = PaperCheck.row(rows, quantity, setting);
        assertThat(n.standardError()).as(quantity).isZero();
        assertThat(n.ours())
                .as("%s: ours vs the closed form computed here", quantity)
                .isCloseTo(closedForm, offset(1e-4 * Math.abs(closedForm)));
    }

    private static void simulated(List<ReproducedNumber> rows, String quantity, double closedForm) {
        ReproducedNumber n = PaperCheck.row(rows, quantity, "runs");
        assertThat(n.ours())
                .as("%s: ours %s ± %s vs %s", quantity, n.ours(), n.standardError(), closedForm)
                .isCloseTo(closedForm, offset(PaperCheck.Z * n.standardError()));
    }
}
