package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.FamilySettings;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.bcc.BccThresholds;
import io.codedyarn.placement.bcc.Coverage;
import java.util.random.RandomGenerator;

/**
 * Batched Coupon's Collector (Li, Kalan, Avestimehr, Soltanolkotabi, §III-A). The K partitions (the
 * paper's m examples) are cut into N = ⌈K/r⌉ batches of r consecutive partitions, the last one
 * possibly short (the paper's "zero padding"). In {@code bcc} every worker picks a batch σ_i
 * independently and uniformly at random; in {@code bcc-balanced} worker i takes batch i mod N, so
 * every batch has ⌊n/N⌋ or ⌈n/N⌉ copies (the deterministic variant, which is fractional repetition
 * with a short last block; digest §7.8). Worker i stores its batch and sends z_i = Σ_{j∈B_σi} g_j,
 * eq. (12). The master discards a result whose batch it already has and stops once every batch is
 * covered; the sum of the kept results is Σ_j g_j. Expected recovery threshold N·H_N, eq. (13).
 *
 * <p>Example K = 10, r = 4, n = 3: batches B_0 = {0..3}, B_1 = {4..7}, B_2 = {8, 9}. {@code
 * bcc-balanced}: W0 → B_0, W1 → B_1, W2 → B_2 (wait for all). {@code bcc} with draws σ = (1, 1, 2)
 * leaves B_0 unpicked (Theorem 1 needs "sufficiently large n").
 *
 * <p>Unpicked batches: a placement where some batch has no worker never reaches coverage. {@code
 * bcc} is the paper's scheme as written: one i.i.d. draw, kept as it is; the master then waits for
 * every worker (K = n, the truncated coupon collector of the digest) and uses the rescaled sum of
 * the batches it holds ({@link Coverage#withGaps}, a {@link
 * io.codedyarn.placement.Decoding.Kind#ESTIMATE}); diagnostic {@code uncovered_batches}. {@code
 * bcc-redraw} instead draws the whole placement again from the same generator, at most {@link
 * #MAX_DRAWS} times (diagnostic {@code redraws}), which conditions the i.i.d. placement on coverage
 * and is always exact; if every draw misses a batch it throws on {@code --load}. n &lt; N throws
 * for both.
 *
 * <p>Default load (no {@code --load}): the smallest r ≥ ⌈K/n⌉ whose union bound N(1 − 1/N)^n on an
 * unpicked batch is at most {@link #DEFAULT_UNPICKED_BOUND}; K = n = 100 gives r = 10 (EC2 scenario
 * 2), K = n = 50 gives r = 9. The balanced variant uses the same default so that the two compare at
 * equal load.
 */
public final class Bcc implements Scheme {
    /** Placements drawn before giving up on covering every batch. */
    public static final int MAX_DRAWS = 1_000;

    /** Default load: the union bound on "some batch unpicked" must not exceed this. */
    public static final double DEFAULT_UNPICKED_BOUND = 1e-3;

    /** Largest n for which the exact expected threshold of the placement is computed. */
    private static final int EXACT_THRESHOLD_LIMIT = 2_000;

    private final boolean balanced;
    private final boolean redraw;

    private Bcc(boolean balanced, boolean redraw) {
        this.balanced = balanced;
        this.redraw = redraw;
    }

    /** {@code bcc}: one i.i.d. uniform batch choice, no redraw (the paper's scheme). */
    public static Bcc random() {
        return new Bcc(false, false);
    }

    /** {@code bcc-redraw}: i.i.d. uniform batch choice, redrawn until every batch is picked. */
    public static Bcc redrawing() {
        return new Bcc(false, true);
    }

    /** {@code bcc-balanced}: round-robin batch choice, worker i → batch i mod N. */
    public static Bcc balanced() {
        return new Bcc(true, false);
    }

    @Override
    public String name() {
        return balanced ? "bcc-balanced" : redraw ? "bcc-redraw" : "bcc";
    }

    @Override
    public String description() {
        return balanced
                ? "batches of --load partitions assigned round-robin; wait until every batch is"
                        + " covered (exact)"
                : redraw
                        ? "bcc with the placement redrawn until every batch has a worker"
                                + " (conditions on coverage; exact)"
                        : "batched coupon's collector: each worker picks a random batch of --load"
                                + " partitions; wait until every batch is covered (exact), or for"
                                + " all workers if a batch was left unpicked (rescaled estimate)";
    }

    /**
     * The default batch size: the smallest r ≥ ⌈K/n⌉ with N(1 − 1/N)^n ≤ {@link
     * #DEFAULT_UNPICKED_BOUND}, N = ⌈K/r⌉ (terminates: r = K gives N = 1, bound 0).
     */
    public static int defaultLoad(int partitions, int workers) {
        for (int r = (partitions + workers - 1) / workers; r < partitions; r++) {
            int batches = BccThresholds.batches(partitions, r);
            if (batches <= workers
                    && BccThresholds.unpickedBound(batches, workers) <= DEFAULT_UNPICKED_BOUND) {
                return r;
            }
        }
        return partitions;
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int n = p.workers();
        InvalidParametersException.require(n >= 1, "--workers", "must be >= 1, got %d", n);
        InvalidParametersException.require(
                p.stragglers() == 0,
                "--stragglers",
                "BCC is universal and takes no straggler count; choose --load instead");
        int k = p.partitions() > 0 ? p.partitions() : n;
        int r = resolveLoad(p.load(), k, n);
        int batches = BccThresholds.batches(k, r);
        InvalidParametersException.require(
                batches <= n,
                "--load",
                "%d workers cannot cover N = ceil(%d/%d) = %d batches; need --load >= %d or more"
                        + " --workers",
                n,
                k,
                r,
                batches,
                (k + n - 1) / n);

        int[] sigma = new int[n];
        int draws = 0;
        if (balanced) {
            for (int i = 0; i < n; i++) {
                sigma[i] = i % batches;
            }
        } else {
            boolean covered = false;
            int maxDraws = redraw ? MAX_DRAWS : 1;
            while (!covered && draws < maxDraws) {
                draws++;
                covered = drawCovering(sigma, batches, rng);
            }
            if (!covered && redraw) {
                throw new InvalidParametersException(
                        "--load",
                        String.format(
                                "%d random placements of %d workers on N = %d batches all left a"
                                        + " batch unpicked (P(cover) = %.3g); raise --load or"
                                        + " --workers, or use bcc-balanced",
                                MAX_DRAWS,
                                n,
                                batches,
                                BccThresholds.coverageProbability(batches, n)));
            }
        }

        Plan.Builder b = Plan.builder(name(), n, k).seed(p.seed());
        for (int i = 0; i < n; i++) {
            int from = sigma[i] * r;
            int to = Math.min(k, from + r);
            int[] parts = new int[to - from];
            for (int j = from; j < to; j++) {
                parts[j - from] = j;
            }
            b.stored(i, parts);
            // Codeword i is worker i's message z_i, eq. (12).
            b.assign(i, b.addCodeword(Codeword.sumOf(parts)));
        }
        b.family(new FamilySettings.Batches(sigma));
        int[] batchSize = new int[batches];
        for (int q = 0; q < batches; q++) {
            batchSize[q] = Math.min(k, (q + 1) * r) - q * r;
        }
        Coverage coverage = Coverage.withGaps(sigma, batchSize);
        if (coverage.uncovered() > 0) {
            b.allowUnstoredPartitions();
        }
        int minCopies = coverage.minCopies();
        b.stragglers(Math.max(0, minCopies - 1))
                .decoder(coverage.decoder())
                .promise(coverage.promise());
        b.parameter("workers", n)
                .parameter("partitions", k)
                .parameter("load", r)
                .parameter("load_rule", p.load() > 0 ? "given" : "default")
                .parameter("batches", batches)
                .parameter(
                        "placement",
                        balanced ? "round-robin" : redraw ? "iid-uniform-redrawn" : "iid-uniform");
        b.diagnostic("uncovered_batches", coverage.uncovered())
                .diagnostic("draws", draws)
                .diagnostic("redraws", Math.max(0, draws - 1))
                .diagnostic("coverage_probability", BccThresholds.coverageProbability(batches, n))
                .diagnostic("expected_threshold_iid", batches * BccThresholds.harmonic(batches))
                .diagnostic("min_copies", minCopies);
        if (minCopies == 0) {
            b.diagnostic("expected_threshold", n); // never covered: the master waits for all
        } else if (n <= EXACT_THRESHOLD_LIMIT) { // O(n²) log-binomials
            // This placement's expected threshold under a uniformly random finishing order.
            b.diagnostic("expected_threshold", BccThresholds.expectedArrivals(coverage.copies()));
        }
        return b.build();
    }

    /** The batch size from {@code --load}, or the default; r must be an integer in [1, K]. */
    private static int resolveLoad(double load, int k, int n) {
        if (load == 0) {
            return defaultLoad(k, n);
        }
        InvalidParametersException.require(
                load == Math.rint(load) && load >= 1 && load <= k,
                "--load",
                "BCC's batch size must be an integer in [1, --partitions = %d], got %s",
                k,
                load);
        return (int) load;
    }

    /** One i.i.d. uniform draw of every σ_i; true when every batch got a worker. */
    private static boolean drawCovering(int[] sigma, int batches, RandomGenerator rng) {
        boolean[] picked = new boolean[batches];
        int distinct = 0;
        for (int i = 0; i < sigma.length; i++) {
            sigma[i] = rng.nextInt(batches);
            if (!picked[sigma[i]]) {
                picked[sigma[i]] = true;
                distinct++;
            }
        }
        return distinct == batches;
    }
}
