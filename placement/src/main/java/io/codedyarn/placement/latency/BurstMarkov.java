package io.codedyarn.placement.latency;

import java.util.random.RandomGenerator;

/**
 * DSAG's burst injector (reference code, digest §2.3), applied on top of a base model: each worker
 * runs a two-state Markov chain (normal ↔ burst) stepped once per iteration with P(normal → burst)
 * = {@code enter} and P(burst → normal) = {@code leave}; in a burst its time is multiplied by
 * {@code factor}. Defaults from the reference: enter 0.011, leave 0.286, factor 1.103. The initial
 * state is drawn from the stationary distribution, P(burst) = enter / (enter + leave).
 */
public final class BurstMarkov implements LatencyModel {
    private final LatencyModel base;
    private final double enter;
    private final double leave;
    private final double factor;
    private final boolean[] burst;
    private final RandomGenerator rng;

    public BurstMarkov(
            LatencyModel base, double enter, double leave, double factor, RandomGenerator rng) {
        if (!(enter >= 0 && enter <= 1 && leave >= 0 && leave <= 1 && enter + leave > 0)) {
            throw new IllegalArgumentException("burst: need probabilities in [0, 1], not both 0");
        }
        if (!(factor > 0)) {
            throw new IllegalArgumentException("burst: factor must be > 0, got " + factor);
        }
        this.base = base;
        this.enter = enter;
        this.leave = leave;
        this.factor = factor;
        this.rng = rng;
        this.burst = new boolean[base.workers()];
        double stationary = enter / (enter + leave);
        for (int i = 0; i < burst.length; i++) {
            burst[i] = rng.nextDouble() < stationary;
        }
    }

    @Override
    public int workers() {
        return base.workers();
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        base.sample(t, load, out);
        for (int i = 0; i < burst.length; i++) {
            double u = rng.nextDouble();
            if (t > 0) {
                burst[i] = burst[i] ? u >= leave : u < enter;
            }
            if (burst[i]) {
                out[i] *= factor;
            }
        }
    }

    @Override
    public boolean[] slow() {
        boolean[] s = base.slow();
        for (int i = 0; i < s.length; i++) {
            s[i] |= burst[i];
        }
        return s;
    }
}
