package io.codedyarn.repro.placement;

import io.codedyarn.placement.bcc.BccThresholds;
import io.codedyarn.repro.placement.BccExperiments.Estimate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The BCC paper's headline numbers (Li, Kalan, Avestimehr, Soltanolkotabi; digest {@code
 * shared/notes/bcc.md}):
 *
 * <ul>
 *   <li>Fig. 2 (m = n = 100): K_BCC(r) = ⌈m/r⌉·H_⌈m/r⌉, eq. (13), from {@link BccThresholds}; the
 *       full r = 1..50 table, with the lower bound, the randomized scheme and simulated thresholds,
 *       is {@link #extraMarkdown}.
 *   <li>EC2 scenarios (N = 5 and 10 batches): the expected thresholds 5·H_5 = 11.42 and 10·H_10 =
 *       29.29, closed form and simulated with the {@code bcc} scheme and the time simulator; the
 *       balanced placement's 10.13 / 25.09 explain the paper's observed 11 / 25.
 *   <li>Fig. 5: generalized BCC ({@code bcc-hetero}, HCMM loads for s = ⌊m ln m⌋) against load
 *       balancing on m = 500, n = 100, a = 20, μ = 1 (95 workers) and 20 (5 workers); the paper's
 *       29.28 % reduction.
 * </ul>
 *
 * <p>Coverage policy: the paper's schemes draw once; {@code bcc} and {@code bcc-hetero} keep the
 * draw, and a placement that leaves a batch (example) with no holder waits for every worker. That
 * is the default and the rows compared with the paper; {@code bcc-hetero-redraw} (conditioning on
 * coverage) and the other roundings of the HCMM loads are reported beside it, as the spread of the
 * choices the paper leaves open (digest §5).
 */
public final class BccReproduction implements Reproduction {
    /** Fig. 2's m = n. */
    static final int FIG2_M = 100;

    /** The Fig. 2 loads shown in the main table. */
    static final int[] FIG2_LOADS = {1, 2, 5, 10, 20, 25, 50};

    /** The digest's Fig. 2 table (§3), BCC column, for {@link #FIG2_LOADS}. */
    static final double[] FIG2_DIGEST = {518.74, 224.96, 71.96, 29.29, 11.42, 8.33, 3.00};

    /** Loads whose BCC threshold {@link #extraMarkdown} also simulates (all divide m = 100). */
    static final int[] SIMULATED_LOADS = {5, 10, 20, 25, 50};

    /** Fig. 5 / Remark 6 cluster. */
    static final int FIG5_M = 500;

    static final double FIG5_SHIFT = 20;

    /**
     * Monte-Carlo budgets at scale 1 (about 20 s on two busy cores). A {@code bcc} placement costs
     * about 16 finishing orders, so 20 orders each roughly balances placement and order variance.
     */
    static final int EC2_PLACEMENTS = 2_000;

    static final int EC2_ORDERS = 20;

    /**
     * Fig. 5: one placement (1.6 ms) costs about one simulated iteration (1.7 ms); the variance of
     * T splits into ≈ 180 s² between placements and ≈ 690 s² between latency draws, so 2 draws per
     * placement minimize the standard error per second (per-iteration sd ≈ 29 s).
     */
    static final int FIG5_PLACEMENTS = 5_000;

    static final int FIG5_DRAWS = 2;

    private static final int TAG_S1 = 1;
    private static final int TAG_S2 = 2;

    @Override
    public String id() {
        return "bcc";
    }

    @Override
    public String title() {
        return "BCC: Li, Kalan, Avestimehr, Soltanolkotabi, \"Near-Optimal Straggler Mitigation for"
                + " Distributed Gradient Methods\"";
    }

    /** μ_i of Fig. 5: 1 for 95 workers, 20 for the last 5. */
    static double[] fig5Mu() {
        double[] mu = new double[100];
        Arrays.fill(mu, 0, 95, 1.0);
        Arrays.fill(mu, 95, 100, 20.0);
        return mu;
    }

    /** LB loads r_i = μ_i/Σμ · m, real-valued as in the paper (digest pitfall 14). */
    static double[] lbLoads(double[] mu, int m) {
        double total = Arrays.stream(mu).sum();
        return Arrays.stream(mu).map(x -> x / total * m).toArray();
    }

    /**
     * E[T_LB] = E[max_i T_i], T_i = a r_i + Exp(mean r_i/μ_i): the master waits for every worker.
     * Fig. 5: the 5 fast workers (r = 51.28, shift 1025.64, mean 2.564) decide it, 1025.64 +
     * 2.564·H_5 = 1031.50; the slow ones (shift 51.3) contribute below 1e-100.
     */
    static double lbExpectedTime(double[] loads, double a, double[] mu) {
        double[] shift = new double[loads.length];
        double[] mean = new double[loads.length];
        for (int i = 0; i < loads.length; i++) {
            shift[i] = a * loads[i];
            mean[i] = loads[i] / mu[i];
        }
        return BccExperiments.expectedMaximum(shift, mean);
    }

    /** Count of an experiment at {@code scale}, at least {@code min}. */
    static int scaled(int full, double scale, int min) {
        return Math.max(min, (int) Math.round(full * scale));
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        if (!(scale > 0 && scale <= 1)) {
            throw new IllegalArgumentException("scale must be in (0, 1], got " + scale);
        }
        List<ReproducedNumber> out = new ArrayList<>();
        figureTwo(out);
        ec2(out, seed, scale);
        BccFigureFive.rows(out, seed, scale);
        return out;
    }

    private static void figureTwo(List<ReproducedNumber> out) {
        int m = FIG2_M;
        for (int i = 0; i < FIG2_LOADS.length; i++) {
            int r = FIG2_LOADS[i];
            int batches = BccThresholds.batches(m, r);
            double k = BccThresholds.bcc(m, r);
            String note =
                    String.format(
                            Locale.ROOT,
                            "eq. (13): N·H_N, N = ⌈m/r⌉ = %d (n → ∞; the paper plots it)",
                            batches);
            if (Math.abs(k - FIG2_DIGEST[i]) > 0.005) {
                note +=
                        String.format(
                                Locale.ROOT, "; the digest's %.2f mis-rounds it", FIG2_DIGEST[i]);
            }
            out.add(
                    ReproducedNumber.exact(
                                    "Fig. 2: BCC recovery threshold K_BCC",
                                    "m = n = 100, r = " + r,
                                    k,
                                    "workers",
                                    note)
                            .withDigest(FIG2_DIGEST[i]));
        }
        out.add(
                ReproducedNumber.exact(
                                "Fig. 2: simple randomized scheme's threshold",
                                "m = n = 100, r = 10",
                                BccThresholds.randomized(m, 10),
                                "workers",
                                String.format(
                                        Locale.ROOT,
                                        "exact hypergeometric chain (n → ∞); the paper's approximation"
                                                + " (m/r) ln m = %.2f, eq. (5)",
                                        10 * Math.log(m)))
                        .withDigest(49.95));
    }

    private static void ec2(List<ReproducedNumber> out, long seed, double scale) {
        ec2Scenario(out, "EC2 scenario 1", 50, 11, 11.42, 10.13, seed, TAG_S1, scale);
        ec2Scenario(out, "EC2 scenario 2", 100, 25, 29.29, 25.09, seed, TAG_S2, scale);
    }

    /** Where the paper prints the observed thresholds. */
    static final String EC2_SOURCE = "§III-C2, text after Fig. 4 (Tables I/II)";

    /**
     * m = n units, r = 10 units per worker: N = m/10 batches. The paper's value is the average
     * number of workers the master waited for on EC2 (100 iterations of one placement).
     */
    private static void ec2Scenario(
            List<ReproducedNumber> out,
            String name,
            int m,
            double observed,
            double digestIid,
            double digestBalanced,
            long seed,
            int tag,
            double scale) {
        int r = 10;
        int batches = BccThresholds.batches(m, r);
        String setting = String.format(Locale.ROOT, "m = n = %d, r = %d (N = %d)", m, r, batches);
        int placements = scaled(EC2_PLACEMENTS, scale, 150);
        double[] single = BccExperiments.placementThresholds(m, r, placements, seed, tag + 10);
        double below = Arrays.stream(single).filter(k -> k <= observed + 0.5).count();
        double pBelow = below / single.length;
        double[] sorted = single.clone();
        Arrays.sort(sorted);
        String spread =
                String.format(
                        Locale.ROOT,
                        "one i.i.d. placement's own E[K] (exact, random finishing order) has 10–90 %%"
                                + " range %.2f–%.2f over %d placements, and is ≤ %.1f for %.1f %% of"
                                + " them",
                        sorted[(int) (0.1 * (sorted.length - 1))],
                        sorted[(int) (0.9 * (sorted.length - 1))],
                        placements,
                        observed + 0.5,
                        100 * pBelow);
        double closedForm = BccThresholds.bcc(m, r);
        boolean differs = Math.abs(closedForm - observed) > 0.5;
        String protocol =
                "the paper's value is what EC2 showed for one placement over 100 iterations, with"
                        + " EC2's real finishing order; ours is the mean over i.i.d. picks and"
                        + " uniformly random orders";
        String why =
                differs
                        ? "differs: "
                                + protocol
                                + ", and "
                                + spread
                                + " — the observed value sits in the tail; the balanced placement"
                                + " below comes close but is not the paper's scheme"
                        : protocol;
        ReproducedNumber expected =
                ReproducedNumber.exact(
                                name + ": expected recovery threshold N·H_N",
                                setting,
                                closedForm,
                                "workers",
                                "eq. (13), n → ∞; paper = average observed on EC2")
                        .withPaper(observed, 0.5)
                        .withDigest(digestIid)
                        .from(EC2_SOURCE);
        out.add(expected.deviating(why));
        Estimate sim = BccExperiments.threshold(m, m, r, placements, EC2_ORDERS, seed, tag);
        ReproducedNumber simulated =
                ReproducedNumber.measured(
                                name + ": simulated mean workers waited (bcc)",
                                setting,
                                sim.mean(),
                                sim.standardError(),
                                "workers",
                                String.format(
                                        Locale.ROOT,
                                        "bcc scheme (the paper's i.i.d. picks, one draw kept as it"
                                                + " is) + TimeSimulator, %d placements × %d random"
                                                + " finishing orders; a placement with an unpicked"
                                                + " batch (P = %.2g) waits for all n: exact E[min(K,"
                                                + " n)] = %.4f",
                                        placements,
                                        EC2_ORDERS,
                                        1 - BccThresholds.coverageProbability(batches, m),
                                        BccExperiments.truncatedThreshold(batches, m)))
                        .withPaper(observed, 0.5)
                        .withDigest(digestIid)
                        .from(EC2_SOURCE);
        out.add(simulated.deviating(why));
        out.add(
                ReproducedNumber.measured(
                        name + ": P(one i.i.d. placement's E[K] ≤ observed + 0.5)",
                        setting,
                        pBelow,
                        Math.sqrt(pBelow * (1 - pBelow) / placements),
                        "",
                        spread));
        out.add(
                ReproducedNumber.exact(
                                name + ": balanced placement (bcc-balanced) threshold",
                                setting,
                                BccThresholds.expectedArrivals(
                                        BccThresholds.roundRobinCopies(m, batches)),
                                "workers",
                                "exact, "
                                        + m / batches
                                        + " copies per batch, random finishing order; NOT the paper's"
                                        + " scheme (its workers pick i.i.d.), shown only because it lies"
                                        + " near the observed "
                                        + (int) observed)
                        .withDigest(digestBalanced));
    }

    @Override
    public String extraMarkdown(long seed) {
        return BccTables.figureTwo(seed) + "\n" + BccTables.figureFive();
    }
}
