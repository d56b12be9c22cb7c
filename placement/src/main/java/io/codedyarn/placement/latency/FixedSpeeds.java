package io.codedyarn.placement.latency;

/**
 * Deterministic times: worker i needs load_i / r_i (the setting of the heterogeneity-aware GC
 * optimality theorem). The worst-case choice of stragglers is the simulator's job, not the model's.
 */
public final class FixedSpeeds implements LatencyModel {
    private final double[] speeds;

    public FixedSpeeds(double[] speeds) {
        for (double r : speeds) {
            if (!(r > 0)) {
                throw new IllegalArgumentException("speeds must be > 0, got " + r);
            }
        }
        this.speeds = speeds.clone();
    }

    @Override
    public int workers() {
        return speeds.length;
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        for (int i = 0; i < speeds.length; i++) {
            out[i] = load[i] / speeds[i];
        }
    }
}
