package io.codedyarn.placement.dsag;

import io.codedyarn.placement.Ranges;

/**
 * A range of global samples (rows) [first, last], 1-based and inclusive as in the DSAG paper: the
 * block a worker stores, or the subpartition it processes in one iteration (DSAG digest §1.2).
 *
 * <p>Example: n = 20 rows over N = 2 workers, worker 1 (0-based, the paper's worker 2) with p = 3:
 * its block is [11, 20] (off = 10, n_i = 10) and subpartition k = 2 is [14, 16].
 */
public record SampleRange(long first, long last) {

    public SampleRange {
        if (first < 1 || last < first) {
            throw new IllegalArgumentException(
                    "need 1 <= first <= last, got " + first + ", " + last);
        }
    }

    /**
     * The rows stored by {@code worker} (0-based; the paper's i = worker + 1) out of {@code
     * workers}: [p_start(n, N, i), p_stop(n, N, i)].
     */
    public static SampleRange block(long rows, int workers, int worker) {
        return new SampleRange(
                Ranges.pStart(rows, workers, worker + 1), Ranges.pStop(rows, workers, worker + 1));
    }

    /**
     * Subpartition k (1-based, 1 ≤ k ≤ p) of the worker's block: the global range [off_i +
     * p_start(n_i, p, k), off_i + p_stop(n_i, p, k)] with off_i = p_start(n, N, i) − 1 and n_i the
     * block's size. Requires 1 ≤ p ≤ n_i.
     */
    public static SampleRange subpartition(long rows, int workers, int worker, long p, long k) {
        return block(rows, workers, worker).part(p, k);
    }

    /** Part k (1-based) of this range split into p nearly equal consecutive parts. */
    public SampleRange part(long p, long k) {
        long off = first - 1;
        long n = size();
        return new SampleRange(off + Ranges.pStart(n, p, k), off + Ranges.pStop(n, p, k));
    }

    /** Number of samples, last − first + 1. */
    public long size() {
        return last - first + 1;
    }

    /**
     * Whether the two ranges share a sample: a real interval intersection, which also catches a
     * range strictly containing the other (the case the paper's overlap formula misses, §7.6).
     */
    public boolean overlaps(SampleRange o) {
        return first <= o.last && o.first <= last;
    }

    public boolean contains(long sample) {
        return first <= sample && sample <= last;
    }
}
