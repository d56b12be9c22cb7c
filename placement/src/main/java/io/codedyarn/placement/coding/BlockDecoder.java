package io.codedyarn.placement.coding;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * Decodes a code made of independent blocks (the LAGC groups, clusters): block b owns the global
 * codewords {@code members[b]} (local codeword t of the block is global codeword members[b][t]) and
 * a disjoint set of partitions; its local decoder recovers the sum over its own partitions. The
 * full sum Σ_j g_j is the sum of the block sums, so it decodes iff every block decodes, with the
 * blocks' coefficients side by side. The condition number reported is the worst block's.
 *
 * <p>{@link #decodeBlock} decodes one block alone, for lazy schemes (LAGC, G-LAG) that refresh only
 * the selected groups: its coefficients give Σ over that block's partitions only.
 */
public final class BlockDecoder implements Decoder {
    private final int codewords;
    private final int[][] members;
    private final List<Decoder> local;

    /**
     * @param codewords the plan's number of codewords
     * @param members per block, the global indices of its local codewords 0, 1, ...
     * @param local per block, the decoder over its local codeword indices
     */
    public BlockDecoder(int codewords, int[][] members, List<Decoder> local) {
        if (members.length != local.size()) {
            throw new IllegalArgumentException(
                    members.length + " member lists for " + local.size() + " decoders");
        }
        this.codewords = codewords;
        this.members = new int[members.length][];
        for (int b = 0; b < members.length; b++) {
            this.members[b] = members[b].clone();
        }
        this.local = List.copyOf(local);
    }

    /** Number of blocks. */
    public int blocks() {
        return members.length;
    }

    /** The global codeword indices of block {@code b}. */
    public int[] members(int b) {
        return members[b].clone();
    }

    @Override
    public Optional<Decoding> decode(BitSet arrived) {
        double[] a = new double[codewords];
        double cond = 1.0;
        for (int b = 0; b < members.length; b++) {
            Optional<Decoding> d = decodeInto(b, arrived, a);
            if (d.isEmpty()) {
                return Optional.empty();
            }
            cond = Math.max(cond, d.get().conditionNumber());
        }
        return Optional.of(Decoding.exact(a, cond));
    }

    /**
     * Decodes block {@code b} alone: Σ_c a_c f_c = Σ of g_j over the block's partitions, with a_c =
     * 0 outside the block; empty when the block's arrivals do not suffice.
     */
    public Optional<Decoding> decodeBlock(int b, BitSet arrived) {
        double[] a = new double[codewords];
        return decodeInto(b, arrived, a).map(d -> Decoding.exact(a, d.conditionNumber()));
    }

    private Optional<Decoding> decodeInto(int b, BitSet arrived, double[] a) {
        int[] m = members[b];
        BitSet mine = new BitSet(m.length);
        for (int t = 0; t < m.length; t++) {
            if (arrived.get(m[t])) {
                mine.set(t);
            }
        }
        Optional<Decoding> d = local.get(b).decode(mine);
        if (d.isEmpty() || d.get().kind() != Decoding.Kind.EXACT) {
            return Optional.empty();
        }
        for (int t = 0; t < m.length; t++) {
            a[m[t]] = d.get().coefficient(t);
        }
        return d;
    }
}
