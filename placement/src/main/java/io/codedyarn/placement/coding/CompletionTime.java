package io.codedyarn.placement.coding;

import io.codedyarn.placement.Plan;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Deterministic completion time of a plan (Wang et al. 2019, §III eq. 3; digest hetero-gc §2, §5,
 * §7 "derived benchmark targets"), in dataset passes: worker i, running at r_i datasets per unit
 * time, finishes its codeword at t_i = (load_i / K) / r_i. For a straggler set S (never reports),
 * T(B, S) is the arrival time of the first prefix of the other workers, in order of t_i, that the
 * plan's decoder decodes; T(B) = max over |S| = s of T(B, S) (eq. 3).
 *
 * <p>Theorem 5: T(B) ≥ (s+1)/Σ r_i for every s-robust plan, with equality for heterogeneity-aware
 * loads when eq. (5) is exact. Example (cluster A, r = 2,2,4,4,8,8,8,12, s = 1): hetero gives 2/48
 * = 1/24; equal loads (s+1)/n (cyclic GC) give (2/8)/2 = 1/8, i.e. mean(r)/min(r) = 3.00× slower.
 */
public final class CompletionTime {
    /** Largest number of straggler sets {@link #worstCase} enumerates. */
    public static final double MAX_STRAGGLER_SETS = 200_000;

    private CompletionTime() {}

    /** Theorem 5's lower bound (s+1)/Σ r_i. */
    public static double lowerBound(double[] speeds, int stragglers) {
        return (stragglers + 1) / Arrays.stream(speeds).sum();
    }

    /** t_i = (load_i/K)/r_i for assigned workers, +∞ for workers with no codeword. */
    public static double[] finishTimes(Plan plan, double[] speeds) {
        if (speeds.length != plan.workers()) {
            throw new IllegalArgumentException(
                    speeds.length + " speeds for " + plan.workers() + " workers");
        }
        double[] t = new double[speeds.length];
        for (int i = 0; i < t.length; i++) {
            t[i] =
                    plan.assignment(i) < 0
                            ? Double.POSITIVE_INFINITY
                            : plan.load(i) / plan.partitions() / speeds[i];
        }
        return t;
    }

    /**
     * Eq. (3): the worst case over straggler sets of s = plan.stragglers() assigned workers (all of
     * them when fewer) of the time the decoder first succeeds; +∞ if some set never decodes.
     * Decodability is taken as monotone in the arrivals (the contract: supersets decode), so each
     * set costs a binary search over its arrival prefix.
     *
     * @throws IllegalArgumentException when there are more than {@link #MAX_STRAGGLER_SETS} sets
     */
    public static double worstCase(Plan plan, double[] speeds) {
        double[] t = finishTimes(plan, speeds);
        int[] active =
                IntStream.range(0, t.length)
                        .filter(i -> t[i] < Double.POSITIVE_INFINITY)
                        .boxed()
                        .sorted(
                                Comparator.<Integer>comparingDouble(i -> t[i])
                                        .thenComparingInt(i -> i))
                        .mapToInt(Integer::intValue)
                        .toArray();
        int s = Math.min(plan.stragglers(), active.length);
        if (KOfNPromise.binomial(active.length, s) > MAX_STRAGGLER_SETS) {
            throw new IllegalArgumentException(
                    "C(" + active.length + ", " + s + ") straggler sets: too many to enumerate");
        }
        double[] worst = {0};
        // Stragglers chosen as positions in the arrival order.
        KOfNPromise.firstN(active.length, s)
                .forEach(
                        stragglers -> {
                            worst[0] = Math.max(worst[0], time(plan, t, active, stragglers));
                        });
        return worst[0];
    }

    /** T(B, S): binary search for the shortest decodable prefix of the non-stragglers. */
    private static double time(Plan plan, double[] t, int[] active, BitSet stragglers) {
        int[] order =
                IntStream.range(0, active.length)
                        .filter(p -> !stragglers.get(p))
                        .map(p -> active[p])
                        .toArray();
        if (!decodes(plan, order, order.length)) {
            return Double.POSITIVE_INFINITY;
        }
        int lo = 0; // prefix of length lo does not decode (the empty one never does)
        int hi = order.length; // prefix of length hi decodes
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (decodes(plan, order, mid)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return t[order[hi - 1]];
    }

    private static boolean decodes(Plan plan, int[] order, int prefix) {
        BitSet arrived = new BitSet(plan.codewords().size());
        for (int p = 0; p < prefix; p++) {
            arrived.set(plan.assignment(order[p]));
        }
        return plan.decoder().decode(arrived).isPresent();
    }
}
