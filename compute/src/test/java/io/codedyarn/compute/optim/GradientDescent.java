package io.codedyarn.compute.optim;

import io.codedyarn.compute.model.Objective;

/** Plain gradient descent x ← x − η ∇F(x) (GD baseline of every paper; η = 1/L by default). */
public final class GradientDescent implements Optimizer {
    private final double step;

    public GradientDescent(double step) {
        if (!(step > 0)) {
            throw new IllegalArgumentException("--step must be > 0, got " + step);
        }
        this.step = step;
    }

    @Override
    public Result minimize(Objective f, double[] x0, Termination stop) {
        double[] x = x0.clone();
        double[] fg = f.evaluate(x);
        int it = 0;
        while (Optimizer.norm(fg, 1) > stop.gradientTolerance() && it < stop.maxIterations()) {
            for (int i = 0; i < x.length; i++) {
                x[i] -= step * fg[1 + i];
            }
            fg = f.evaluate(x);
            it++;
        }
        double gn = Optimizer.norm(fg, 1);
        return new Result(x, fg[0], gn, it, it + 1, gn <= stop.gradientTolerance());
    }
}
