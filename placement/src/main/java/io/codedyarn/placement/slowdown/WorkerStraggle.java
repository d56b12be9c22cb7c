package io.codedyarn.placement.slowdown;

/**
 * A {@link StraggleSpec} as one worker receives it (in its Welcome, or in-process under {@code
 * --cluster simulated}): the spec text, the run's seed, N, the worker's NodeManager and that node's
 * index among the cluster's running NodeManagers sorted by name, and its recorded latencies by
 * iteration when the spec replays a trace (else null).
 */
public record WorkerStraggle(
        String spec, long seed, int workers, String node, int nodeIndex, double[] recorded) {
    /** No injected slowness. */
    public static final WorkerStraggle NONE = new WorkerStraggle("none", 0, 1, "", 0, null);

    public WorkerStraggle {
        spec = spec == null || spec.isBlank() ? "none" : spec;
        node = node == null ? "" : node;
        recorded = recorded == null || recorded.length == 0 ? null : recorded.clone();
    }

    public boolean isNone() {
        return spec.equals("none");
    }

    /** The spec resolved for {@code worker} (parses the text; bad text is the sender's bug). */
    public Slowdown slowdown(int worker) {
        return isNone()
                ? Slowdown.NONE
                : StraggleSpec.parse(spec)
                        .forWorker(worker, workers, node, nodeIndex, seed, recorded);
    }
}
