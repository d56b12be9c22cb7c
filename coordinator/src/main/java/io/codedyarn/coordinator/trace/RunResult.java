package io.codedyarn.coordinator.trace;

import java.util.List;

/**
 * The outcome of a run: final status (a failed run names its cause), the final model, the metric
 * there (LR/LSQ: F; PCA: explained variance), iterations done, coordinator seconds, and the logs
 * (iterations, task latencies, adaptation events); for PCA the metric's share of each component
 * ({@link Metric#componentValues}: ‖Xv_c‖² / ‖X‖²_F at the model; null for LR and LSQ, or when not
 * known).
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
        List<io.codedyarn.coordinator.trace.AdaptEvent> events,
        double[] explainedVariance) {
    public RunResult {
        events = events == null ? List.of() : List.copyOf(events);
    }

    /**
     * A run's result with the logs {@code sink} kept: a {@link MemoryTrace}'s rows; none from a
     * sink that streamed them out (the rows are where it wrote them).
     */
    public static RunResult withLogsOf(
            TraceSink sink,
            boolean succeeded,
            String diagnostic,
            double[] model,
            double objective,
            double[] explainedVariance,
            int iterations,
            double wallSeconds) {
        // the logs are the sink's when it kept them (MemoryTrace); a streaming one wrote them out
        MemoryTrace kept = sink instanceof MemoryTrace m ? m : null;
        return new RunResult(
                succeeded,
                diagnostic,
                model,
                objective,
                iterations,
                wallSeconds,
                kept == null ? List.of() : kept.iterations(),
                kept == null ? List.of() : kept.tasks(),
                kept == null ? List.of() : kept.events(),
                explainedVariance);
    }
}
