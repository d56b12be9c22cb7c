package io.codedyarn.coordinator.optim;

import java.util.function.Function;

/**
 * Drives a {@link StepwiseOptimizer} on a function evaluated in this process (a reference optimum,
 * a test): evaluate, tell, until the optimiser finishes, has made {@code maxIterations} iterations,
 * or ‖∇F‖ at the iterate is at most {@code gradientTolerance} — the loop test of Nocedal &amp;
 * Wright's algorithms, checked before every evaluation as the loop-owning implementations check it
 * before every iteration (between two iterations the iterate does not change, so checking at each
 * line-search trial gives the same stop).
 */
public final class Minimize {
    private Minimize() {}

    /** L-BFGS from x0; the final state (its {@code fg()} is [F, ∇F] at the iterate). */
    public static LbfgsSteps lbfgs(
            Function<double[], double[]> f,
            double[] x0,
            int maxIterations,
            double gradientTolerance) {
        LbfgsSteps s = new LbfgsSteps(x0);
        while (!s.finished()) {
            if (s.evaluations() > 0
                    && (s.iterations() >= maxIterations
                            || !(Vectors.norm(s.fg(), 1) > gradientTolerance))) {
                break;
            }
            s = s.tell(f.apply(s.point()));
        }
        return s;
    }
}
