package io.codedyarn.coordinator.optim;

/**
 * Nesterov's accelerated gradient, step by step: bit for bit the points of {@code
 * worker.optim.Nesterov} under {@code Termination(Integer.MAX_VALUE, 0)}. With t = 1, 2, …:
 *
 * <pre>
 *   x_t = y_{t−1} − η∇F(y_{t−1}),   y_t = x_t + (t−1)/(t+2)·(x_t − x_{t−1}),   y_0 = x_0 = x0
 * </pre>
 *
 * (BCC §6; the θ_t = 2/(t+2) form of the gradient-coding code base). The gradient is only evaluated
 * at y, so every evaluation is an iterate and {@link #iterate()} is the y told last (what {@code
 * minimize} returns). Finished once ‖∇F(y)‖ is 0 or NaN.
 *
 * @param step η > 0
 * @param x x_t, the last gradient step (x0 before the first tell)
 * @param next y_t, the point to evaluate next (x0 before the first tell)
 * @param iterate y_{t−1}, the point told last (x0 before the first tell)
 * @param evaluations evaluations told so far (t after a tell)
 * @param finished no further evaluation is useful
 */
public record NesterovSteps(
        double step, double[] x, double[] next, double[] iterate, int evaluations, boolean finished)
        implements EveryStepAnIterate {
    public NesterovSteps {
        Vectors.checkStep(step);
        x = Vectors.copy(x, "x");
        next = Vectors.copy(next, "next");
        iterate = Vectors.copy(iterate, "iterate");
        if (x.length != next.length || x.length != iterate.length || evaluations < 0) {
            throw new IllegalArgumentException("x, next and iterate must have one length");
        }
    }

    /** The state before the first evaluation (at x0, not kept). */
    public NesterovSteps(double step, double[] x0) {
        this(step, x0, x0, x0, 0, false);
    }

    @Override
    public double[] x() {
        return x.clone();
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
    public NesterovSteps tell(double[] fg) {
        if (finished) {
            throw Vectors.finished();
        }
        Vectors.checkTold(fg, next.length);
        double[] y = next;
        int t = evaluations + 1; // Nesterov's it after its it++
        if (!(Vectors.norm(fg, 1) > 0)) {
            return new NesterovSteps(step, x, y, y, t, true);
        }
        int d = y.length;
        double[] xt = new double[d];
        for (int i = 0; i < d; i++) {
            xt[i] = y[i] - step * fg[1 + i];
        }
        double momentum = (t - 1.0) / (t + 2.0);
        double[] yt = new double[d];
        for (int i = 0; i < d; i++) {
            yt[i] = xt[i] + momentum * (xt[i] - x[i]);
        }
        return new NesterovSteps(step, xt, yt, y, t, false);
    }
}
