package io.codedyarn.coordinator.optim;

/**
 * An optimiser without a line search (GD, Nesterov, the power method, the SAG/DSAG step): every
 * evaluation is an iterate, so the counters follow from the number of evaluations.
 */
interface EveryStepAnIterate extends StepwiseOptimizer {
    /** The first evaluation (at x0) and every later one became an iterate. */
    @Override
    default boolean lastWasIterate() {
        return evaluations() > 0;
    }

    /** Iterations k after k + 1 evaluations (x0 is iterate 0). */
    @Override
    default int iterations() {
        return Math.max(0, evaluations() - 1);
    }
}
