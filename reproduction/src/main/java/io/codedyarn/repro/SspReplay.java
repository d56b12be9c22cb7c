package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.Ranges;
import java.util.ArrayList;
import java.util.List;

/**
 * The EXACT objective along an SSP run, which the coordinator cannot log (it only sees each block's
 * loss at the model that block read). Replays the run's updates from its logs, with its own
 * evaluation of each block's gradient: round t applied worker i = workersUsed(t), whose k-th update
 * is its k-th task, read at the model of round r = that task's iteration, so
 *
 * <pre>
 *   x_0 = 0,   x_{t+1} = x_t − η ∇F_i(x_r),   F_i = (n_i/n)·LogisticObjective(block i, λ)
 * </pre>
 *
 * (blocks of K = N partitions, as {@code ssp} lays them out), and evaluates F(x_t) at every round:
 * the value the round's row would hold if it were exact. The replay's last point must be the run's
 * returned model (checked by the tests), so the replay is the run's own trajectory.
 */
final class SspReplay {
    private SspReplay() {}

    /** [round t][...]: the points x_t, and F(x_t) in {@link #values}. */
    record Path(double[][] points, double[] values) {}

    static Path replay(RunResult r, DenseRows data, int workers, double step, double lambda) {
        RowRange all = Intercept.append(data).all();
        long n = data.rows();
        List<LogisticObjective> block = new ArrayList<>();
        double[] share = new double[workers];
        for (int i = 0; i < workers; i++) {
            // block i = partition i of N: rows pStart .. pStop (1-based inclusive)
            int first = (int) Ranges.pStart(n, workers, i + 1) - 1;
            int count = (int) (Ranges.pStop(n, workers, i + 1) - first);
            block.add(new LogisticObjective(List.of(all.sub(first, count)), lambda));
            share[i] = (double) count / n;
        }
        LogisticObjective whole = new LogisticObjective(List.of(all), lambda);
        List<List<LatencyRecord>> tasks = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            tasks.add(new ArrayList<>());
        }
        for (LatencyRecord l : r.latencyLog()) {
            if (l.iteration() >= 0) {
                tasks.get(l.worker()).add(l);
            }
        }
        for (List<LatencyRecord> t : tasks) {
            t.sort((a, b) -> Double.compare(a.sentSeconds(), b.sentSeconds()));
        }
        List<IterationRecord> its = r.iterationLog();
        int rounds = its.size();
        double[][] x = new double[rounds + 1][];
        x[0] = new double[all.cols()];
        double[] values = new double[rounds];
        int[] applied = new int[workers];
        for (int t = 0; t < rounds; t++) {
            int i = Integer.parseInt(its.get(t).workersUsed().trim());
            int read = (int) tasks.get(i).get(applied[i]++).iteration();
            double[] g = block.get(i).evaluate(x[read]);
            x[t + 1] = new double[x[t].length];
            for (int j = 0; j < x[t].length; j++) {
                x[t + 1][j] = x[t][j] - step * share[i] * g[1 + j];
            }
            values[t] = whole.evaluate(x[t])[0];
        }
        double[][] points = new double[rounds][];
        System.arraycopy(x, 0, points, 0, rounds);
        return new Path(points, values);
    }

    /**
     * The run with its trace's values and gaps replaced by the replay's exact ones (λ = 1/n, as the
     * training reproductions use).
     */
    static SimulatedRuns.Run exact(
            SimulatedRuns.Run run, DenseRows data, int workers, double step, double reference) {
        double[] v = replay(run.result(), data, workers, step, 1.0 / data.rows()).values();
        double[] g = new double[v.length];
        for (int t = 0; t < v.length; t++) {
            g[t] = (v[t] - reference) / Math.abs(reference);
        }
        Trace tr = run.trace();
        return new SimulatedRuns.Run(
                run.result(),
                new Trace(
                        tr.seconds(),
                        v,
                        g,
                        tr.comm(),
                        tr.comp(),
                        tr.finalObjective(),
                        tr.model(),
                        tr.wallSeconds()));
    }
}
