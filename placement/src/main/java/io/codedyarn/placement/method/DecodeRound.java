package io.codedyarn.placement.method;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;

/**
 * The gate of one decode-gated round (every coded and uncoded scheme): which codewords were sent
 * (and can still arrive), which arrived, and whether the arrivals decode — the first decodable
 * prefix of arrivals ends the round (GC paper eq. (1)). The coordinator's training rounds and the
 * time simulator ({@code sim.TimeSimulator}) drive this same object with the plan's {@link
 * Decoder}, so {@code simulate} stops a round exactly where {@code train} does. Pure: no clock, no
 * values (the caller keeps the results).
 */
public final class DecodeRound {
    private final Decoder decoder;
    private final BitSet possible;
    private final BitSet arrived;
    // the senders that may still deliver each codeword: a codeword asked of two workers (auto's
    // backups) is lost only when both have failed
    private int[] pending;

    public DecodeRound(Decoder decoder, int codewords) {
        this.decoder = decoder;
        this.possible = new BitSet(codewords);
        this.arrived = new BitSet(codewords);
        this.pending = new int[codewords];
    }

    /** A task was sent whose result will carry these codewords. */
    public void expect(int[] codewords) {
        for (int c : codewords) {
            if (c >= pending.length) {
                pending = Arrays.copyOf(pending, Math.max(c + 1, 2 * pending.length));
            }
            pending[c]++;
            possible.set(c);
        }
    }

    /** Whether everything sent and not lost could still decode. */
    public boolean decodable() {
        return decoder.decode(possible).isPresent();
    }

    /**
     * A worker asked these codewords failed: what has not arrived from it never will, and a
     * codeword no other sender may still deliver is lost.
     */
    public void lost(int[] codewords) {
        for (int c : codewords) {
            if (c < pending.length && pending[c] > 0) {
                pending[c]--;
            }
            if (!arrived.get(c) && (c >= pending.length || pending[c] == 0)) {
                possible.clear(c);
            }
        }
    }

    /** Whether codeword c already arrived (a later copy adds nothing). */
    public boolean arrived(int codeword) {
        return arrived.get(codeword);
    }

    /** Records an arrival carrying these codewords; the decoding once the arrivals decode. */
    public Optional<Decoding> arrive(int[] codewords) {
        for (int c : codewords) {
            arrived.set(c);
        }
        return decoder.decode(arrived);
    }
}
