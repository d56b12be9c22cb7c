package io.codedyarn.am.output;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.SchemeParams;

/** Test fixture: a training spec with the defaults ({@code uncoded} on 2 workers, seed 1). */
final class Specs {
    private Specs() {}

    static TrainSpec uncoded(Workload workload, boolean intercept, int components, int iterations) {
        return new TrainSpec(
                workload,
                "uncoded",
                SchemeParams.of(2, 0, 1),
                components,
                Double.NaN,
                intercept,
                null,
                Double.NaN,
                iterations,
                Double.NaN,
                Double.NaN,
                0,
                Double.NaN,
                null,
                null,
                1);
    }
}
