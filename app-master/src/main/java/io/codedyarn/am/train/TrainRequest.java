package io.codedyarn.am.train;

import io.codedyarn.coordinator.round.TrainSpec;

/**
 * A {@code train} invocation: the typed job, the dataset ({@code null}: built-in), the output
 * directory, the cluster kind (embedded, yarn, simulated) and whether to return right after
 * submission; {@code resume}: the output directory of the run this one continues ({@code train
 * --resume}), null for a fresh run; {@code heldOut}: the rows the model is judged on while it
 * trains ({@code --validation}, {@code --validation-fraction}), null for none.
 */
public record TrainRequest(
        TrainSpec spec,
        String data,
        String out,
        String cluster,
        boolean detach,
        String resume,
        HeldOut heldOut) {
    public TrainRequest(TrainSpec spec, String data, String out, String cluster, boolean detach) {
        this(spec, data, out, cluster, detach, null, null);
    }

    public TrainRequest(
            TrainSpec spec,
            String data,
            String out,
            String cluster,
            boolean detach,
            String resume) {
        this(spec, data, out, cluster, detach, resume, null);
    }
}
