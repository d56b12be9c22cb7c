package io.codedyarn.placement;

import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * The responder sets a scheme promises to decode, described by its minimal sets (every superset of
 * a promised set is promised too). Used by {@code plan --verify} and by the contract test.
 */
public interface ResponderPromise {

    /** Number of codewords the sets are drawn from. */
    int codewords();

    /** Number of minimal promised sets (as a double: it may exceed 2^63). */
    double count();

    /**
     * Calls {@code action} once per minimal promised set. Only used when {@link #count()} is small.
     */
    void forEach(Consumer<BitSet> action);

    /** One minimal promised set drawn at random. */
    BitSet random(RandomGenerator rng);

    /**
     * Structured minimal sets that tend to be hard (stragglers at consecutive positions, the last
     * positions, the first positions, every other position...).
     */
    List<BitSet> adversarial();

    /** The smallest number of codewords that a promised set can have. */
    int minimumSize();

    /** Whether {@code arrived} contains a promised set. */
    boolean promises(BitSet arrived);
}
