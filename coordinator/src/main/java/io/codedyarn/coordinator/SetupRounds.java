package io.codedyarn.coordinator;

import io.codedyarn.placement.Seeds;
import io.codedyarn.worker.task.Task;
import java.util.random.RandomGenerator;

/**
 * Setup rounds before training, decoded like any round (so they tolerate the same stragglers): the
 * power iteration for λ_max(XᵀX) that gives the default step 1/L (issue 5: "the default step size
 * comes from the data"), and PCA's ‖X‖²_F. Not traced in {@code latency-trace.csv} (iteration −1).
 */
final class SetupRounds {
    private static final int MAX_ROUNDS = 100;
    private static final double RELATIVE_CHANGE = 1e-6;

    private SetupRounds() {}

    /** λ_max(X̃ᵀX̃) of the (intercept-augmented) data by power iteration, seeded start. */
    static double lambdaMax(DecodeGate rounds, int cols, RandomGenerator rng)
            throws InterruptedException, RunAborted {
        double[] u = new double[cols];
        for (int j = 0; j < cols; j++) {
            u[j] = rng.nextGaussian();
        }
        normalize(u);
        double estimate = 0;
        for (int r = 0; r < MAX_ROUNDS; r++) {
            double[] s = rounds.evaluate(-1, u, Task.Kind.GRAM).sum(); // [‖Xu‖², −XᵀXu]
            double rayleigh = s[0];
            double[] next = new double[cols];
            for (int j = 0; j < cols; j++) {
                next[j] = -s[1 + j];
            }
            boolean done = Math.abs(rayleigh - estimate) <= RELATIVE_CHANGE * rayleigh;
            estimate = rayleigh;
            if (done || normalize(next) == 0) {
                break;
            }
            u = next;
        }
        return estimate;
    }

    /**
     * The step size: {@code --step}, else 1/L with L from power iteration over the decoded Gram
     * products ({@link Metric#smoothness}); the one home of this rule for every family.
     */
    static double stepSize(RunState run, DecodeGate rounds)
            throws InterruptedException, RunAborted {
        if (!Double.isNaN(run.spec.step())) {
            return run.spec.step();
        }
        RandomGenerator rng = Seeds.generator(run.spec.seed() ^ 0x5EEDL);
        return 1.0 / run.metric.smoothness(lambdaMax(rounds, run.cols, rng));
    }

    /** ‖X‖²_F (one SQUARED_NORM round). */
    static double squaredFrobenius(DecodeGate rounds, int cols)
            throws InterruptedException, RunAborted {
        return rounds.evaluate(-1, new double[cols], Task.Kind.SQUARED_NORM).sum()[0];
    }

    static double normalize(double[] u) {
        double s = 0;
        for (double x : u) {
            s += x * x;
        }
        double norm = Math.sqrt(s);
        if (norm > 0) {
            for (int j = 0; j < u.length; j++) {
                u[j] /= norm;
            }
        }
        return norm;
    }
}
