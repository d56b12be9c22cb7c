package io.codedyarn.coordinator;

import io.codedyarn.coordinator.adapt.PlanStep;
import io.codedyarn.coordinator.adapt.Replanner;
import io.codedyarn.coordinator.auto.AutoPlanner;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.placement.Plan;

/**
 * The step between rounds that may change the code itself, as {@link Families} picks the family:
 * the {@link Replanner} for {@code --speeds auto}, auto's planner for {@code --scheme auto}, else
 * none.
 */
final class PlanSteps {
    private PlanSteps() {}

    /**
     * @param startupRead the slowest worker's start-up read of its partitions, in seconds
     * @return null when the run's code never changes
     */
    static PlanStep create(
            RunState run,
            Plan plan,
            RoundEngine engine,
            DecodeGate rounds,
            RunOptions options,
            double startupRead) {
        if (Replanner.applies(run.spec)) {
            return new Replanner(
                    options.speeds(), engine, rounds, Replanner.of(run.spec, plan), run.decisions);
        }
        if (AutoPlanner.applies(run.spec)) {
            return new AutoPlanner(
                    options.auto(), engine, rounds, run, startupRead, options.deliberation());
        }
        return null;
    }
}
