package io.codedyarn.compute.optim;

/**
 * Outcome of a minimisation: the last iterate, F and ‖∇F‖ there, the number of updates (iterations)
 * and of objective evaluations, and whether the gradient tolerance was met.
 */
public record Result(
        double[] x,
        double value,
        double gradientNorm,
        int iterations,
        int evaluations,
        boolean converged) {}
