package io.codedyarn.coordinator.async;

import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.loadbalance.LatencyProfiler;
import io.codedyarn.placement.loadbalance.LatencyStats;
import io.codedyarn.placement.loadbalance.LoadBalancer;
import io.codedyarn.placement.loadbalance.SignificantDifferences;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * DSAG's load balancing (§VI; digest dsag.md §5) wired to real arrivals, for DSAG and for SAG
 * (SAG-LB, one of the paper's §VII baselines: the same balancer, stale results discarded). Every
 * result feeds the {@link LatencyProfiler} (the worker's own compute time z and the coordinator's
 * round trip, at the p_i the task was cut with); when the {@link BalanceSchedule} says the previous
 * solution is old enough, Algorithm 1 ({@link LoadBalancer}) computes p' on the newest statistics
 * and, when it is published (max/min expected latency improved by the acceptance threshold, eq. (4)
 * with h(p') ≥ h_min), each changed worker's subpartitions are re-cut from where it stopped
 * (Algorithm 2, {@code SubpartitionAlignment.realign}, done by the caller). The optimiser's
 * simulations are seeded from the run's seed. Every solution is a logged adaptation event ({@link
 * Decisions}).
 */
final class DsagBalancing {
    /** Algorithm 1's settings, with the schedule's acceptance threshold. */
    private final LoadBalancer.Config config;

    private final LatencyProfiler profiler;
    private final LoadBalancer balancer;
    private final int[] rows;
    private final int w;
    private final RandomGenerator rng;
    private final BalanceSchedule schedule;
    private final Decisions decisions;
    private double lastSolution;
    private boolean waiting;
    private int solutions;
    private int rebalances;

    /**
     * @param start coordinator seconds at the start of training (the start-up p⁰ counts as the
     *     first solution)
     */
    DsagBalancing(
            int[] rows,
            int[] p0,
            int w,
            long seed,
            BalanceSchedule schedule,
            double start,
            Decisions decisions) {
        this.rows = rows.clone();
        this.w = w;
        this.profiler = new LatencyProfiler(rows, LatencyProfiler.Config.defaults());
        this.config = LoadBalancer.Config.defaults().withMinImprovement(schedule.acceptance());
        this.balancer = new LoadBalancer(p0, config);
        this.rng = Seeds.generator(seed ^ 0x10ADBA1L);
        this.schedule = schedule;
        this.lastSolution = start;
        this.decisions = decisions;
    }

    void record(int worker, double now, double compute, double roundTrip, int p, boolean stale) {
        profiler.record(worker, now, compute, roundTrip, p, stale);
    }

    /**
     * After {@code iteration}, at coordinator second {@code now}: a new partitioning to publish, or
     * empty (not due, no statistics yet, or no improvement worth the cache evictions).
     */
    Optional<int[]> rebalance(long iteration, double now, int[] p) {
        if (!schedule.due(iteration, now, lastSolution)) {
            return Optional.empty();
        }
        String due = schedule.reason(iteration, now, lastSolution);
        Optional<LatencyStats> stats = profiler.statistics(now, p);
        if (stats.isEmpty()) {
            if (!waiting) {
                waiting = true;
                decisions.add(
                        iteration,
                        now,
                        -1,
                        "balance-waits",
                        "load balancer waits",
                        due
                                + ", but not every worker has enough latency samples in the"
                                + " profiler's window yet (DSAG §VI-A)");
            }
            return Optional.empty();
        }
        waiting = false;
        lastSolution = now;
        solutions++;
        SignificantDifferences.Result sig = SignificantDifferences.pool(stats.get());
        LatencyStats s = sig.stats();
        double spread = LoadBalancer.loss(s, p);
        if (spread * config.minImprovement() <= 1) {
            // loss(p') ≥ 1 for every p', so loss(p')/loss(p) ≥ 1/spread ≥ the threshold: no
            // re-cut can be published, and Algorithm 1's simulations would be wasted
            kept(
                    iteration,
                    now,
                    p,
                    String.format(
                            Locale.ROOT,
                            "%s; max/min expected latency %.4g after pooling the workers whose"
                                    + " latency does not differ significantly (%d of %d differ"
                                    + " in computation, %d in communication): no re-cut can"
                                    + " improve it by the acceptance threshold %.2f",
                            due,
                            spread,
                            sig.distinctComputation(),
                            p.length,
                            sig.distinctCommunication(),
                            config.minImprovement()));
            return Optional.empty();
        }
        LoadBalancer.Result r = balancer.optimizeDetailed(s, p, w, rows, rng);
        String why =
                String.format(
                        Locale.ROOT,
                        "%s; %d of %d workers differ significantly in computation, %d in"
                                + " communication; max/min expected latency %.4g -> %.4g (publish"
                                + " if ratio <= %.2f), contribution h = %.4g vs h_min = %.4g",
                        due,
                        sig.distinctComputation(),
                        p.length,
                        sig.distinctCommunication(),
                        r.loss0(),
                        r.loss(),
                        config.minImprovement(),
                        r.contribution(),
                        r.minContribution());
        if (!r.accepted()) {
            kept(iteration, now, p, why);
            return Optional.empty();
        }
        rebalances++;
        int[] q = r.p();
        for (int i = 0; i < q.length; i++) {
            if (q[i] != p[i]) {
                decisions.add(
                        iteration,
                        now,
                        i,
                        "rebalanced",
                        String.format(
                                Locale.ROOT,
                                "subpartitions p %d -> %d (%s work per task), expected latency"
                                        + " %.4g s -> %.4g s",
                                p[i],
                                q[i],
                                q[i] > p[i] ? "less" : "more",
                                s.meanAt(i, p[i]),
                                s.meanAt(i, q[i])),
                        why);
            }
        }
        return Optional.of(q);
    }

    private void kept(long iteration, double now, int[] p, String why) {
        decisions.add(
                iteration,
                now,
                -1,
                "balance-kept",
                "load balancer keeps p = " + Arrays.toString(p),
                why);
    }

    /** Optimiser runs so far (published or not). */
    int solutions() {
        return solutions;
    }

    /** Partitionings published so far. */
    int rebalances() {
        return rebalances;
    }
}
