package io.codedyarn.repro;

import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What the Hetero-GC paper's Figs. 4–5 say about a run, measured from its logs (training tasks
 * only, iteration ≥ 0; the window is from the first training task sent to the last round's end):
 *
 * <ul>
 *   <li>resource usage (Fig. 5): Σ_i busy_i / (N · window), busy_i the compute seconds of worker
 *       i's tasks that came back — the CPU time a worker spends computing over the wall time. The
 *       paper's formula was lost ("calculated by average iteration"); a worker that never answers
 *       within the window (a failure) counts as idle;
 *   <li>SSP's staleness-bound hits (Fig. 4's reason): the fraction of a worker's finished tasks
 *       after which its next task was sent later than the result arrived. An SSP worker is
 *       re-tasked at once unless the bound holds it back, so this is the fraction of clocks that
 *       ended at the bound;
 *   <li>contributions per worker: the rounds whose update came from each worker (SSP applies one
 *       worker's block per round, {@link IterationRecord#workersUsed()}), and their mean staleness:
 *       the rounds between the one a worker's task was sent in (the model it read) and the one that
 *       applied it, pairing each worker's k-th task with its k-th update.
 * </ul>
 */
record RunUsage(double usage, double boundHits, long[] updates, double[] staleness) {

    static RunUsage of(RunResult r, int workers) {
        double t0 = Double.POSITIVE_INFINITY;
        List<List<LatencyRecord>> per = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            per.add(new ArrayList<>());
        }
        for (LatencyRecord l : r.latencyLog()) {
            if (l.iteration() >= 0) {
                t0 = Math.min(t0, l.sentSeconds());
                per.get(l.worker()).add(l);
            }
        }
        List<IterationRecord> its = r.iterationLog();
        double end = its.get(its.size() - 1).seconds();
        double busy = 0;
        long finished = 0;
        long held = 0;
        for (List<LatencyRecord> tasks : per) {
            tasks.sort((a, b) -> Double.compare(a.sentSeconds(), b.sentSeconds()));
            for (int k = 0; k < tasks.size(); k++) {
                LatencyRecord l = tasks.get(k);
                boolean back = !Double.isNaN(l.receivedSeconds()) && l.receivedSeconds() <= end;
                if (back) {
                    busy += l.computeSeconds();
                }
                if (back && k + 1 < tasks.size()) {
                    finished++;
                    if (tasks.get(k + 1).sentSeconds() > l.receivedSeconds() + 1e-9) {
                        held++;
                    }
                }
            }
        }
        long[] updates = new long[workers];
        double[] staleness = new double[workers];
        for (IterationRecord it : its) {
            String w = it.workersUsed().trim();
            if (it.used() + it.stale() == 1 && !w.isEmpty() && !w.contains(" ")) {
                int i = Integer.parseInt(w);
                List<LatencyRecord> tasks = per.get(i);
                if (updates[i] < tasks.size()) {
                    staleness[i] += it.iteration() - tasks.get((int) updates[i]).iteration();
                }
                updates[i]++;
            }
        }
        for (int i = 0; i < workers; i++) {
            staleness[i] = updates[i] == 0 ? Double.NaN : staleness[i] / updates[i];
        }
        double window = end - t0;
        return new RunUsage(
                busy / (workers * window),
                finished == 0 ? Double.NaN : (double) held / finished,
                updates,
                staleness);
    }
}
