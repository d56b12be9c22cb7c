package io.codedyarn.placement.latency;

import java.util.random.RandomGenerator;

/**
 * The LAGC paper's i.i.d. models with mean η·load (LAGC §1.4 of the digest): plain (unshifted)
 * exponential, CDF 1 − exp(−x/(η·load)); or Pareto with shape β &gt; 1 and scale x_m =
 * η·load·(β−1)/β, CDF 1 − (x_m/x)^β, sampled as x_m·U^(−1/β) with U uniform on (0, 1].
 */
public final class ScaledByLoad implements LatencyModel {
    public enum Shape {
        EXPONENTIAL,
        PARETO
    }

    private final int workers;
    private final double eta;
    private final Shape shape;
    private final double beta;
    private final RandomGenerator rng;

    public ScaledByLoad(int workers, double eta, Shape shape, double beta, RandomGenerator rng) {
        if (!(eta > 0)) {
            throw new IllegalArgumentException("eta must be > 0, got " + eta);
        }
        if (shape == Shape.PARETO && !(beta > 1)) {
            throw new IllegalArgumentException(
                    "Pareto shape beta must be > 1 (finite mean), got " + beta);
        }
        this.workers = workers;
        this.eta = eta;
        this.shape = shape;
        this.beta = beta;
        this.rng = rng;
    }

    @Override
    public int workers() {
        return workers;
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        for (int i = 0; i < workers; i++) {
            double mean = eta * load[i];
            if (shape == Shape.EXPONENTIAL) {
                out[i] = mean * rng.nextExponential();
            } else {
                double u = 1.0 - rng.nextDouble(); // (0, 1]
                out[i] = mean * (beta - 1) / beta * Math.pow(u, -1.0 / beta);
            }
        }
    }
}
