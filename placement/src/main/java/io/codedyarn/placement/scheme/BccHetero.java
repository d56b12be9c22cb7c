package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.bcc.BccThresholds;
import io.codedyarn.placement.bcc.Coverage;
import io.codedyarn.placement.bcc.HcmmAllocation;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Generalized BCC for heterogeneous workers (§IV, Remark 6). Worker i's time for its r_i partitions
 * is shifted exponential, eq. (15): a·r_i + Exp(rate μ_i/r_i). The loads r_i* solve P2 (eq. 19) for
 * s = ⌊c·K·ln K⌋ received gradients with the HCMM allocation ({@link HcmmAllocation}), rounded to
 * nearest and capped at K (topped up to Σ r_i ≥ s when rounding loses too much, see {@link
 * HcmmAllocation#loads}); worker i then picks r_i* partitions uniformly at random without
 * replacement, independently of the others (no batching). The sets overlap, so a worker cannot send
 * a sum: it sends every partial gradient separately and the master stops once every partition is
 * covered, eq. (16).
 *
 * <p>Mapping to {@link Plan}: one codeword per (worker, stored partition) pair, f = g_j. Worker i's
 * codewords are the consecutive indices {@code assignment(i) .. assignment(i) + load(i) − 1}, one
 * per stored partition in ascending order; {@code assignment(i)} is the first of them (−1 for a
 * worker whose load rounds to 0), and {@code load(i)} = r_i* is its number of uploads per
 * iteration. The decoder keeps the lowest-index arrived copy of each partition.
 *
 * <p>Flags: {@code --speeds} are the straggler parameters μ_i (default all 1; larger = less
 * straggling), {@code --shift} the per-partition shift a (default {@link #DEFAULT_SHIFT}, Fig. 5's
 * value), c a constructor parameter (the registered scheme uses c = 1 as in Fig. 5, not Theorem 2's
 * c; see {@link BccThresholds#theoremTwoC}). s is raised to K when ⌊c·K·ln K⌋ &lt; K, since
 * coverage needs K gradients (eq. 21).
 *
 * <p>Example (Fig. 5): K = 500, n = 100, a = 20, μ = 1 for 95 workers and 20 for 5: s = 3107, τ* =
 * 744.44, loads 32 and 37, 3225 codewords. About 47 % of such placements leave a partition with no
 * holder. {@code bcc-hetero} keeps the one i.i.d. draw, as the paper's scheme does: such a
 * placement never reaches coverage, so the master waits for every worker (T = max_i T_i, the T̂(Σ
 * r_i*) of eq. (29)) and uses the rescaled sum of the partitions it holds ({@link
 * Coverage#withGaps}). {@code bcc-hetero-redraw} redraws them ({@link Bcc#MAX_DRAWS} at most,
 * diagnostic {@code redraws}), which is the proof's "only consider the case where coverage can be
 * achieved" (conditioning on coverage).
 */
public final class BccHetero implements Scheme {
    /** a when {@code --shift} is not given: the Fig. 5 setup. */
    public static final double DEFAULT_SHIFT = 20;

    private final double c;
    private final boolean redraw;

    /**
     * @param c the target s = ⌊c·K·ln K⌋ of P2 (c = 1 in the paper's experiment)
     * @param redraw redraw placements that leave a partition uncovered ({@code bcc-hetero-redraw})
     */
    public BccHetero(double c, boolean redraw) {
        if (!(c > 0) || Double.isInfinite(c)) {
            throw new IllegalArgumentException("c must be positive and finite, got " + c);
        }
        this.c = c;
        this.redraw = redraw;
    }

    /** c = 1: the loads Fig. 5 uses (collect ⌊K ln K⌋ gradients); one draw, no redraw. */
    public static BccHetero paperExperiment() {
        return new BccHetero(1.0, false);
    }

    /** As {@link #paperExperiment()}, conditioned on coverage by redrawing. */
    public static BccHetero redrawing() {
        return new BccHetero(1.0, true);
    }

    @Override
    public String name() {
        return redraw ? "bcc-hetero-redraw" : "bcc-hetero";
    }

    @Override
    public String description() {
        return redraw
                ? "bcc-hetero with the placement redrawn until every partition has a holder"
                        + " (conditions on coverage; exact)"
                : "generalized BCC: loads from --speeds (mu_i) and --shift (a), random partitions"
                        + " per worker sent uncoded; wait until every partition is covered (exact),"
                        + " or for all workers if one was left uncovered (rescaled estimate)";
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int n = p.workers();
        InvalidParametersException.require(n >= 1, "--workers", "must be >= 1, got %d", n);
        InvalidParametersException.require(
                p.stragglers() == 0,
                "--stragglers",
                "generalized BCC is universal and takes no straggler count");
        InvalidParametersException.require(
                p.load() == 0,
                "--load",
                "bcc-hetero computes the loads from --speeds and --shift; do not set --load");
        int k = p.partitions() > 0 ? p.partitions() : n;
        double[] mu = muOf(p, n);
        InvalidParametersException.require(
                p.shift() >= 0 && Double.isFinite(p.shift()),
                "--shift",
                "must be a finite number >= 0, got %s",
                p.shift());
        double a = p.shift() > 0 ? p.shift() : DEFAULT_SHIFT;
        long s = Math.max(k, (long) Math.floor(c * k * Math.log(k)));

        HcmmAllocation alloc = HcmmAllocation.solve(mu, a, s);
        int[] loads = alloc.loads(k, s);
        long total = Arrays.stream(loads).asLongStream().sum();
        InvalidParametersException.require(
                total >= k,
                "--partitions",
                "the loads sum to %d < %d partitions; no placement can cover them",
                total,
                k);

        int[][] held = new int[n][];
        int draws = 0;
        boolean covered = false;
        int[] perm = new int[k];
        for (int j = 0; j < k; j++) {
            perm[j] = j;
        }
        int maxDraws = redraw ? Bcc.MAX_DRAWS : 1;
        while (!covered && draws < maxDraws) {
            draws++;
            covered = drawCovering(held, loads, perm, rng);
        }
        if (!covered && redraw) {
            throw new InvalidParametersException(
                    "--partitions",
                    String.format(
                            "%d random placements (loads %d..%d, %d in all) each left a partition"
                                    + " of %d with no holder; raise the loads (c) or --workers",
                            Bcc.MAX_DRAWS,
                            Arrays.stream(loads).min().orElse(0),
                            Arrays.stream(loads).max().orElse(0),
                            total,
                            k));
        }

        Plan.Builder b = Plan.builder(name(), n, k).seed(p.seed());
        int[] label = new int[(int) total];
        double[] load = new double[n];
        for (int i = 0; i < n; i++) {
            b.stored(i, held[i]);
            load[i] = held[i].length;
            int[] extra = new int[Math.max(0, held[i].length - 1)];
            for (int t = 0; t < held[i].length; t++) {
                int cw = b.addCodeword(Codeword.sumOf(held[i][t])); // f = g_j, uncoded
                label[cw] = held[i][t];
                if (t == 0) {
                    b.assign(i, cw);
                } else {
                    extra[t - 1] = cw;
                }
            }
            b.alsoSends(i, extra);
        }
        b.load(load);
        int[] ones = new int[k];
        Arrays.fill(ones, 1);
        Coverage coverage = Coverage.withGaps(label, ones);
        if (coverage.uncovered() > 0) {
            b.allowUnstoredPartitions();
        }
        int minCopies = coverage.minCopies();
        b.stragglers(Math.max(0, minCopies - 1))
                .decoder(coverage.decoder())
                .promise(coverage.promise());
        double[] lambda = alloc.lambda();
        b.parameter("workers", n)
                .parameter("partitions", k)
                .parameter("shift", a)
                .parameter("c", c)
                .parameter("s", s)
                .parameter("load_min", Arrays.stream(loads).min().orElse(0))
                .parameter("load_max", Arrays.stream(loads).max().orElse(0))
                .parameter("uploads", "one codeword per stored partition, load(i) per worker");
        b.diagnostic("tau_star", alloc.tau())
                .diagnostic("lambda_min", Arrays.stream(lambda).min().orElse(0))
                .diagnostic("lambda_max", Arrays.stream(lambda).max().orElse(0))
                .diagnostic("total_load", total)
                .diagnostic("expected_uncovered", BccThresholds.expectedUncovered(k, loads))
                .diagnostic("uncovered_partitions", coverage.uncovered())
                .diagnostic("draws", draws)
                .diagnostic("redraws", draws - 1)
                .diagnostic("min_copies", minCopies);
        return b.build();
    }

    /** μ_i from {@code --speeds} (one per worker, finite and positive), or all 1. */
    private static double[] muOf(SchemeParams p, int n) {
        if (!p.hasSpeeds()) {
            double[] mu = new double[n];
            Arrays.fill(mu, 1.0);
            return mu;
        }
        double[] mu = p.speeds();
        InvalidParametersException.require(
                mu.length == n,
                "--speeds",
                "need one straggler parameter mu_i per worker (%d), got %d",
                n,
                mu.length);
        for (double m : mu) {
            InvalidParametersException.require(
                    m > 0 && Double.isFinite(m),
                    "--speeds",
                    "straggler parameters must be finite and > 0, got %s",
                    m);
        }
        return mu;
    }

    /**
     * Worker i takes loads[i] partitions uniformly without replacement: a partial Fisher–Yates
     * shuffle of {@code perm}. The array is not reset between workers; any starting order gives a
     * uniform subset, so the workers' choices stay independent. True when every partition is held.
     */
    private static boolean drawCovering(
            int[][] held, int[] loads, int[] perm, RandomGenerator rng) {
        int k = perm.length;
        boolean[] hit = new boolean[k];
        int distinct = 0;
        for (int i = 0; i < loads.length; i++) {
            int[] mine = new int[loads[i]];
            for (int t = 0; t < loads[i]; t++) {
                int j = t + rng.nextInt(k - t);
                int swap = perm[t];
                perm[t] = perm[j];
                perm[j] = swap;
                mine[t] = perm[t];
                if (!hit[mine[t]]) {
                    hit[mine[t]] = true;
                    distinct++;
                }
            }
            Arrays.sort(mine);
            held[i] = mine;
        }
        return distinct == k;
    }
}
