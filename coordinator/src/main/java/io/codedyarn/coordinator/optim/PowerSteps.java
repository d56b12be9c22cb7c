package io.codedyarn.coordinator.optim;

import io.codedyarn.compute.model.GramSchmidt;
import io.codedyarn.compute.model.Pca;
import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * PCA by DSAG's gradient method (§1.3), step by step: V ← G(V − η(H + V)) with H = −XᵀXV the told
 * gradient sum (fg = [Σ‖xV‖², H], the kernel's payload) and G classical Gram–Schmidt; η = 1 is the
 * power (orthogonal) iteration, by {@code compute.model.Pca.update(v, h, eta, 1.0, d, k)} (ξ = 1).
 * V is d×k row-major. There is no stopping rule: never {@link #finished()}; every evaluation is an
 * iterate.
 *
 * @param eta η > 0
 * @param d rows of V
 * @param k columns of V
 * @param next the V to evaluate next (V⁰ before the first tell)
 * @param iterate the V told last (V⁰ before the first tell)
 * @param evaluations evaluations told so far
 */
public record PowerSteps(int d, int k, double eta, double[] next, double[] iterate, int evaluations)
        implements EveryStepAnIterate {
    public PowerSteps {
        Vectors.checkStep(eta);
        next = Vectors.copy(next, "next");
        iterate = Vectors.copy(iterate, "iterate");
        if (d < 1 || k < 1 || next.length != (long) d * k || iterate.length != next.length) {
            throw new IllegalArgumentException("V must be d x k = " + d + " x " + k);
        }
        if (evaluations < 0) {
            throw new IllegalArgumentException("evaluations must be >= 0");
        }
    }

    /** The state before the first evaluation, at V⁰ = {@code v0} (d×k row-major, not kept). */
    public PowerSteps(double eta, int d, int k, double[] v0) {
        this(d, k, eta, v0, v0, 0);
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
    public PowerSteps tell(double[] fg) {
        Vectors.checkTold(fg, next.length);
        double[] v = next.clone();
        Pca.update(v, Arrays.copyOfRange(fg, 1, fg.length), eta, 1.0, d, k);
        return new PowerSteps(d, k, eta, v, next, evaluations + 1);
    }

    /** A seeded Gaussian d×k matrix, orthonormalised (the same V⁰ for every scheme of a seed). */
    public static double[] initialBasis(int d, int k, long seed) {
        RandomGenerator rng = Seeds.generator(seed ^ 0x9CA0L);
        double[] v = new double[d * k];
        for (int m = 0; m < v.length; m++) {
            v[m] = rng.nextGaussian();
        }
        GramSchmidt.orthonormalize(v, d, k);
        return v;
    }
}
