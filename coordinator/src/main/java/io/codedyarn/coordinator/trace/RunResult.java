package io.codedyarn.coordinator.trace;

import java.util.List;

/**
 * The outcome of a run: final status (a failed run names its cause), the final model, the metric
 * there (LR/LSQ: F; PCA: explained variance), iterations done, coordinator seconds, and the logs
 * (iterations, task latencies, adaptation events).
 */
public record RunResult(
        boolean succeeded,
        String diagnostic,
        double[] model,
        double objective,
        int iterations,
        double wallSeconds,
        List<IterationRecord> iterationLog,
        List<LatencyRecord> latencyLog,
        List<io.codedyarn.coordinator.trace.AdaptEvent> events) {
    public RunResult {
        events = events == null ? List.of() : List.copyOf(events);
    }
}
