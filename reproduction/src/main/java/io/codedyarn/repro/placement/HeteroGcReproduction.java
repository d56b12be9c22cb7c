package io.codedyarn.repro.placement;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.CompletionTime;
import io.codedyarn.placement.scheme.Schemes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Heterogeneity-aware GC (hetero-gc digest §7): the deterministic completion time with the
 * worst-case s stragglers (eq. 3), speeds ∝ vCPUs of the paper's clusters A–D (Table II), for
 * cyclic GC, heter-aware (scheme 1) and group-based (scheme 2). The paper's only surviving figure
 * is "up to 3×" over cyclic; the digest derives cyclic/heter = mean(r)/min(r) per cluster.
 */
public final class HeteroGcReproduction implements Reproduction {
    /** vCPU counts per cluster (Table II): 2, 4, 8, 12, 16 vCPUs × workers. */
    static final int[][] CLUSTERS = {
        {2, 2, 3, 1, 0}, // A, n = 8
        {2, 4, 8, 0, 2}, // B, n = 16
        {1, 4, 10, 12, 5}, // C, n = 32
        {0, 4, 20, 18, 16}, // D, n = 58
    };

    static final int[] VCPUS = {2, 4, 8, 12, 16};

    /**
     * Where the paper prints its one number (the text file lost the digit; the digest quotes it).
     */
    static final String UP_TO_3X = "abstract: \"up to 3x\" lower time than cyclic GC";

    private static final double[] DIGEST_RATIO = {3.00, 3.625, 5.03, 2.79};

    /** Speed noise σ and batches of the noisy-failure rows (as in the tables). */
    static final double NOISE = 0.3;

    static final int NOISY_BATCHES = 10;

    /** Clusters B and C against the abstract's "up to 3×" (issue 31). */
    static final String DISCUSSION =
            "**\"Up to 3×\" on clusters B and C.** In the paper's own model (speeds ∝ vCPUs, the"
                    + " worst-case s stragglers) cyclic GC waits for the slowest worker's s + 1"
                    + " partitions and heter-aware for (s + 1)/Σr, so the speed-up is Σr / (n·min r),"
                    + " the cluster's mean over minimum vCPUs, whatever s: 3 on cluster A, 3.625 on B,"
                    + " 5.03 on C, 2.79 on D. The abstract's \"up to 3×\" matches cluster A, the one"
                    + " cluster of its failure experiment (Fig. 2), and is exceeded by the model on B"
                    + " and C, whose Fig. 3 curves lost their numbers. The paper's clusters are real"
                    + " machines: its Fig. 5 text puts half the resource idle in communication, and any"
                    + " noise in the speeds lets cyclic GC's slowest worker catch up; with σ = 0.3 and"
                    + " a failed worker per iteration our ratios fall below 3 on every cluster (the"
                    + " noise rows above). The model's 3.6× and 5.0× are therefore upper limits the"
                    + " paper's measurements need not reach, not a contradiction of its figures; we"
                    + " cannot tell which the paper measured on B and C.\n\n";

    @Override
    public String id() {
        return "hetero-gc";
    }

    @Override
    public String title() {
        return "Heterogeneity-aware gradient coding (clusters A–D, worst-case stragglers)";
    }

    static double[] speeds(int cluster) {
        List<Double> r = new ArrayList<>();
        for (int k = 0; k < VCPUS.length; k++) {
            for (int c = 0; c < CLUSTERS[cluster][k]; c++) {
                r.add((double) VCPUS[k]);
            }
        }
        return r.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Worst-case time (passes over the data) of a scheme on a cluster with s stragglers. */
    static double time(String scheme, double[] speeds, int s, long seed) {
        SchemeParams p = SchemeParams.of(speeds.length, s, seed);
        if (!scheme.equals("cyclic")) {
            p = p.withSpeeds(speeds);
        }
        Plan plan = Schemes.byName(scheme).place(p, Seeds.generator(seed));
        return CompletionTime.worstCase(plan, speeds);
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        List<ReproducedNumber> out = new ArrayList<>();
        for (int c = 0; c < CLUSTERS.length; c++) {
            double[] r = speeds(c);
            for (int s = 1; s <= 2; s++) {
                double cyclic = time("cyclic", r, s, seed);
                double hetero = time("hetero", r, s, seed);
                double group = time("hetero-group", r, s, seed);
                double bound = CompletionTime.lowerBound(r, s);
                ReproducedNumber row =
                        ReproducedNumber.exact(
                                        "speedup of heter-aware over cyclic GC",
                                        setting(c, s),
                                        cyclic / hetero,
                                        "×",
                                        String.format(
                                                Locale.ROOT,
                                                "worst case of eq. 3; heter-aware %.4g, group-based %.4g, bound (s+1)/Σr %.4g passes",
                                                hetero,
                                                group,
                                                bound))
                                .withDigest(DIGEST_RATIO[c]);
                out.add(upTo3x(row, c));
            }
        }
        for (int c = 0; c < CLUSTERS.length; c++) {
            out.add(upTo3x(noisyFailure(c, seed), c));
        }
        return out;
    }

    private static String setting(int cluster, int s) {
        return String.format(
                Locale.ROOT, "cluster %c (n=%d), s=%d", 'A' + cluster, speeds(cluster).length, s);
    }

    /**
     * The abstract's "up to 3×": on cluster A (its failure experiment, Fig. 2) the value itself; on
     * B–D (Fig. 3) a bound. A row above the bound says why.
     */
    private static ReproducedNumber upTo3x(ReproducedNumber row, int cluster) {
        ReproducedNumber n =
                (cluster == 0 && row.standardError() == 0
                                ? row.withPaper(3.0, 0.5)
                                : row.withPaperAtMost(3.0, 0.5))
                        .from(UP_TO_3X);
        if (n.agreesWithPaper()) {
            return n;
        }
        double[] r = speeds(cluster);
        double mean = Arrays.stream(r).average().orElseThrow();
        double min = Arrays.stream(r).min().orElseThrow();
        return n.deviating(
                String.format(
                        Locale.ROOT,
                        "not a departure from the paper's setup but from its figure: the worst case"
                                + " of its own model (eq. 3, speeds ∝ vCPUs) is cyclic /"
                                + " heter-aware = Σr / (n·min r) = mean / min vCPUs = %.4g / %.0f ="
                                + " %.3g on this cluster (Table II), above 3; the paper measured"
                                + " real machines, where communication (half the resource idle,"
                                + " Fig. 5 text) and speed noise shrink the ratio: with noise σ ="
                                + " 0.3 and a failed worker ours is below 3 on every cluster"
                                + " (the rows below)",
                        mean,
                        min,
                        mean / min));
    }

    /**
     * Cyclic over heter-aware under the paper's delay model with s = 1 failed random worker per
     * iteration and speed noise σ = 0.3: the δ = ∞ rows of {@link HeteroGcDelays}' tables, whose
     * draws these repeat (same streams).
     */
    private static ReproducedNumber noisyFailure(int cluster, long seed) {
        double[] r = speeds(cluster);
        int s = 1;
        int d = cluster == 0 ? HeteroGcDelays.DELAYS.length - 1 : 1;
        Replications.Estimate[] e = new Replications.Estimate[2];
        String[] schemes = {"cyclic", "hetero"};
        for (int k = 0; k < 2; k++) {
            e[k] =
                    HeteroGcDelays.relativeTime(
                            HeteroGcDelays.plan(schemes[k], r, s, seed),
                            r,
                            s,
                            Double.POSITIVE_INFINITY,
                            NOISE,
                            NOISY_BATCHES,
                            100,
                            Replications.stream(seed, 1000L * cluster + 100L * s + d));
        }
        Replications.Estimate q = Replications.ratioIndependent(e[0], e[1]);
        return ReproducedNumber.measured(
                        "a failed worker, speed noise: cyclic / heter-aware iteration time",
                        setting(cluster, s) + ", σ = " + NOISE + ", δ = ∞",
                        q.mean(),
                        q.standardError(),
                        "×",
                        String.format(
                                Locale.ROOT,
                                "the δ = ∞ rows of the tables below (cyclic %.3f, heter-aware %.3f"
                                        + " × T*, %d batches of 100 iterations); delta-method s.e."
                                        + " as if independent (they share draws: conservative)",
                                e[0].mean(),
                                e[1].mean(),
                                NOISY_BATCHES))
                .deviating(
                        "speed noise e^{σZ} with σ = 0.3, the digest's choice: the paper's noise"
                                + " level was lost in extraction");
    }

    /** The delay-model tables of {@link HeteroGcDelays} (10 batches of 100 iterations each). */
    @Override
    public String extraMarkdown(long seed) {
        return DISCUSSION + HeteroGcDelays.tables(seed, NOISY_BATCHES);
    }
}
