package io.codedyarn.coordinator.round;

/** Why a run stopped training (a returned value: none of these is an error). */
public enum Stop {
    /** The iteration budget ({@code --iterations}) is spent. */
    ITERATIONS,
    /** The relative gap reached {@code --target-gap}. */
    TARGET_GAP,
    /** The coordinator's clock passed {@code --time-limit}. */
    TIME_LIMIT,
    /** The optimiser can make no further progress (L-BFGS: zero gradient, or a failed search). */
    CONVERGED,
    /** The held-out loss stopped improving ({@code --early-stop}). */
    EARLY_STOP
}
