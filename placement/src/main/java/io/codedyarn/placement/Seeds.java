package io.codedyarn.placement;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/** The single place that turns a seed into a generator (L64X128MixRandom: splittable, fast). */
public final class Seeds {
    public static final String ALGORITHM = "L64X128MixRandom";

    private Seeds() {}

    public static RandomGenerator generator(long seed) {
        return RandomGeneratorFactory.of(ALGORITHM).create(seed);
    }
}
