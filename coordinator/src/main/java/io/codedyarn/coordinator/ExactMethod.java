package io.codedyarn.coordinator;

import io.codedyarn.placement.Seeds;
import io.codedyarn.worker.model.GramSchmidt;
import io.codedyarn.worker.model.Pca;
import io.codedyarn.worker.optim.GradientDescent;
import io.codedyarn.worker.optim.Lbfgs;
import io.codedyarn.worker.optim.Nesterov;
import io.codedyarn.worker.optim.Objective;
import io.codedyarn.worker.optim.Optimizer;
import io.codedyarn.worker.optim.Termination;
import io.codedyarn.worker.task.Task;
import io.codedyarn.worker.task.Workload;
import java.util.random.RandomGenerator;

/**
 * Training with a gradient decoded every round (uncoded, fastest-k, cyclic, fractional, GC-SC,
 * GC-DC, hetero, BCC, ...): each round returns [Σℓ, Σ∇ℓ] at the iterate (exact for exact codes,
 * fastest-k's rescaled estimate otherwise), so the loss is decoded with the gradient and L-BFGS's
 * line search is as straggler-tolerant as the gradient (issue 5). LR/LSQ run an optimiser of {@code
 * worker.optim} (gd, nesterov, lbfgs — default lbfgs, which needs no step size); PCA runs V ← G(V −
 * η(H + V)) (DSAG §1.3; η = 1 is the power method).
 */
final class ExactMethod {
    /** Carries a checked exception out of an {@link Objective}. */
    private static final class Escape extends RuntimeException {
        Escape(Exception cause) {
            super(cause);
        }
    }

    private final Run run;
    private final DecodedRounds rounds;

    ExactMethod(Run run, DecodedRounds rounds) {
        this.run = run;
        this.rounds = rounds;
    }

    void train() throws InterruptedException, RunAborted {
        if (run.spec.workload() == Workload.PCA) {
            trainPca();
            return;
        }
        Optimizer opt = optimizer();
        Objective f =
                x -> {
                    try {
                        return evaluate(x);
                    } catch (InterruptedException | RunAborted e) {
                        throw new Escape(e);
                    }
                };
        try {
            opt.minimize(f, new double[run.modelLength()], new Termination(Integer.MAX_VALUE, 0));
        } catch (Escape e) {
            if (e.getCause() instanceof InterruptedException ie) {
                throw ie;
            }
            throw (RunAborted) e.getCause();
        }
    }

    private double[] evaluate(double[] x) throws InterruptedException, RunAborted {
        int before = rounds.discarded();
        DecodedRounds.Decoded d = rounds.run(run.iteration(), x, Task.Kind.OBJECTIVE);
        double[] fg = run.metric.assemble(d.sum(), x);
        run.record(x, fg[0], true, d.used(), 0, rounds.discarded() - before, d.workersUsed());
        return fg;
    }

    private Optimizer optimizer() throws InterruptedException, RunAborted {
        String name = run.spec.optimizer() == null ? "lbfgs" : run.spec.optimizer();
        return switch (name) {
            case "lbfgs" -> new Lbfgs();
            case "gd" -> new GradientDescent(step());
            case "nesterov" -> new Nesterov(step());
            default ->
                    throw new IllegalArgumentException(
                            "--optimizer: unknown '" + name + "' (gd, nesterov, lbfgs)");
        };
    }

    /** --step, else 1/L with L from power iteration over the decoded Gram products. */
    double step() throws InterruptedException, RunAborted {
        if (!Double.isNaN(run.spec.step())) {
            return run.spec.step();
        }
        RandomGenerator rng = Seeds.generator(run.spec.seed() ^ 0x5EEDL);
        double l = run.metric.smoothness(Setup.lambdaMax(rounds, run.cols, rng));
        return 1.0 / l;
    }

    private void trainPca() throws InterruptedException, RunAborted {
        int d = run.cols;
        int k = run.components();
        run.metric.squaredFrobenius(Setup.squaredFrobenius(rounds, d));
        double eta = Double.isNaN(run.spec.step()) ? 1.0 : run.spec.step();
        double[] v = initialBasis(d, k, run.spec.seed());
        while (true) {
            int before = rounds.discarded();
            DecodedRounds.Decoded r = rounds.run(run.iteration(), v, Task.Kind.OBJECTIVE);
            double ev = run.metric.value(r.sum(), v);
            double[] h = new double[v.length];
            System.arraycopy(r.sum(), 1, h, 0, h.length);
            run.record(v, ev, true, r.used(), 0, rounds.discarded() - before, r.workersUsed());
            Pca.update(v, h, eta, 1.0, d, k);
        }
    }

    /** A seeded Gaussian d×k matrix, orthonormalised (the same V⁰ for every scheme of a seed). */
    static double[] initialBasis(int d, int k, long seed) {
        RandomGenerator rng = Seeds.generator(seed ^ 0x9CA0L);
        double[] v = new double[d * k];
        for (int m = 0; m < v.length; m++) {
            v[m] = rng.nextGaussian();
        }
        GramSchmidt.orthonormalize(v, d, k);
        return v;
    }
}
