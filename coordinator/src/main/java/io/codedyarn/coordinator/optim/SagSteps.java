package io.codedyarn.coordinator.optim;

/**
 * The SAG/DSAG step v ← v − η ĝ (DSAG §IV-B, eq. (5) with the cache's estimate ĝ = H/ξ + ∇R), step
 * by step. The same update as {@link GradientDescentSteps} but with no stopping rule: the told
 * gradient is an estimate from a cache of partly stale results, so a zero (or a NaN) estimate says
 * nothing about the iterate; the loop's own stopping rules end the run. Every evaluation is an
 * iterate.
 *
 * @param step η > 0
 * @param next the point to evaluate next (x0 before the first tell)
 * @param iterate the point told last (x0 before the first tell)
 * @param evaluations evaluations told so far
 */
public record SagSteps(double step, double[] next, double[] iterate, int evaluations)
        implements EveryStepAnIterate {
    public SagSteps {
        Vectors.checkStep(step);
        next = Vectors.copy(next, "next");
        iterate = Vectors.copy(iterate, "iterate");
        if (next.length != iterate.length || evaluations < 0) {
            throw new IllegalArgumentException("next and iterate must have one length");
        }
    }

    /** The state before the first evaluation (at x0, not kept). */
    public SagSteps(double step, double[] x0) {
        this(step, x0, x0, 0);
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
        return next.clone();
    }

    @Override
    public boolean finished() {
        return false;
    }

    @Override
    public SagSteps tell(double[] fg) {
        Vectors.checkTold(fg, next.length);
        double[] after = new double[next.length];
        for (int i = 0; i < next.length; i++) {
            after[i] = next[i] - step * fg[1 + i]; // as the old in-loop v[m] -= eta * fg[1 + m]
        }
        return new SagSteps(step, after, next, evaluations + 1);
    }
}
