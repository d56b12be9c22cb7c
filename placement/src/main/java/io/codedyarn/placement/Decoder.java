package io.codedyarn.placement;

import java.util.BitSet;
import java.util.Optional;

/**
 * Decides from the set of codewords whose results arrived whether the full gradient (the sum over
 * all partitions) can be recovered, and with which coefficients. Pure: no I/O, no clocks, never
 * modifies its argument. Implementations are thread-safe.
 *
 * <p>Codewords, not workers: in static schemes codeword i is worker i's; in GC-DC the coordinator
 * maps workers to codeword positions each iteration and passes the positions here.
 */
@FunctionalInterface
public interface Decoder {

    /**
     * @param arrived indices of the codewords whose results arrived
     * @return the coefficients, or empty when {@code arrived} cannot recover the gradient. An
     *     undecodable set must never yield a wrong gradient.
     */
    Optional<Decoding> decode(BitSet arrived);
}
