package io.codedyarn.placement.scheme;

import java.util.random.RandomGenerator;

/**
 * A generator whose {@code nextInt(bound)} returns scripted values (each reduced mod bound), then
 * {@code tail} forever; every other draw fails the test. Lets tests force an unpicked batch.
 */
final class ScriptedRandom implements RandomGenerator {
    private final int[] script;
    private final int tail;
    private int next;

    ScriptedRandom(int tail, int... script) {
        this.script = script.clone();
        this.tail = tail;
    }

    /** How many bounded ints were drawn. */
    int drawn() {
        return next;
    }

    @Override
    public int nextInt(int bound) {
        int v = next < script.length ? script[next] : tail;
        next++;
        return v % bound;
    }

    @Override
    public long nextLong() {
        throw new AssertionError("only nextInt(bound) is scripted");
    }
}
