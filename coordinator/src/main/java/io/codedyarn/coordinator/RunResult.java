package io.codedyarn.coordinator;

import java.util.List;

/**
 * The outcome of a run: final status (a failed run names its cause), the final model, the metric
 * there (LR/LSQ: F; PCA: explained variance), iterations done, coordinator seconds, and the logs
 * (iterations, tasks, and the run-time adaptation {@link Decision}s).
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
        List<Decision> decisions) {

    /** A result without adaptation decisions. */
    public RunResult(
            boolean succeeded,
            String diagnostic,
            double[] model,
            double objective,
            int iterations,
            double wallSeconds,
            List<IterationRecord> iterationLog,
            List<LatencyRecord> latencyLog) {
        this(
                succeeded,
                diagnostic,
                model,
                objective,
                iterations,
                wallSeconds,
                iterationLog,
                latencyLog,
                List.of());
    }
}
