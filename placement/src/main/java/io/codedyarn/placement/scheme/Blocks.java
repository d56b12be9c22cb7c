package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Ranges;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;

/**
 * Disjoint consecutive blocks, the layout shared by uncoded GD, fastest-k and SAG/DSAG: K
 * partitions over n workers with DSAG's p_start/p_stop, worker i storing and summing block i
 * (codeword i).
 */
final class Blocks {
    private Blocks() {}

    /**
     * K from {@code --partitions} (default K = n), checked: every one of the n blocks needs a
     * partition.
     */
    static int partitions(io.codedyarn.placement.SchemeParams p, int n) {
        int k = p.partitions() > 0 ? p.partitions() : n;
        io.codedyarn.placement.InvalidParametersException.require(
                k >= n, "--partitions", "must be >= --workers (%d), got %d", n, k);
        return k;
    }

    /** Stores block i on worker i, adds its plain sum as codeword i; returns the block sizes. */
    static int[] layOut(Plan.Builder b, int n, int k) {
        int[] size = new int[n];
        for (int i = 0; i < n; i++) {
            int from = (int) Ranges.pStart(k, n, i + 1) - 1;
            int to = (int) Ranges.pStop(k, n, i + 1);
            int[] parts = new int[to - from];
            for (int j = from; j < to; j++) {
                parts[j - from] = j;
            }
            b.stored(i, parts);
            b.assign(i, b.addCodeword(Codeword.sumOf(parts)));
            size[i] = parts.length;
        }
        return size;
    }

    /** Exact only when every one of the n blocks arrived; coefficients all 1. */
    static Decoder all(int n) {
        return new All(n);
    }

    private record All(int n) implements Decoder {
        @Override
        public Optional<Decoding> decode(BitSet arrived) {
            if (arrived.nextClearBit(0) < n) {
                return Optional.empty();
            }
            double[] a = new double[n];
            Arrays.fill(a, 1.0);
            return Optional.of(Decoding.exact(a, 1.0));
        }
    }
}
