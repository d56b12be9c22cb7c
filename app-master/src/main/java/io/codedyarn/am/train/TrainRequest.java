package io.codedyarn.am.train;

import io.codedyarn.coordinator.TrainSpec;

/**
 * A {@code train} invocation: the typed job, the dataset ({@code null}: built-in), the output
 * directory, the cluster kind (embedded, yarn, simulated) and whether to return right after
 * submission.
 */
public record TrainRequest(
        TrainSpec spec, String data, String out, String cluster, boolean detach) {}
