package io.codedyarn.am.train;

import io.codedyarn.coordinator.round.TrainSpec;

/**
 * A {@code train} invocation: the typed job, the dataset ({@code null}: built-in), the output
 * directory, the cluster kind (embedded, yarn, simulated) and whether to return right after
 * submission; {@code resume}: the output directory of the run this one continues ({@code train
 * --resume}), null for a fresh run.
 */
public record TrainRequest(
        TrainSpec spec, String data, String out, String cluster, boolean detach, String resume) {
    public TrainRequest(TrainSpec spec, String data, String out, String cluster, boolean detach) {
        this(spec, data, out, cluster, detach, null);
    }
}
