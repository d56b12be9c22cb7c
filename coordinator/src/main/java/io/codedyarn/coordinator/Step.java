package io.codedyarn.coordinator;

/**
 * What one round's step leaves for the log: the point the round evaluated (the iterate before the
 * update), the metric there (exact, or a cache estimate when {@code exact} is false), and the
 * results the round used, took stale, and discarded, with the workers used.
 */
record Step(
        double[] point,
        double value,
        boolean exact,
        int used,
        int stale,
        int discarded,
        String who) {}
