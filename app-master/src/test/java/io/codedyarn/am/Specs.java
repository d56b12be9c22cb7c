package io.codedyarn.am;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.slowdown.StraggleSpec;

/**
 * Test fixture: an {@code uncoded} training spec with every other setting at its default (no λ,
 * latency model, target gap or time limit), seeded from {@code params}.
 */
public final class Specs {
    private Specs() {}

    /**
     * @param optimizer null: the workload's default
     * @param straggle null: none
     */
    public static TrainSpec uncoded(
            Workload workload,
            SchemeParams params,
            boolean intercept,
            int components,
            Optimizer optimizer,
            int iterations,
            StraggleSpec straggle) {
        return new TrainSpec(
                workload,
                "uncoded",
                params,
                components,
                Double.NaN,
                intercept,
                optimizer,
                Double.NaN,
                iterations,
                Double.NaN,
                Double.NaN,
                0,
                Double.NaN,
                null,
                straggle,
                params.seed());
    }

    /** Uncoded LR as the YARN tests run it: gradient descent, no injected slowness. */
    public static TrainSpec uncodedGd(SchemeParams params, int iterations) {
        return uncoded(
                Workload.LR,
                params,
                false,
                0,
                Optimizer.parse("gd"),
                iterations,
                StraggleSpec.parse("none"));
    }

    /** On 2 workers, seed 1, the defaults otherwise (the output tests' spec). */
    public static TrainSpec uncoded(
            Workload workload, boolean intercept, int components, int iterations) {
        return uncoded(
                workload, SchemeParams.of(2, 0, 1), intercept, components, null, iterations, null);
    }
}
