package io.codedyarn.am.output;

/**
 * {@code summary.json}: what {@code train --json} prints when a run ends. {@code objective} is F at
 * the final iterate (LR, LSQ) or the explained variance ‖XV‖²/‖X‖² (PCA); NaN when no iteration
 * completed. {@code applicationId} is empty outside YARN.
 *
 * @param status SUCCEEDED or FAILED
 * @param diagnostic why a run failed; empty on success
 * @param workerNodes per worker the node its container ran on (YARN runs; empty otherwise)
 * @param replacedData worker → the node its partitions were copied beside because its own node
 *     could not be had (the AM's locality fallback; empty when none was)
 */
public record RunSummary(
        String applicationId,
        String scheme,
        String workload,
        int workers,
        int iterations,
        double wallSeconds,
        double objective,
        long seed,
        String status,
        String diagnostic,
        java.util.List<String> workerNodes,
        java.util.Map<Integer, String> replacedData) {

    public RunSummary {
        workerNodes =
                workerNodes == null
                        ? java.util.List.of()
                        // null: a worker that never had a container (a run that failed at start)
                        : java.util.Collections.unmodifiableList(
                                new java.util.ArrayList<>(workerNodes));
        replacedData =
                replacedData == null
                        ? java.util.Map.of()
                        : java.util.Collections.unmodifiableMap(
                                new java.util.TreeMap<>(replacedData));
    }

    /** This summary with {@code replacedData}. */
    public RunSummary withReplacedData(java.util.Map<Integer, String> replaced) {
        return new RunSummary(
                applicationId,
                scheme,
                workload,
                workers,
                iterations,
                wallSeconds,
                objective,
                seed,
                status,
                diagnostic,
                workerNodes,
                replaced);
    }

    public static final String SUCCEEDED = "SUCCEEDED";
    public static final String FAILED = "FAILED";

    /** The summary of a finished coordinator run. */
    public static RunSummary of(
            String applicationId,
            io.codedyarn.coordinator.round.TrainSpec spec,
            io.codedyarn.coordinator.trace.RunResult result,
            java.util.List<String> workerNodes) {
        return new RunSummary(
                applicationId,
                spec.scheme(),
                spec.workload().cliName(),
                spec.params().workers(),
                result.iterations(),
                result.wallSeconds(),
                result.objective(),
                spec.seed(),
                result.succeeded() ? SUCCEEDED : FAILED,
                result.diagnostic() == null ? "" : result.diagnostic(),
                workerNodes,
                java.util.Map.of());
    }

    public boolean succeeded() {
        return SUCCEEDED.equals(status);
    }
}
