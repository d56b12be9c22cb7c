package io.codedyarn.placement;

import java.util.random.RandomGenerator;

/**
 * A placement scheme: a pure function from its parameters and a seeded generator to an immutable
 * plan. The generator is the only source of randomness; the same params and a generator with the
 * same seed give an identical plan.
 */
public interface Scheme {

    /** The name used on the command line ({@code --scheme NAME}). */
    String name();

    /** One line for {@code --help} and the scheme table of docs/commands.md. */
    String description();

    /**
     * @throws InvalidParametersException naming the flag at fault when params do not fit the scheme
     */
    Plan place(SchemeParams params, RandomGenerator rng);

    /**
     * How a coordinator trains on {@code plan} (one of this scheme's): the family of rounds and its
     * typed parameters; decode-gated unless the scheme says otherwise.
     */
    default Training training(Plan plan) {
        return new Training.Decoded();
    }
}
