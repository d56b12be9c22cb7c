package io.codedyarn.placement.bcc;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.ResponderPromise;
import io.codedyarn.placement.coding.EachOfPromise;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * BCC's "coverage" gate and aggregation (§III-A): every codeword carries one label (its batch in
 * BCC, its partition in generalized BCC), all codewords with the same label are the same vector,
 * and the labels' supports are disjoint and together cover every partition once. The master keeps
 * one result per label and discards duplicates; once every label is covered the sum of the kept
 * results is Σ_j g_j.
 *
 * <p>The decoder sees a set, not an arrival order, so "the first copy" is made deterministic: the
 * lowest-index arrived codeword of each label gets coefficient 1, every other copy 0. Since the
 * copies are identical vectors the choice does not change the gradient.
 *
 * <p>Example: labels [0, 1, 1] (worker 0 picked batch 0, workers 1 and 2 batch 1): {0, 1, 2} → a =
 * (1, 1, 0); {0, 2} → (1, 0, 1); {1, 2} → not decodable (batch 0 missing).
 */
public final class Coverage {
    private final int[] label;
    private final int labels;

    /**
     * @param label label[c] of codeword c, in [0, labels)
     * @param labels number of labels (batches or partitions); each must have a codeword
     */
    public Coverage(int[] label, int labels) {
        this.label = label.clone();
        this.labels = labels;
        int[] copies = copies();
        for (int l = 0; l < labels; l++) {
            if (copies[l] == 0) {
                throw new IllegalArgumentException("label " + l + " has no codeword");
            }
        }
    }

    /** Number of codewords with each label. */
    public int[] copies() {
        int[] c = new int[labels];
        for (int l : label) {
            if (l < 0 || l >= labels) {
                throw new IllegalArgumentException("label " + l + " outside [0, " + labels + ")");
            }
            c[l]++;
        }
        return c;
    }

    /** The fewest codewords any label has (the worst-case straggler tolerance is this minus 1). */
    public int minCopies() {
        int m = Integer.MAX_VALUE;
        for (int c : copies()) {
            m = Math.min(m, c);
        }
        return m;
    }

    /** Decodes iff every label has an arrived codeword; 1 on the lowest-index copy of each. */
    public Decoder decoder() {
        int[] lab = label.clone();
        int n = labels;
        return arrived -> {
            double[] a = new double[lab.length];
            boolean[] seen = new boolean[n];
            int covered = 0;
            for (int c = arrived.nextSetBit(0);
                    c >= 0 && c < lab.length;
                    c = arrived.nextSetBit(c + 1)) {
                if (!seen[lab[c]]) {
                    seen[lab[c]] = true;
                    a[c] = 1.0;
                    covered++;
                }
            }
            return covered == n ? Optional.of(Decoding.exact(a, 1.0)) : Optional.empty();
        };
    }

    /**
     * Promise: one codeword of every label (EachOfPromise over labels of KOfNPromise(copies, 1)).
     */
    public ResponderPromise promise() {
        List<List<Integer>> members = new ArrayList<>();
        for (int l = 0; l < labels; l++) {
            members.add(new ArrayList<>());
        }
        for (int c = 0; c < label.length; c++) {
            members.get(label[c]).add(c);
        }
        List<KOfNPromise> parts = new ArrayList<>();
        for (List<Integer> m : members) {
            parts.add(
                    new KOfNPromise(
                            label.length, m.stream().mapToInt(Integer::intValue).toArray(), 1));
        }
        return new EachOfPromise(label.length, parts);
    }

    /** Whether {@code arrived} covers every label (same as the decoder succeeding). */
    public boolean covers(BitSet arrived) {
        return decoder().decode(arrived).isPresent();
    }
}
