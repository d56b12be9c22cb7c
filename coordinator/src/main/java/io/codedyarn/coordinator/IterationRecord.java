package io.codedyarn.coordinator;

/**
 * One row of {@code iterations.csv}: iteration t, coordinator seconds since the first broadcast,
 * the metric at the iterate the round was evaluated at (LR/LSQ: F; PCA: explained variance), its
 * relative gap to the reference (NaN when unknown), and the results the round used, received stale
 * (older round, still used) and discarded.
 */
public record IterationRecord(
        long iteration,
        double seconds,
        double objective,
        double gap,
        int used,
        int stale,
        int discarded,
        String workersUsed) {}
