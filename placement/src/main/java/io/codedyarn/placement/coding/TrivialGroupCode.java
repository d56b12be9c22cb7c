package io.codedyarn.placement.coding;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * The two cyclic group codes that need no coefficients: s = 0 (worker k sends g_k; all n needed,
 * LAG's layout) and s = n − 1 (every worker stores all n batches and sends their plain sum; the
 * first arrival suffices, G-LAG's layout with F = 1).
 */
final class TrivialGroupCode implements GroupCode {
    private final int n;
    private final boolean replicated;
    private final List<Codeword> codewords;

    private TrivialGroupCode(int n, boolean replicated) {
        this.n = n;
        this.replicated = replicated;
        List<Codeword> c = new ArrayList<>(n);
        int[] all = new int[n];
        for (int j = 0; j < n; j++) {
            all[j] = j;
        }
        for (int k = 0; k < n; k++) {
            c.add(replicated ? Codeword.sumOf(all) : Codeword.sumOf(k));
        }
        this.codewords = List.copyOf(c);
    }

    static TrivialGroupCode separate(int n) {
        return new TrivialGroupCode(n, false);
    }

    static TrivialGroupCode replicated(int n) {
        return new TrivialGroupCode(n, true);
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public int stragglers() {
        return replicated ? n - 1 : 0;
    }

    @Override
    public List<Codeword> codewords() {
        return codewords;
    }

    @Override
    public Decoder decoder() {
        return replicated ? this::firstArrival : this::allArrived;
    }

    private Optional<Decoding> firstArrival(BitSet arrived) {
        int c = arrived.nextSetBit(0);
        if (c < 0 || c >= n) {
            return Optional.empty();
        }
        double[] a = new double[n];
        a[c] = 1.0;
        return Optional.of(Decoding.exact(a, 1.0));
    }

    private Optional<Decoding> allArrived(BitSet arrived) {
        if (arrived.nextClearBit(0) < n) {
            return Optional.empty();
        }
        double[] a = new double[n];
        java.util.Arrays.fill(a, 1.0);
        return Optional.of(Decoding.exact(a, 1.0));
    }

    @Override
    public double worstCondition() {
        return 1.0;
    }

    @Override
    public String construction() {
        return replicated ? "replicated-sum" : "separate";
    }
}
