package io.codedyarn.coordinator.trace;

/**
 * One row of {@code iterations.csv}: round t (the gradient rounds, line-search trials included:
 * what {@code --iterations} counts), coordinator seconds since the first broadcast, the metric at
 * the point the round was evaluated at (LR/LSQ: F; PCA: explained variance), its relative gap to
 * the reference (NaN when unknown), the results the round used, received stale (older round, still
 * used) and discarded, the workers used; then the optimiser's view: {@code iterate}, the index of
 * the iterate this round evaluated or searched from, and {@code trial}, true for an L-BFGS
 * line-search trial that did not become an iterate (every other family's rounds are iterates).
 */
public record IterationRecord(
        long iteration,
        double seconds,
        double objective,
        double gap,
        int used,
        int stale,
        int discarded,
        String workersUsed,
        long iterate,
        boolean trial) {}
