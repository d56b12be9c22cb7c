package io.codedyarn.placement.coding;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A gradient code inside one group of n workers and n batches with the cyclic-repetition layout
 * (Tandon et al. 2017; LAGC §IV): local worker k stores batches k, k+1, ..., k+s (mod n), where s =
 * r_G − 1, and computes local codeword k. Any n − s of the n codewords recover Σ_{j<n} g_j. All
 * indices are local to the group; a grouped scheme offsets them.
 *
 * <p>{@link #cyclic} is the single place that picks the construction, so that the in-group code can
 * be swapped for the main {@code cyclic} scheme's builder without touching the layouts.
 */
public interface GroupCode {

    /** n, the workers (and batches) of the group. */
    int size();

    /** s, the stragglers tolerated inside the group: each batch has s + 1 holders. */
    int stragglers();

    /** Codeword k is local worker k's, over local batches. */
    List<Codeword> codewords();

    /** Decodes Σ_{j<n} g_j from arrived local codeword indices (any n − s of them). */
    Decoder decoder();

    /** The worst condition number seen while checking the code (1 for the trivial codes). */
    double worstCondition();

    /** A short name of the construction, for the plan's parameters. */
    String construction();

    /**
     * The cyclic code over n workers tolerating s stragglers: the identity for s = 0, plain
     * replicated sums for s = n − 1, otherwise the {@code cyclic} scheme's code ({@link
     * CyclicCode}).
     */
    static GroupCode cyclic(int n, int s, RandomGenerator rng) {
        if (n < 1 || s < 0 || s >= n) {
            throw new IllegalArgumentException("need 0 <= s < n, got n=" + n + ", s=" + s);
        }
        if (s == n - 1) {
            return TrivialGroupCode.replicated(n);
        }
        if (s == 0) {
            return TrivialGroupCode.separate(n);
        }
        return new CyclicGroupCode(CyclicCode.draw(n, s, rng));
    }
}
