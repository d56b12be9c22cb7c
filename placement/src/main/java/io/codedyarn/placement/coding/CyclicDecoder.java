package io.codedyarn.placement.coding;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import java.util.BitSet;
import java.util.Optional;

/**
 * Decodes P disjoint cyclic codes laid side by side: code p owns codewords [p·ℓ, (p+1)·ℓ) and
 * partitions [p·ℓ, (p+1)·ℓ), so the full sum is the sum of the P per-code sums (GC-SC eq. 4 as a
 * sum rather than an average). P = 1 is plain cyclic GC. Every code must decode; the reported
 * condition number is the worst of the P closed-form solves.
 *
 * <p>Decoding is keyed by codeword position, not by worker: in GC-DC the worker computing c_{p,i}
 * changes every iteration, and the coordinator passes positions p·ℓ + i.
 */
public final class CyclicDecoder implements Decoder {
    private final CyclicCode[] codes;
    private final int size;

    /** One code per cluster, cluster p at codeword offset p·size (size = each code's length). */
    public CyclicDecoder(CyclicCode... codes) {
        if (codes.length == 0) {
            throw new IllegalArgumentException("need at least one code");
        }
        this.codes = codes.clone();
        this.size = codes[0].codewords();
        for (CyclicCode c : codes) {
            if (c.codewords() != size) {
                throw new IllegalArgumentException("codes differ in length");
            }
        }
    }

    @Override
    public Optional<Decoding> decode(BitSet arrived) {
        double[] a = new double[codes.length * size];
        double worst = 1.0;
        for (int p = 0; p < codes.length; p++) {
            int offset = p * size;
            BitSet local = arrived.get(offset, offset + size);
            Optional<CyclicCode.Solution> sol = codes[p].decode(local);
            if (sol.isEmpty()) {
                return Optional.empty();
            }
            double[] c = sol.get().coefficients();
            System.arraycopy(c, 0, a, offset, size);
            worst = Math.max(worst, sol.get().condition());
        }
        return Optional.of(Decoding.exact(a, worst));
    }
}
