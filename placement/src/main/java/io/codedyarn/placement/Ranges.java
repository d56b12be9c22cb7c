package io.codedyarn.placement;

/**
 * The DSAG paper's 1-based range helpers (DSAG §III, "p_start/p_stop"): split n items into p nearly
 * equal consecutive parts; part i (1 ≤ i ≤ p) is [pStart, pStop], inclusive.
 */
public final class Ranges {
    private Ranges() {}

    /** p_start(n, p, i) = ⌊(i−1)·n/p⌋ + 1. */
    public static long pStart(long n, long p, long i) {
        check(n, p, i);
        return Math.floorDiv((i - 1) * n, p) + 1;
    }

    /** p_stop(n, p, i) = ⌊i·n/p⌋. */
    public static long pStop(long n, long p, long i) {
        check(n, p, i);
        return Math.floorDiv(i * n, p);
    }

    /**
     * p_trans(n, p, p', k) = ⌈p_start(n, p, k) · p' / n⌉: the index among p' parts of the part that
     * holds the first item of part k among p parts.
     */
    public static long pTrans(long n, long p, long pNew, long k) {
        long first = pStart(n, p, k);
        return Math.floorDiv(first * pNew + n - 1, n);
    }

    private static void check(long n, long p, long i) {
        if (p < 1 || p > n || i < 1 || i > p) {
            throw new IllegalArgumentException(
                    "need 1 <= p <= n and 1 <= i <= p, got n=" + n + ", p=" + p + ", i=" + i);
        }
    }
}
