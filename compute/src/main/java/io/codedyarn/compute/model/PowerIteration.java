package io.codedyarn.compute.model;

import java.util.random.RandomGenerator;

/**
 * Power iteration for λ_max(XᵀX), step by step, wherever XᵀX u is computed (in this process over
 * partitions, or by the workers in decoded GRAM rounds, one instance per group for LAGC's L_g): a
 * seeded Gaussian start u₀/‖u₀‖; each step tells the Rayleigh quotient ‖Xu‖² and XᵀXu, and u ←
 * XᵀXu/‖XᵀXu‖. It stops once the quotient changes by at most {@code relativeChange} of itself, when
 * XᵀXu = 0, or after {@code maxSteps} steps; the estimate is the last quotient told.
 */
public final class PowerIteration {
    private final double relativeChange;
    private final int maxSteps;
    private double[] u;
    private double estimate;
    private int steps;
    private boolean converged;

    /** Draws u₀ (d Gaussians from {@code rng}, in index order) and normalises it. */
    public PowerIteration(int d, RandomGenerator rng, double relativeChange, int maxSteps) {
        this.relativeChange = relativeChange;
        this.maxSteps = maxSteps;
        this.u = new double[d];
        for (int j = 0; j < d; j++) {
            u[j] = rng.nextGaussian();
        }
        normalize(u);
    }

    /** The unit vector u at which ‖Xu‖² and XᵀXu are needed next. */
    public double[] point() {
        return u;
    }

    /** No further step is needed. */
    public boolean done() {
        return converged || steps >= maxSteps;
    }

    /**
     * One step: {@code rayleigh} = ‖Xu‖² and {@code gram} = XᵀXu at {@link #point()} ({@code gram}
     * is taken over and normalised in place).
     */
    public void tell(double rayleigh, double[] gram) {
        converged = Math.abs(rayleigh - estimate) <= relativeChange * rayleigh;
        estimate = rayleigh;
        steps++;
        if (converged || normalize(gram) == 0) {
            converged = true;
            return;
        }
        u = gram;
    }

    /** The last Rayleigh quotient told: the estimate of λ_max (0 before any step). */
    public double estimate() {
        return estimate;
    }

    /** u ← u/‖u‖ (squares summed in index order); returns ‖u‖ (u unchanged when 0). */
    public static double normalize(double[] u) {
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
