package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.checkpoint.CheckpointParts;
import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.sim.CodewordAssigner;
import io.codedyarn.placement.sim.StragglerState;

/**
 * Which codeword each worker computes in the {@link DecodeGate}'s rounds: fixed for every static
 * scheme; GC-DC's Algorithm 1 re-clusters each round from the straggler states the last decode
 * predicted (a worker is slow when its result was not among those decoded) or, with {@code
 * --threshold τ}, from the measured rates ({@link Assigners}), and logs every worker whose codeword
 * changed ({@link GcDcDecisions}). What a checkpoint keeps of the gate ({@link DecodeGate.Saved}).
 * The coordinator's thread only.
 */
final class CodewordAssignment {
    private final int workers;
    private final Decisions events;
    private CodewordAssigner assigner;
    private GcDcDecisions decisions;
    private StragglerState predicted;
    private int[] assignment; // null before the first round and after a switch

    CodewordAssignment(Plan plan, Decisions events) {
        this.workers = plan.workers();
        this.events = events;
        this.assigner = Assigners.forPlan(plan);
        this.decisions = GcDcDecisions.of(plan, events);
        this.predicted = StragglerState.allFast(plan.workers());
    }

    /** Assigns by {@code next}'s code from the next round on (same workers and partitions). */
    void switchTo(Plan next) {
        assigner = Assigners.forPlan(next);
        decisions = GcDcDecisions.of(next, events); // a switch into GC-DC logs its re-clusterings
        assignment = null;
    }

    /**
     * The worker → codeword assignment of a new round (iteration {@code iteration}, {@code seconds}
     * into the run), from the last prediction; logs the workers it moved.
     */
    int[] next(long iteration, double seconds) {
        int[] previous = assignment;
        assignment = assigner.assign(predicted);
        decisions.reassigned(iteration, seconds, previous, assignment, predicted);
        return assignment;
    }

    /** A round decoded: {@code slow} are the workers it did without, {@code rates} as measured. */
    void decoded(boolean[] slow, double[] rates) {
        predicted = new StragglerState(slow, rates);
    }

    /** What the next round's assignment is computed from (the last decode's prediction). */
    StragglerState predicted() {
        return predicted;
    }

    /** The assignment of the round in progress (or the last one). */
    int[] current() {
        return assignment.clone();
    }

    DecodeGate.Saved save() {
        return new DecodeGate.Saved(
                predicted.slow().clone(),
                predicted.rates() == null ? null : predicted.rates().clone(),
                assignment == null ? null : assignment.clone());
    }

    void restore(DecodeGate.Saved s) {
        CheckpointParts.checkLength("gate.slow", s.slow().length, workers);
        if (s.assignment() != null) {
            CheckpointParts.checkLength("gate.assignment", s.assignment().length, workers);
        }
        predicted = new StragglerState(s.slow().clone(), s.rates());
        assignment = s.assignment() == null ? null : s.assignment().clone();
    }
}
