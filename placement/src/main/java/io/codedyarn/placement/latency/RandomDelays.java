package io.codedyarn.placement.latency;

import java.util.random.RandomGenerator;

/**
 * The Hetero-GC paper's delay model (§VI-A1, Figs. 2–5) on top of a base model, usually {@code
 * fixed} speeds ∝ vCPUs: every broadcast, {@code count} distinct workers drawn uniformly at random
 * get an artificial delay of {@code seconds}, and every worker's speed is multiplied by lognormal
 * noise e^{σZ} (σ = 0: none):
 *
 * <pre>
 *   X_i ← X_i · e^{−σ Z_i} + seconds · [i among the delayed],   Z_i ~ N(0, 1)
 * </pre>
 *
 * A broadcast to every worker (a synchronous round) delays exactly {@code count} of them; a
 * broadcast to one worker (an asynchronous method re-tasking it) delays it with probability
 * count/N, the same rate per task. Common random numbers: N normals and {@code count} indices per
 * broadcast whatever the loads; a worker with load 0 keeps time 0.
 */
public final class RandomDelays implements LatencyModel {
    private final LatencyModel base;
    private final int count;
    private final double seconds;
    private final double sigma;
    private final RandomGenerator rng;
    private final int[] idx;

    public RandomDelays(
            LatencyModel base, int count, double seconds, double sigma, RandomGenerator rng) {
        if (count < 0 || count > base.workers()) {
            throw new IllegalArgumentException(
                    "delay: count must be in [0, workers], got " + count);
        }
        if (!(seconds >= 0)) {
            throw new IllegalArgumentException("delay: seconds must be >= 0, got " + seconds);
        }
        if (!(sigma >= 0)) {
            throw new IllegalArgumentException("delay: sigma must be >= 0, got " + sigma);
        }
        this.base = base;
        this.count = count;
        this.seconds = seconds;
        this.sigma = sigma;
        this.rng = rng;
        this.idx = new int[base.workers()];
    }

    @Override
    public int workers() {
        return base.workers();
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        base.sample(t, load, out);
        int n = out.length;
        for (int i = 0; i < n; i++) {
            out[i] *= Math.exp(-sigma * rng.nextGaussian());
            idx[i] = i;
        }
        for (int k = 0; k < count; k++) { // count distinct workers: a partial Fisher–Yates shuffle
            int j = k + rng.nextInt(n - k);
            int x = idx[k];
            idx[k] = idx[j];
            idx[j] = x;
            if (load[idx[k]] > 0) {
                out[idx[k]] += seconds;
            }
        }
    }

    @Override
    public boolean[] slow() {
        return base.slow();
    }

    @Override
    public double[] rates() {
        return base.rates();
    }
}
