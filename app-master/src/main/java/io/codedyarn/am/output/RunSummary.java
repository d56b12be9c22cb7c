package io.codedyarn.am.output;

/**
 * {@code summary.json}: what {@code train --json} prints when a run ends. {@code objective} is F at
 * the final iterate (LR, LSQ) or the explained variance ‖XV‖²/‖X‖² (PCA); NaN when no iteration
 * completed. {@code applicationId} is empty outside YARN.
 *
 * @param status SUCCEEDED or FAILED
 * @param diagnostic why a run failed; empty on success
 * @param workerNodes per worker the node its container ran on (YARN runs; empty otherwise)
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
        java.util.List<String> workerNodes) {

    public RunSummary {
        workerNodes =
                workerNodes == null ? java.util.List.of() : java.util.List.copyOf(workerNodes);
    }

    public static final String SUCCEEDED = "SUCCEEDED";
    public static final String FAILED = "FAILED";

    public boolean succeeded() {
        return SUCCEEDED.equals(status);
    }
}
