package io.codedyarn.placement.dsag;

import io.codedyarn.placement.Ranges;

/**
 * DSAG's Algorithm 2 (§VI-C, digest §5.3): when worker i receives an iterate together with a new
 * subpartition count p' ≠ p, it picks the next subpartition so that its first sample coincides with
 * a boundary of the old partitioning, so that the first results under p' evict as few cached
 * entries as possible; then it cycles in order. All indices are the paper's, 1-based.
 *
 * <pre>
 * 1: k ← mod(k, p) + 1                                    (the subpartition that is due, eq. 5)
 * 2: k' ← p_trans(n_i, p, p', k)
 *    k ← p_trans(n_i, p', p, k')                        (reference code only, see below)
 * 3: while p_start(n_i, p', k') ≠ p_start(n_i, p, k):
 * 4:     k' ← k' − 1
 * 5:     k ← p_trans(n_i, p', p, k')                      (the paper prints n; it is n_i)
 * 6: end while;  p ← p';  k ← k'
 * </pre>
 *
 * The extra line after 2 is from the authors' code ({@code align_partitions} in CodedComputing.jl,
 * which searches the largest aligned k' ≤ p_trans(n_i, p, p', k)); without it the paper's loop can
 * step below 1 when p shrinks: n_i = 10, p = 5 → 2, k = 2 (samples 3..4) gives k' = ⌈3·2/10⌉ = 1,
 * which starts at 1 ≠ 3, and line 4 makes k' = 0. With it, the loop terminates: k' decreases by one
 * per pass, and k' = 1 gives k = p_trans(n_i, p', p, 1) = ⌈p/n_i⌉ = 1, where both start at sample
 * 1. On every example of the paper the two versions agree.
 *
 * <p>Example 3 of the digest: n_i = 10, k = 1, p = 2 → 3: line 1 gives k = 2 (samples 6..10), line
 * 2 k' = ⌈6·3/10⌉ = 2 (samples 4..6) which is not aligned, so k' = 1, k = 1: the worker processes
 * samples 1..3 next.
 */
public final class SubpartitionAlignment {
    private SubpartitionAlignment() {}

    /** The cyclic successor (eq. 5): mod(k, p) + 1. */
    public static long next(long p, long k) {
        return Math.floorMod(k, p) + 1;
    }

    /**
     * The subpartition (1-based, among {@code pNew}) that the worker processes with the iterate
     * that brings {@code pNew}, when it last processed subpartition {@code kPrev} of {@code p}.
     * With pNew = p this is the plain successor {@link #next}.
     *
     * @param rows n_i, the worker's number of rows; 1 ≤ p, pNew ≤ n_i
     */
    public static long realign(long rows, long p, long pNew, long kPrev) {
        if (p < 1 || pNew < 1 || p > rows || pNew > rows || kPrev < 1 || kPrev > p) {
            throw new IllegalArgumentException(
                    "need 1 <= p, p' <= n_i and 1 <= k <= p, got n_i="
                            + rows
                            + ", p="
                            + p
                            + ", p'="
                            + pNew
                            + ", k="
                            + kPrev);
        }
        long k = next(p, kPrev);
        long kNew = Ranges.pTrans(rows, p, pNew, k);
        k = Ranges.pTrans(rows, pNew, p, kNew);
        while (Ranges.pStart(rows, pNew, kNew) != Ranges.pStart(rows, p, k)) {
            kNew--;
            k = Ranges.pTrans(rows, pNew, p, kNew);
        }
        return kNew;
    }
}
