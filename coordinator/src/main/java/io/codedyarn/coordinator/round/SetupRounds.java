package io.codedyarn.coordinator.round;

import io.codedyarn.compute.model.PowerIteration;
import io.codedyarn.compute.task.Task;
import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;

/**
 * Setup rounds before training, decoded like any round (so they tolerate the same stragglers): the
 * power iteration for λ_max(XᵀX) that gives the default step 1/L (issue 5: "the default step size
 * comes from the data"), and PCA's ‖X‖²_F. Not traced in {@code latency-trace.csv} (iteration −1).
 */
public final class SetupRounds {
    /** Setup power iterations: at most 100 rounds, stop at a relative change of 1e-6. */
    public static final int MAX_ROUNDS = 100;

    public static final double RELATIVE_CHANGE = 1e-6;

    private SetupRounds() {}

    /** λ_max(X̃ᵀX̃) of the (intercept-augmented) data by power iteration, seeded start. */
    static double lambdaMax(DecodeGate rounds, int cols, RandomGenerator rng, RoundDriver driver)
            throws InterruptedException, RunAborted {
        PowerIteration power = new PowerIteration(cols, rng, RELATIVE_CHANGE, MAX_ROUNDS);
        while (!power.done()) {
            double[] s = rounds.evaluate(-1, power.point(), Task.Kind.GRAM, driver).sum();
            power.tell(s[0], gram(s)); // s = [‖Xu‖², −XᵀXu]
        }
        return power.estimate();
    }

    /**
     * The step size: {@code --step}, else 1/L with L from power iteration over the decoded Gram
     * products ({@link io.codedyarn.coordinator.trace.Metric#smoothness}); the one home of this
     * rule for every family.
     */
    public static double stepSize(RunState run, DecodeGate rounds, RoundDriver driver)
            throws InterruptedException, RunAborted {
        if (!Double.isNaN(run.spec.step())) {
            return run.spec.step();
        }
        RandomGenerator rng = Seeds.generator(run.spec.seed() ^ 0x5EEDL);
        return 1.0 / run.metric.smoothness(lambdaMax(rounds, run.cols, rng, driver));
    }

    /** ‖X‖²_F (one SQUARED_NORM round). */
    public static double squaredFrobenius(DecodeGate rounds, int cols, RoundDriver driver)
            throws InterruptedException, RunAborted {
        return rounds.evaluate(-1, new double[cols], Task.Kind.SQUARED_NORM, driver).sum()[0];
    }

    /** XᵀXu from a GRAM round's [‖Xu‖², −XᵀXu]. */
    public static double[] gram(double[] s) {
        double[] g = new double[s.length - 1];
        for (int j = 0; j < g.length; j++) {
            g[j] = -s[1 + j];
        }
        return g;
    }
}
