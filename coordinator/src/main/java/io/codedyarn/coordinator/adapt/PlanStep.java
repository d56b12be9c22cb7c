package io.codedyarn.coordinator.adapt;

import io.codedyarn.coordinator.round.WorkerChange;
import java.util.List;

/**
 * The step between two rounds that may change the code itself, after the {@link Adapter}: the
 * {@link Replanner} ({@code --speeds auto}) or auto's planner ({@code --scheme auto}).
 */
public interface PlanStep {
    /** {@code iteration}: the next round's; {@code changes}: the workers' since the last step. */
    void adapt(long iteration, List<WorkerChange> changes);
}
