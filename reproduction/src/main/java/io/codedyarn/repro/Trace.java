package io.codedyarn.repro;

import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import java.util.List;

/**
 * One simulated training run reduced to what the training reproductions plot, per iteration i: the
 * simulated seconds when iteration i ended, measured from the first broadcast of iteration 0 (so
 * the setup rounds — power iteration for α and the groups' L_g — are not counted, as the papers
 * assume those constants known); the logged metric (F, or the run's own estimate of it for lazy and
 * SAG/DSAG methods); its relative gap; and the cumulative communication C and computation P of LAGC
 * (7)–(8): one unit per task sent (download) and per result the coordinator used or cached
 * (upload), and the data fraction of every task sent, stragglers included (passes over the data):
 * the trace's load over N, as it counts n/N-row shares (the latency models' unit).
 */
public record Trace(
        double[] seconds,
        double[] value,
        double[] gap,
        double[] comm,
        double[] comp,
        double finalObjective,
        double[] model,
        double wallSeconds) {

    /**
     * @param workers N, to turn the trace's loads (n/N-row shares) into fractions of the data
     */
    public static Trace of(RunResult r, int workers, double wallSeconds) {
        List<IterationRecord> its = r.iterationLog();
        int n = its.size();
        double t0 = Double.POSITIVE_INFINITY;
        double[] down = new double[n];
        double[] up = new double[n];
        double[] load = new double[n];
        for (LatencyRecord l : r.latencyLog()) {
            int i = (int) l.iteration();
            if (i < 0 || i >= n) {
                continue;
            }
            if (i == 0) {
                t0 = Math.min(t0, l.sentSeconds());
            }
            down[i]++;
            load[i] += l.load() / workers;
            if (l.use().equals("used") || l.use().equals("stale")) {
                up[i]++;
            }
        }
        if (Double.isInfinite(t0)) {
            t0 = 0;
        }
        double[] s = new double[n];
        double[] v = new double[n];
        double[] g = new double[n];
        double[] c = new double[n];
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            IterationRecord it = its.get(i);
            s[i] = it.seconds() - t0;
            v[i] = it.objective();
            g[i] = it.gap();
            c[i] = (i == 0 ? 0 : c[i - 1]) + down[i] + up[i];
            p[i] = (i == 0 ? 0 : p[i - 1]) + load[i];
        }
        return new Trace(s, v, g, c, p, r.objective(), r.model(), wallSeconds);
    }

    public int iterations() {
        return seconds.length;
    }

    /** First iteration whose value is ≤ {@code threshold}, or −1. */
    public int firstValueAtMost(double threshold) {
        for (int i = 0; i < value.length; i++) {
            if (value[i] <= threshold) {
                return i;
            }
        }
        return -1;
    }

    /** First iteration whose relative gap is ≤ {@code threshold}, or −1. */
    public int firstGapAtMost(double threshold) {
        for (int i = 0; i < gap.length; i++) {
            if (gap[i] <= threshold) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The step function x(t): the entry of the last iteration that ended by t (the run's last one
     * after it ends — curves are held at their final value); NaN before the first.
     */
    public double at(double[] x, double t) {
        double out = Double.NaN;
        for (int i = 0; i < seconds.length && seconds[i] <= t; i++) {
            out = x[i];
        }
        return out;
    }
}
