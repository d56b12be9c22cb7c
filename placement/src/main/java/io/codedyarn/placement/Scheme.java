package io.codedyarn.placement;

import java.util.random.RandomGenerator;

/**
 * A placement scheme: a pure function from its parameters and a seeded generator to an immutable
 * plan. The generator is the only source of randomness; the same params and a generator with the
 * same seed give an identical plan.
 */
public interface Scheme {

    /**
     * How a coordinator trains on this scheme's plans: rounds gated by a decoder (every coded and
     * uncoded scheme), lazily aggregated group rounds (the LAG family), or asynchronous rounds with
     * a gradient cache (SAG/DSAG).
     */
    enum Training {
        DECODED,
        LAZY,
        ASYNCHRONOUS
    }

    /** The name used on the command line ({@code --scheme NAME}). */
    String name();

    /** One line for {@code --help} and the README. */
    String description();

    /**
     * @throws InvalidParametersException naming the flag at fault when params do not fit the scheme
     */
    Plan place(SchemeParams params, RandomGenerator rng);

    /** The family of rounds this scheme trains with (decode-gated unless the scheme says). */
    default Training training() {
        return Training.DECODED;
    }
}
