package io.codedyarn.repro;

import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * DSAG's coded-computing baseline (§VII-A, digest §4.5 and §7 item 15): not a code but a bound on
 * every MDS code of rate r with free decoding, derived from a GD run. Per GD iteration t, each
 * worker's recorded time is re-timed as Y_i + Z_i/r (its computation scaled by the load factor 1/r,
 * its communication Y_i = RTT − compute unchanged) and the iteration takes the ⌈rN⌉-th smallest of
 * them; convergence per iteration is GD's. So the bound's curve is GD's values on a new time axis.
 *
 * <p>The paper uses r = 45/49 at N = 49 (load ×49/45 ≈ 1.09), which it found faster than lower
 * rates; gradient coding tolerating s stragglers costs ×(s + 1) instead.
 */
final class IdealMdsBound {
    private IdealMdsBound() {}

    /** ⌈rN⌉: how many results an MDS code of rate r needs. */
    static int needed(int workers, double rate) {
        if (!(rate > 0 && rate <= 1)) {
            throw new IllegalArgumentException("code rate must be in (0, 1], got " + rate);
        }
        return (int) Math.ceil(rate * workers - 1e-9);
    }

    /**
     * @param gd a GD run (every worker gets one task per iteration)
     * @param gdTrace its trace (values, gaps and model are kept)
     */
    static Trace of(RunResult gd, Trace gdTrace, int workers, double rate) {
        int k = needed(workers, rate);
        int n = gdTrace.iterations();
        List<List<Double>> times = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            times.add(new ArrayList<>());
        }
        for (LatencyRecord l : gd.latencyLog()) {
            int i = (int) l.iteration();
            if (i < 0 || i >= n || l.use().equals("lost")) {
                continue;
            }
            double comm = l.latency() - l.computeSeconds();
            times.get(i).add(comm + l.computeSeconds() / rate);
        }
        double[] seconds = new double[n];
        double[] comm = new double[n];
        double[] comp = new double[n];
        for (int i = 0; i < n; i++) {
            double[] x = times.get(i).stream().mapToDouble(Double::doubleValue).toArray();
            if (x.length < k) {
                throw new IllegalStateException(
                        "GD iteration "
                                + i
                                + " has "
                                + x.length
                                + " results, the bound needs "
                                + k);
            }
            Arrays.sort(x);
            seconds[i] = (i == 0 ? 0 : seconds[i - 1]) + x[k - 1];
            // N tasks sent, ⌈rN⌉ results used; each task carries 1/(rN) of the data.
            comm[i] = (i == 0 ? 0 : comm[i - 1]) + workers + k;
            comp[i] = (i == 0 ? 0 : comp[i - 1]) + 1 / rate;
        }
        return new Trace(
                seconds,
                gdTrace.value(),
                gdTrace.gap(),
                comm,
                comp,
                gdTrace.finalObjective(),
                gdTrace.model(),
                0);
    }
}
