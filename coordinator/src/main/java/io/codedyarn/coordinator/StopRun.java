package io.codedyarn.coordinator;

/**
 * Thrown from inside an optimiser's objective when a stopping rule holds (iterations, target gap,
 * time limit): the optimisers of {@code worker.optim} run their own loops, so this is how the
 * coordinator ends them early. Not an error.
 */
final class StopRun extends RuntimeException {
    StopRun() {
        super(null, null, false, false);
    }
}
