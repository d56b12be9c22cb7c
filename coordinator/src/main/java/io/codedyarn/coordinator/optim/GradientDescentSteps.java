package io.codedyarn.coordinator.optim;

/**
 * Gradient descent x_{k+1} = x_k − η∇F(x_k), step by step: bit for bit the points of {@code
 * worker.optim.GradientDescent} under {@code Termination(Integer.MAX_VALUE, 0)}. Every evaluation
 * is an iterate; finished once ‖∇F(x_k)‖ is 0 or NaN (the loop's test {@code ‖∇F‖ > 0} fails).
 *
 * <p>The loop's other test, {@code k < Integer.MAX_VALUE}, always holds here: k = evaluations − 1.
 *
 * @param step η > 0
 * @param next the point to evaluate next: x_{k+1} (x0 before the first tell)
 * @param iterate x_k, the point told last (x0 before the first tell)
 * @param evaluations evaluations told so far (k + 1 after a tell)
 * @param finished no further evaluation is useful
 */
public record GradientDescentSteps(
        double step, double[] next, double[] iterate, int evaluations, boolean finished)
        implements EveryStepAnIterate {
    public GradientDescentSteps {
        Vectors.checkStep(step);
        next = Vectors.copy(next, "next");
        iterate = Vectors.copy(iterate, "iterate");
        if (next.length != iterate.length || evaluations < 0) {
            throw new IllegalArgumentException("next and iterate must have one length");
        }
    }

    /** The state before the first evaluation (at x0, not kept). */
    public GradientDescentSteps(double step, double[] x0) {
        this(step, x0, x0, 0, false);
    }

    @Override
    public double[] next() {
        return next.clone();
    }

    @Override
    public double[] iterate() {
        return iterate.clone();
    }

    @Override
    public double[] point() {
        if (finished) {
            throw Vectors.finished();
        }
        return next.clone();
    }

    @Override
    public GradientDescentSteps tell(double[] fg) {
        if (finished) {
            throw Vectors.finished();
        }
        Vectors.checkTold(fg, next.length);
        double[] x = next; // x_k, told now (the canonical constructor copies it)
        if (!(Vectors.norm(fg, 1) > 0)) {
            return new GradientDescentSteps(step, x, x, evaluations + 1, true);
        }
        double[] after = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            after[i] = x[i] - step * fg[1 + i]; // GradientDescent's x[i] -= step * fg[1 + i]
        }
        return new GradientDescentSteps(step, after, x, evaluations + 1, false);
    }
}
