package io.codedyarn.repro.placement;

import io.codedyarn.placement.bcc.BccThresholds;
import io.codedyarn.placement.bcc.HcmmAllocation;
import io.codedyarn.repro.placement.BccExperiments.Estimate;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** The Markdown tables after the BCC section's main table ({@link BccReproduction}). */
final class BccTables {
    private BccTables() {}

    /** Placements × finishing orders per simulated row of the Fig. 2 table. */
    static final int FIG2_PLACEMENTS = 300;

    static final int FIG2_ORDERS = 20;

    /** Experiment tags FIG2_TAG + r (distinct from {@link BccReproduction}'s). */
    private static final int FIG2_TAG = 100;

    /**
     * Below this P(cover), E[K | covered] is not shown (the n = 100 run practically never covers).
     */
    private static final double MIN_COVER = 1e-6;

    /**
     * Fig. 2 for every r = 1..50 at m = n = 100. The curves the paper plots are the n → ∞ values;
     * with n = 100 workers a placement covers all N batches only with P(cover). The {@code bcc}
     * scheme keeps the draw and waits for all n when a batch is unpicked, so it needs E[min(K, n)]
     * workers on average ({@code bcc-redraw}: E[K | covered]) — computed exactly, and simulated for
     * a few r.
     */
    static String figureTwo(long seed) {
        int m = BccReproduction.FIG2_M;
        int n = BccReproduction.FIG2_M;
        Map<Integer, Estimate> sim = new HashMap<>();
        for (int r : BccReproduction.SIMULATED_LOADS) {
            sim.put(
                    r,
                    BccExperiments.threshold(
                            m, n, r, FIG2_PLACEMENTS, FIG2_ORDERS, seed, FIG2_TAG + r));
        }
        StringBuilder sb = new StringBuilder();
        sb.append("### Fig. 2: recovery thresholds, m = n = 100\n\n");
        sb.append(
                        "K_BCC = ⌈m/r⌉·H_⌈m/r⌉ (eq. 13) and the randomized scheme's exact threshold are the"
                                + " n → ∞ values the paper plots (exceeding n = 100 for small r). With n ="
                                + " 100 workers a BCC placement covers every batch only with P(cover); our"
                                + " `bcc` scheme keeps the draw and waits for all n workers when a batch is"
                                + " unpicked, so it needs E[min(K, n)] (exact, truncated coupon"
                                + " collector); `bcc-redraw` redraws and needs E[K | covered]."
                                + " \"simulated\": `bcc` + `TimeSimulator`, ")
                .append(FIG2_PLACEMENTS)
                .append(" random placements × ")
                .append(FIG2_ORDERS)
                .append(" random finishing orders (± MC s.e.).\n\n");
        sb.append(
                "| r | N | lower bound m/r | K_BCC | P(cover), n = 100 | E[min(K, n)] | simulated"
                        + " (bcc) | E[K \\| covered] | randomized exact | (m/r) ln m | CR m−r+1"
                        + " |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (int r = 1; r <= 50; r++) {
            int batches = BccThresholds.batches(m, r);
            double cover = BccThresholds.coverageProbability(batches, n);
            String conditional =
                    cover >= MIN_COVER ? f2(BccExperiments.conditionalThreshold(batches, n)) : "–";
            Estimate e = sim.get(r);
            String simulated = e == null ? "" : f2(e.mean()) + " ± " + f2(e.standardError());
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "| %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %d |%n",
                            r,
                            batches,
                            f2(BccThresholds.lowerBound(m, r)),
                            f2(BccThresholds.bcc(m, r)),
                            String.format(Locale.ROOT, "%.3g", cover),
                            f2(BccExperiments.truncatedThreshold(batches, n)),
                            simulated,
                            conditional,
                            f2(BccThresholds.randomized(m, r)),
                            f2((double) m / r * Math.log(m)),
                            m - r + 1));
        }
        return sb.toString();
    }

    /** Fig. 5's allocation and the alternatives the digest tried. */
    static String figureFive() {
        double[] mu = BccReproduction.fig5Mu();
        int m = BccReproduction.FIG5_M;
        double a = BccReproduction.FIG5_SHIFT;
        long s = (long) Math.floor(m * Math.log(m));
        HcmmAllocation alloc = HcmmAllocation.solve(mu, a, s);
        int[] loads = alloc.loads(m, s);
        double[] lambda = alloc.lambda();
        double[] real = BccReproduction.lbLoads(mu, m);
        double[] integer = Arrays.stream(largestRemainder(real, m)).asDoubleStream().toArray();
        StringBuilder sb = new StringBuilder("### Fig. 5: allocation details\n\n");
        sb.append(
                String.format(
                        Locale.ROOT,
                        "- HCMM (digest §5): λ = %.4f (μ = 1), %.4f (μ = 20); τ* = %.2f; loads r* ="
                                + " %.3f / %.3f → %d / %d (nearest), Σ r_i = %d ≥ s = %d.%n",
                        lambda[0],
                        lambda[99],
                        alloc.tau(),
                        alloc.realLoads()[0],
                        alloc.realLoads()[99],
                        loads[0],
                        loads[99],
                        Arrays.stream(loads).sum(),
                        s));
        sb.append(
                String.format(
                        Locale.ROOT,
                        "- Theorem 2's constant would be c = %.3f (s = %d); Fig. 5 uses c = 1.%n",
                        BccThresholds.theoremTwoC(m, mu.length, a, 1.0),
                        (long)
                                Math.floor(
                                        BccThresholds.theoremTwoC(m, mu.length, a, 1.0)
                                                * m
                                                * Math.log(m))));
        sb.append(
                String.format(
                        Locale.ROOT,
                        "- LB with largest-remainder integer loads (%d / %d / %d) instead of real"
                                + " ones: E[T_LB] = %.2f s (digest ≈ 1025.8); the paper's real"
                                + " loads give %.2f s.%n",
                        (int) integer[99],
                        (int) Arrays.stream(integer, 0, 95).max().orElseThrow(),
                        (int) Arrays.stream(integer, 0, 95).min().orElseThrow(),
                        BccReproduction.lbExpectedTime(integer, a, mu),
                        BccReproduction.lbExpectedTime(real, a, mu)));
        sb.append(
                "- The digest's alternatives (floor rounding 724.3 s, 29.8 %; ceil 742.5 s, 28.0 %;"
                        + " charging an uncovered placement max_i T_i 765.0 s, 25.8 %) are"
                        + " recomputed in the \"Fig. 5 spread\" rows above.\n");
        return sb.toString();
    }

    /** Integer loads summing to m: floors, then +1 to the largest remainders (ties: low index). */
    static int[] largestRemainder(double[] real, int m) {
        int[] r = new int[real.length];
        int total = 0;
        for (int i = 0; i < real.length; i++) {
            r[i] = (int) Math.floor(real[i]);
            total += r[i];
        }
        Integer[] order = new Integer[real.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(real[y] - r[y], real[x] - r[x]));
        for (int k = 0; total < m; k++, total++) {
            r[order[k]]++;
        }
        return r;
    }

    private static String f2(double x) {
        return String.format(Locale.ROOT, "%.2f", x);
    }
}
