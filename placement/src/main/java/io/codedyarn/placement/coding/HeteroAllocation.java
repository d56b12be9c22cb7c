package io.codedyarn.placement.coding;

import io.codedyarn.placement.InvalidParametersException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Load allocation and cyclic support of heterogeneity-aware gradient coding (Wang, Guo, Tang, Li,
 * Li, ICDCS 2019, §IV; digest hetero-gc §3.1, §3.2, §3.5).
 *
 * <p>Every partition is held by exactly s+1 workers, so Σ_i k_i = (s+1)·K, and loads follow the
 * speeds, eq. (5): k_i = (s+1)·K·r_i / Σ_l r_l. Then every worker finishes at the same time
 * (s+1)·K/Σr (Theorem 5's optimum). The paper assumes k_i is an integer and k_i ≤ K; here:
 *
 * <ul>
 *   <li>default K without speeds ({@code --speeds auto}): {@link #AUTO_PARTITIONS_PER_WORKER}·n;
 *   <li>default K: for integer speeds K = R / gcd(R, s+1) with R = Σ r_i, which makes (5) exact
 *       (k_i = r_i·(s+1)/gcd(R, s+1)); otherwise (or when that K exceeds {@link
 *       #MAX_DEFAULT_PARTITIONS}) K = n and loads are rounded;
 *   <li>cap (water-filling): a worker with (s+1)·r_i/R &gt; 1 would hold a partition twice, so it
 *       is capped at k_i = K and the rest is shared over the others in proportion to r_i (the
 *       smallest T with Σ min(K, T·r_i) = (s+1)K);
 *   <li>rounding: largest remainder, ties (remainders equal to 1e-9) to the faster worker, then the
 *       lower index, so Σ k_i = (s+1)K exactly; a worker rounded down to 0 is unloaded.
 * </ul>
 *
 * <p>Support, eq. (6): lay the (s+1)K copies out in one sequence 0, 1, …, K−1, 0, 1, … and hand out
 * consecutive blocks in worker order, so worker i holds the cyclic interval [start_i, start_i +
 * k_i) mod K with start_i = (k_0 + … + k_{i−1}) mod K. Copies of a partition sit K positions apart,
 * so k_i ≤ K makes its s+1 holders distinct.
 *
 * <p>Example (digest Example A): r = (1, 1, 2, 2, 4), s = 1: R = 10, K = 10/gcd(10, 2) = 5, k = (1,
 * 1, 2, 2, 4), supports {0}, {1}, {2, 3}, {4, 0}, {1, 2, 3, 4}.
 */
public final class HeteroAllocation {
    /** Largest K chosen by default to make eq. (5) exact; above it the default is K = n. */
    public static final int MAX_DEFAULT_PARTITIONS = 1000;

    /**
     * Without speeds (train's {@code --speeds auto}: measured at run time), K = this·n: the loads
     * of measured speeds can then be followed in steps of 1/(this·(s+1)) of an equal share, while
     * equal speeds still give every worker (s+1)·this partitions, an equal share.
     */
    public static final int AUTO_PARTITIONS_PER_WORKER = 4;

    /** Integer speeds up to this are used exactly for the default K. */
    private static final double MAX_INTEGER_SPEED = 1e6;

    private final double[] speeds;
    private final int stragglers;
    private final int partitions;
    private final int[] load;
    private final int[] start;

    private HeteroAllocation(double[] speeds, int stragglers, int partitions, int[] load) {
        this.speeds = speeds;
        this.stragglers = stragglers;
        this.partitions = partitions;
        this.load = load;
        this.start = new int[load.length];
        long position = 0;
        for (int i = 0; i < load.length; i++) {
            start[i] = load[i] > 0 ? (int) (position % partitions) : -1;
            position += load[i];
        }
    }

    /**
     * Validates and allocates.
     *
     * @param speeds r_i, one per worker; empty means all equal to 1
     * @param partitions K, or 0 for the default
     * @throws InvalidParametersException on {@code --speeds}, {@code --stragglers}, {@code
     *     --partitions}
     */
    public static HeteroAllocation of(
            int workers, int stragglers, double[] speeds, int partitions) {
        InvalidParametersException.require(
                workers >= 1, "--workers", "must be >= 1, got %d", workers);
        InvalidParametersException.require(
                stragglers >= 0 && stragglers < workers,
                "--stragglers",
                "must be in [0, --workers), got %d",
                stragglers);
        double[] r = checkedSpeeds(workers, speeds);
        InvalidParametersException.require(
                partitions >= 0, "--partitions", "must be >= 1, got %d", partitions);
        int k =
                partitions > 0
                        ? partitions
                        : speeds.length == 0
                                ? AUTO_PARTITIONS_PER_WORKER * workers
                                : defaultPartitions(r, stragglers);
        return new HeteroAllocation(r, stragglers, k, round(quotas(r, stragglers, k), r, k));
    }

    static double[] checkedSpeeds(int workers, double[] speeds) {
        if (speeds.length == 0) {
            double[] ones = new double[workers];
            Arrays.fill(ones, 1.0);
            return ones;
        }
        InvalidParametersException.require(
                speeds.length == workers,
                "--speeds",
                "needs one speed per worker (%d), got %d",
                workers,
                speeds.length);
        for (int i = 0; i < speeds.length; i++) {
            InvalidParametersException.require(
                    speeds[i] > 0 && Double.isFinite(speeds[i]),
                    "--speeds",
                    "must be positive and finite, worker %d has %s",
                    i,
                    speeds[i]);
        }
        return speeds.clone();
    }

    /** K = R / gcd(R, s+1) for integer speeds (eq. 5 exact), else n. */
    public static int defaultPartitions(double[] speeds, int stragglers) {
        long total = 0;
        for (double r : speeds) {
            if (r != Math.rint(r) || r > MAX_INTEGER_SPEED) {
                return speeds.length;
            }
            total += (long) r;
        }
        long k = total / gcd(total, stragglers + 1L);
        return k <= MAX_DEFAULT_PARTITIONS ? (int) k : speeds.length;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /**
     * Real-valued loads: eq. (5) with the cap k_i ≤ K by water-filling. Each uncapped quota is
     * computed as (s+1−c)·K·r_i / Σ_uncapped r, so an integer quota is exact in floating point for
     * integer speeds.
     */
    static double[] quotas(double[] r, int s, int k) {
        int n = r.length;
        boolean[] capped = new boolean[n];
        double[] q = new double[n];
        boolean changed = true;
        while (changed) {
            changed = false;
            int c = 0;
            double rest = 0;
            for (int i = 0; i < n; i++) {
                if (capped[i]) {
                    c++;
                } else {
                    rest += r[i];
                }
            }
            double share = (double) (s + 1 - c) * k;
            for (int i = 0; i < n; i++) {
                q[i] = capped[i] ? k : rest > 0 ? share * r[i] / rest : 0;
                if (!capped[i] && q[i] > k) {
                    capped[i] = true;
                    changed = true;
                }
            }
        }
        return q;
    }

    /**
     * Largest-remainder rounding to Σ k_i = (s+1)K; ties (1e-9) to the faster, then lower index.
     */
    static int[] round(double[] q, double[] r, int k) {
        int n = q.length;
        int[] out = new int[n];
        long[] remainder = new long[n];
        double sum = 0;
        long floors = 0;
        for (int i = 0; i < n; i++) {
            sum += q[i];
            // Snap values within 1e-9 of the integer above (floating error of an exact quota).
            double f = Math.floor(q[i] + 1e-9);
            out[i] = (int) Math.min(f, k);
            remainder[i] = Math.max(0, Math.round((q[i] - out[i]) * 1e9));
            floors += out[i];
        }
        long deficit = Math.round(sum) - floors;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        order.sort(
                Comparator.<Integer>comparingLong(i -> -remainder[i])
                        .thenComparing(i -> -r[i])
                        .thenComparingInt(i -> i));
        for (int t = 0; t < deficit; t++) {
            int i = order.get(t);
            if (out[i] >= k) {
                throw new IllegalStateException("rounding would exceed the cap K=" + k);
            }
            out[i]++;
        }
        return out;
    }

    public int workers() {
        return load.length;
    }

    public int stragglers() {
        return stragglers;
    }

    /** K. */
    public int partitions() {
        return partitions;
    }

    public double[] speeds() {
        return speeds.clone();
    }

    /** k_i, the number of partitions worker i holds. */
    public int load(int worker) {
        return load[worker];
    }

    public int[] loads() {
        return load.clone();
    }

    /** First position of worker i's cyclic interval, -1 when k_i = 0. */
    public int start(int worker) {
        return start[worker];
    }

    /** Workers with k_i &gt; 0, ascending. */
    public int[] loaded() {
        return java.util.stream.IntStream.range(0, load.length).filter(i -> load[i] > 0).toArray();
    }

    /** Worker i's partitions, eq. (6), sorted ascending. */
    public int[] support(int worker) {
        int[] p = new int[load[worker]];
        for (int t = 0; t < p.length; t++) {
            p[t] = (start[worker] + t) % partitions;
        }
        Arrays.sort(p);
        return p;
    }

    /** Time of worker i in dataset passes: (k_i/K)/r_i; Theorem 5's optimum is (s+1)/Σr. */
    public double time(int worker) {
        return (double) load[worker] / partitions / speeds[worker];
    }

    /** max_i (k_i/K)/r_i, the deterministic worst-case time of the allocation. */
    public double achievedTime() {
        double t = 0;
        for (int i = 0; i < load.length; i++) {
            t = Math.max(t, time(i));
        }
        return t;
    }

    /** Theorem 5's lower bound (s+1)/Σ r_i, in dataset passes. */
    public double optimalTime() {
        return (stragglers + 1) / Arrays.stream(speeds).sum();
    }
}
