package io.codedyarn.compute.optim;

import io.codedyarn.compute.model.Objective;

/**
 * Nesterov's accelerated gradient (BCC's experiments, §6): y_t = x_t + (t−1)/(t+2)·(x_t − x_{t−1}),
 * x_{t+1} = y_t − η ∇F(y_t), starting with x_0 = x_{−1}. This is the same sequence as the θ_t =
 * 2/(t+2) form of the gradient-coding code base (y = (1−θ)x + θu, u ← x + (x' − x)/θ). The gradient
 * is only ever evaluated at y, so each iteration costs one (coded) round.
 */
public final class Nesterov implements Optimizer {
    private final double step;

    public Nesterov(double step) {
        if (!(step > 0)) {
            throw new IllegalArgumentException("--step must be > 0, got " + step);
        }
        this.step = step;
    }

    @Override
    public Result minimize(Objective f, double[] x0, Termination stop) {
        int d = x0.length;
        double[] x = x0.clone();
        double[] previous = x0.clone();
        double[] y = x0.clone();
        double[] fg = f.evaluate(y);
        int it = 0;
        while (Optimizer.norm(fg, 1) > stop.gradientTolerance() && it < stop.maxIterations()) {
            for (int i = 0; i < d; i++) {
                previous[i] = x[i];
                x[i] = y[i] - step * fg[1 + i];
            }
            it++;
            double momentum = (it - 1.0) / (it + 2.0);
            for (int i = 0; i < d; i++) {
                y[i] = x[i] + momentum * (x[i] - previous[i]);
            }
            fg = f.evaluate(y);
        }
        double gn = Optimizer.norm(fg, 1);
        return new Result(y, fg[0], gn, it, it + 1, gn <= stop.gradientTolerance());
    }
}
