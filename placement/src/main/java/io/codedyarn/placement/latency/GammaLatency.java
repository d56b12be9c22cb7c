package io.codedyarn.placement.latency;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * DSAG's steady-state model (DSAG §III, digest §2.2): X_i = Y_i + Z_i, communication Y_i and
 * computation Z_i independent gamma variables with per-worker parameters, fitted by moments: shape
 * = e²/v, scale = v/e. Computation mean and variance are proportional to the load (DSAG Fig. 1), so
 * worker i's parameters are given per unit of load.
 */
public final class GammaLatency implements LatencyModel {

    /** Per-worker moments: communication (per iteration) and computation (per unit of load). */
    public record WorkerMoments(double commMean, double commVar, double compMean, double compVar) {
        public WorkerMoments {
            if (!(commMean >= 0) || !(commVar >= 0) || !(compMean > 0) || !(compVar >= 0)) {
                throw new IllegalArgumentException(
                        "need means > 0 (communication >= 0) and variances >= 0, got " + this);
            }
        }
    }

    private final List<WorkerMoments> workers;
    private final RandomGenerator rng;

    public GammaLatency(List<WorkerMoments> workers, RandomGenerator rng) {
        this.workers = List.copyOf(workers);
        this.rng = rng;
    }

    /** Method-of-moments shape e²/v. */
    public static double shape(double mean, double variance) {
        return mean * mean / variance;
    }

    /** Method-of-moments scale v/e. */
    public static double scale(double mean, double variance) {
        return variance / mean;
    }

    @Override
    public int workers() {
        return workers.size();
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        for (int i = 0; i < workers.size(); i++) {
            WorkerMoments m = workers.get(i);
            double y = Gamma.sample(rng, m.commMean(), m.commVar());
            double z = Gamma.sample(rng, m.compMean() * load[i], m.compVar() * load[i]);
            out[i] = load[i] == 0 ? 0 : y + z;
        }
    }
}
