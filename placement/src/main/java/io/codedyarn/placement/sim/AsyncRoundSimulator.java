package io.codedyarn.placement.sim;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.method.RoundGate;
import java.util.PriorityQueue;

/**
 * Time-only simulation of SAG/DSAG rounds (DSAG §IV-B, the reference's eventdriven.jl semantics)
 * under any latency model: each worker has a task queue of length one; at the start of iteration t
 * every idle worker gets the iterate and works on one subpartition (load / p_i, in {@link
 * LoadUnit}s of n/N rows) for the time the model gives; the coordinator moves on after w FRESH
 * results (computed on this iteration's iterate); a worker returning a stale result is re-tasked at
 * once (same iteration's duration); then a grace window collects what finishes by (1 + grace)·L,
 * without re-tasking ({@link RoundGate}, the gate of the coordinator's SAG/DSAG rounds, grace
 * 0.02). A busy worker gets nothing new, so stragglers stay busy across iterations — what the
 * one-shot order statistic misses. Not thread-safe.
 */
public final class AsyncRoundSimulator {
    private final Plan plan;
    private final LatencyModel model;
    private final RoundGate gate;
    private final double[] load; // one subpartition, LoadUnit: n/N rows
    private final double[] partitionLoad; // the same in partitions, for the computation column
    private final double[] times;
    private final boolean[] idle;
    private final int[] epoch;
    private final PriorityQueue<double[]> busy =
            new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
    private double now;

    public AsyncRoundSimulator(Plan plan, LatencyModel model, int w) {
        if (w < 1 || w > plan.workers()) {
            throw new IllegalArgumentException("need 1 <= w <= workers, got w=" + w);
        }
        this.plan = plan;
        this.model = model;
        this.gate = new RoundGate(w, RoundGate.DEFAULT_GRACE);
        int n = plan.workers();
        this.load = new double[n];
        this.partitionLoad = new double[n];
        for (int i = 0; i < n; i++) {
            partitionLoad[i] = plan.load(i) / plan.family().subpartitions(i);
            load[i] = LoadUnit.ofPartitions(partitionLoad[i], plan.partitions(), n);
        }
        this.times = new double[n];
        this.idle = new boolean[n];
        this.epoch = new int[n];
        java.util.Arrays.fill(idle, true);
    }

    public IterationOutcome step(int t) {
        model.sample(t, load, times);
        double start = now;
        gate.reset();
        int downloads = 0;
        double computation = 0;
        for (int i = 0; i < idle.length; i++) {
            if (idle[i]) {
                busy.add(new double[] {now + times[i], i});
                idle[i] = false;
                epoch[i] = t;
                downloads++;
                computation += partitionLoad[i];
            }
        }
        int received = 0;
        while (gate.freshCount() < gate.w()) {
            double[] e = busy.poll();
            now = e[0];
            int i = (int) e[1];
            received++;
            boolean fresh = epoch[i] == t;
            gate.onArrival(now - start, fresh);
            if (fresh) {
                idle[i] = true;
            } else {
                busy.add(new double[] {now + times[i], i});
                epoch[i] = t;
                downloads++;
                computation += partitionLoad[i];
            }
        }
        while (!busy.isEmpty() && gate.collects(busy.peek()[0] - start)) {
            double[] e = busy.poll();
            now = e[0];
            idle[(int) e[1]] = true;
            received++;
            gate.onArrival(now - start, epoch[(int) e[1]] == t);
        }
        return new IterationOutcome(
                now - start, received, received, downloads, computation / plan.partitions());
    }
}
