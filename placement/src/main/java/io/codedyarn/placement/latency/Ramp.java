package io.codedyarn.placement.latency;

/**
 * DSAG's eX3 scenario (§VII, digest §6.4) on top of a base model: worker i (1-based) is slowed by
 * an extra {@code factor}·i/N of its own time, i.e. X_i ← X_i·(1 + factor·i/N), factor 0.4 in the
 * paper. From iteration {@code releaseAt} on (if ≥ 0), the last {@code released} workers lose the
 * extra delay, as the paper's workers 40–49 leave their burst.
 */
public final class Ramp implements LatencyModel {
    private final LatencyModel base;
    private final double factor;
    private final int releaseAt;
    private final int released;

    public Ramp(LatencyModel base, double factor, int releaseAt, int released) {
        if (!(factor >= 0)) {
            throw new IllegalArgumentException("ramp: factor must be >= 0, got " + factor);
        }
        if (released < 0 || released > base.workers()) {
            throw new IllegalArgumentException(
                    "ramp: released must be in [0, workers], got " + released);
        }
        this.base = base;
        this.factor = factor;
        this.releaseAt = releaseAt;
        this.released = released;
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
            boolean free = releaseAt >= 0 && t >= releaseAt && i >= n - released;
            if (!free) {
                out[i] *= 1.0 + factor * (i + 1) / n;
            }
        }
    }

    @Override
    public boolean[] slow() {
        return base.slow();
    }
}
