package io.codedyarn.placement.coding;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import java.util.BitSet;
import java.util.Optional;

/**
 * Closed-form decoding of an {@link AuxiliaryCode} whose local worker l sends codeword {@code
 * members[l]} (digest hetero-gc §3.4, master side): with at least L − t members arrived, take the
 * first L − t of them (ascending) as I, treat the other t as the stragglers S (pitfall §8.6: never
 * more than L − t rows in the closed form), and return a = x·H/(x·1) on I. The result is accepted
 * only when ‖a·B − 1‖_∞ ≤ {@link Tolerances#DECODE_RESIDUAL}; otherwise, and with fewer than L − t
 * arrivals, it is empty. Codewords outside {@code members} are ignored.
 */
public final class AuxiliaryDecoder implements Decoder {
    private final AuxiliaryCode code;
    private final int[] members;
    private final int codewords;

    public AuxiliaryDecoder(AuxiliaryCode code, int[] members, int codewords) {
        if (members.length != code.workers()) {
            throw new IllegalArgumentException(
                    members.length + " members for a code over " + code.workers() + " workers");
        }
        this.code = code;
        this.members = members.clone();
        this.codewords = codewords;
    }

    @Override
    public Optional<Decoding> decode(BitSet arrived) {
        int l = members.length;
        int t = code.tolerated();
        int need = l - t;
        int[] stragglers = new int[t];
        int have = 0;
        int missing = 0;
        for (int i = 0; i < l; i++) {
            if (arrived.get(members[i]) && have < need) {
                have++;
            } else if (missing < t) {
                stragglers[missing++] = i;
            } else {
                return Optional.empty(); // more than t members missing
            }
        }
        Optional<double[]> a = code.decodingVector(stragglers);
        if (a.isEmpty() || !(code.residual(a.get()) <= Tolerances.DECODE_RESIDUAL)) {
            return Optional.empty();
        }
        double[] coefficients = new double[codewords];
        for (int i = 0; i < l; i++) {
            coefficients[members[i]] = a.get()[i];
        }
        return Optional.of(Decoding.exact(coefficients, code.decodingCondition(stragglers)));
    }
}
