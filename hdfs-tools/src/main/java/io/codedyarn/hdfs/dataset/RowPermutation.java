package io.codedyarn.hdfs.dataset;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;

/**
 * A pseudo-random permutation of {@code [0, n)} determined by a seed, computed per index in O(1)
 * memory (so shuffling 10^9 rows needs no permutation array): a balanced 6-round Feistel network on
 * the smallest domain {@code 2^(2h) ≥ n}, restricted to {@code [0, n)} by cycle walking
 * (re-applying the network until the value falls inside; since the domain is < 4n this takes < 4
 * applications on average). Round keys are the first six {@code nextLong()} of {@link
 * Seeds#generator(long)}, so the permutation depends on the seed only.
 *
 * <p>Shuffle semantics: output row i (0-based) is input row {@link #apply}(i); input row s goes to
 * output position {@link #inverse}(s).
 */
public final class RowPermutation {
    private static final int ROUNDS = 6;

    private final long n;
    private final int halfBits;
    private final long mask;
    private final long[] keys = new long[ROUNDS];

    private RowPermutation(long n, long seed) {
        this.n = n;
        int bits = 2;
        while (bits < 62 && (1L << bits) < n) {
            bits += 2;
        }
        this.halfBits = bits / 2;
        this.mask = (1L << halfBits) - 1;
        RandomGenerator g = Seeds.generator(seed);
        for (int r = 0; r < ROUNDS; r++) {
            keys[r] = g.nextLong();
        }
    }

    /** The permutation of {@code [0, n)} for this seed. */
    public static RowPermutation of(long n, long seed) {
        if (n < 0 || n > (1L << 62)) {
            throw new IllegalArgumentException("n out of range: " + n);
        }
        return new RowPermutation(n, seed);
    }

    public long size() {
        return n;
    }

    /** π(i) for 0 ≤ i < n. */
    public long apply(long i) {
        check(i);
        long x = i;
        do {
            x = forward(x);
        } while (x >= n);
        return x;
    }

    /** π⁻¹(j) for 0 ≤ j < n: {@code apply(inverse(j)) == j}. */
    public long inverse(long j) {
        check(j);
        long x = j;
        do {
            x = backward(x);
        } while (x >= n);
        return x;
    }

    private long forward(long x) {
        long left = x >>> halfBits;
        long right = x & mask;
        for (int r = 0; r < ROUNDS; r++) {
            long t = left ^ (round(right, keys[r]));
            left = right;
            right = t;
        }
        return (left << halfBits) | right;
    }

    private long backward(long x) {
        long left = x >>> halfBits;
        long right = x & mask;
        for (int r = ROUNDS - 1; r >= 0; r--) {
            long t = right ^ round(left, keys[r]);
            right = left;
            left = t;
        }
        return (left << halfBits) | right;
    }

    /** The round function: a 64-bit mix (splitmix64 finaliser) of value and key, truncated. */
    private long round(long v, long key) {
        long z = v + key;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        z = z ^ (z >>> 31);
        return z & mask;
    }

    private void check(long i) {
        if (i < 0 || i >= n) {
            throw new IndexOutOfBoundsException("index " + i + " outside [0, " + n + ")");
        }
    }
}
