package io.codedyarn.coordinator.round;

/**
 * What one round's step leaves for the log: the point the round evaluated (the iterate before the
 * update), the metric there (exact, or a cache estimate when {@code exact} is false), the results
 * the round used, took stale, and discarded, with the workers used, and whether the point was a
 * line-search trial that did not become an iterate; PCA's per-component values at the point ({@link
 * io.codedyarn.coordinator.trace.Metric#componentValues}; null for LR, LSQ, or when not known).
 */
public record Step(
        double[] point,
        double value,
        boolean exact,
        int used,
        int stale,
        int discarded,
        String who,
        boolean trial,
        double[] parts) {}
