package io.codedyarn.compute.model;

/**
 * A differentiable function F: R^d → R evaluated as one vector [F(x), ∇F(x)_0, …, ∇F(x)_{d−1}]
 * (length 1 + d) — the layout the kernels return, so a coordinator can implement this by
 * broadcasting x and decoding the coded [loss, gradient] sums of the workers.
 */
@FunctionalInterface
public interface Objective {
    /** [F(x), ∇F(x)]; must not modify {@code x}. */
    double[] evaluate(double[] x);
}
