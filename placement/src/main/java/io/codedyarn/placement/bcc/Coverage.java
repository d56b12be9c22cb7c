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
 *
 * <p>An uncovered placement ({@link #withGaps}: some label has no codeword, the paper's i.i.d.
 * placement without a redraw) never reaches coverage, eq. (16). The master then stops when every
 * codeword has arrived (T = max_i T_i, the T̂(Σ r_i) of eq. (29); K = n workers in the homogeneous
 * case) and uses the rescaled sum over the partitions it holds, a {@link Decoding.Kind#ESTIMATE}
 * with scale K / |covered partitions|. Example: labels [0, 0] of 2 batches of 2 partitions each:
 * {0, 1} → a = (2, 0), ESTIMATE; {0} → not decodable.
 */
public final class Coverage {
    private final int[] label;
    private final int labels;
    private final int[] labelSize;

    /**
     * @param label label[c] of codeword c, in [0, labels)
     * @param labels number of labels (batches or partitions); each must have a codeword
     */
    public Coverage(int[] label, int labels) {
        this(label, labels, null);
        int[] copies = copies();
        for (int l = 0; l < labels; l++) {
            if (copies[l] == 0) {
                throw new IllegalArgumentException("label " + l + " has no codeword");
            }
        }
    }

    private Coverage(int[] label, int labels, int[] labelSize) {
        this.label = label.clone();
        this.labels = labels;
        this.labelSize = labelSize == null ? null : labelSize.clone();
    }

    /**
     * A coverage gate that accepts labels with no codeword (see the class comment).
     *
     * @param label label[c] of codeword c
     * @param labelSize partitions under each label (a batch's size; 1 in generalized BCC)
     */
    public static Coverage withGaps(int[] label, int[] labelSize) {
        Coverage c = new Coverage(label, labelSize.length, labelSize);
        c.copies(); // range check of the labels
        return c;
    }

    /** Labels no codeword carries (0 for a covering placement). */
    public int uncovered() {
        int u = 0;
        for (int c : copies()) {
            if (c == 0) {
                u++;
            }
        }
        return u;
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

    /**
     * Decodes iff every label has an arrived codeword; 1 on the lowest-index copy of each. With
     * uncovered labels: only once every codeword arrived, rescaled (class comment).
     */
    public Decoder decoder() {
        int[] lab = label.clone();
        int n = labels;
        if (uncovered() > 0) {
            return partialDecoder(lab);
        }
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

    /** Every codeword arrived: the first copy of each held label, scaled K / |covered|. */
    private Decoder partialDecoder(int[] lab) {
        int total = 0;
        int covered = 0;
        boolean[] held = new boolean[labels];
        for (int l : lab) {
            held[l] = true;
        }
        for (int l = 0; l < labels; l++) {
            total += labelSize[l];
            covered += held[l] ? labelSize[l] : 0;
        }
        double scale = (double) total / covered;
        return arrived -> {
            if (arrived.cardinality() < lab.length || arrived.nextClearBit(0) < lab.length) {
                return Optional.empty();
            }
            double[] a = new double[lab.length];
            boolean[] seen = new boolean[labels];
            for (int c = 0; c < lab.length; c++) {
                if (!seen[lab[c]]) {
                    seen[lab[c]] = true;
                    a[c] = scale;
                }
            }
            return Optional.of(new Decoding(a, Decoding.Kind.ESTIMATE, 1.0));
        };
    }

    /**
     * Promise: one codeword of every label (EachOfPromise over labels of KOfNPromise(copies, 1));
     * every codeword when some label has none.
     */
    public ResponderPromise promise() {
        if (uncovered() > 0) {
            int[] all = new int[label.length];
            for (int c = 0; c < all.length; c++) {
                all[c] = c;
            }
            return new KOfNPromise(label.length, all, label.length);
        }
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
