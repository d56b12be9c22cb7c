package io.codedyarn.coordinator.auto;

import io.codedyarn.placement.latency.LatencyModel;

/**
 * A window of measured seconds per unit replayed as a latency model: in simulated round t worker w
 * takes {@code perUnit[t mod T][w] × load[w]} seconds, so a candidate code that gives a worker
 * twice the data makes it take twice as long in the same round, the same common random numbers for
 * every candidate. (Fixed per-task overhead is scaled with the load too; with tasks far longer than
 * a round trip, as auto's candidates at K = n have, that is small.)
 */
final class WindowReplay implements LatencyModel {
    private final double[][] perUnit;

    WindowReplay(double[][] perUnit) {
        this.perUnit = perUnit;
    }

    @Override
    public int workers() {
        return perUnit[0].length;
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        double[] row = perUnit[Math.floorMod(t, perUnit.length)];
        for (int w = 0; w < out.length; w++) {
            out[w] = row[w] * load[w];
        }
    }
}
