package io.codedyarn.compute.optim;

/**
 * When an optimiser stops: after {@code maxIterations} updates, or once ‖∇F(x)‖₂ ≤ {@code
 * gradientTolerance} at the current iterate.
 */
public record Termination(int maxIterations, double gradientTolerance) {
    public Termination {
        if (maxIterations < 0 || !(gradientTolerance >= 0)) {
            throw new IllegalArgumentException(
                    "need maxIterations >= 0 and gradientTolerance >= 0");
        }
    }
}
