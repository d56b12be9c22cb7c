package io.codedyarn.coordinator;

import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.loadbalance.LatencyProfiler;
import io.codedyarn.placement.loadbalance.LatencyStats;
import io.codedyarn.placement.loadbalance.LoadBalancer;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * DSAG's load balancing (§VI; digest dsag.md §5) wired to real arrivals: every result feeds the
 * {@link LatencyProfiler} (the worker's own compute time z and the coordinator's round trip, at the
 * p_i the task was cut with); every {@link #EVERY} iterations the coordinator asks Algorithm 1
 * ({@link LoadBalancer}) for a new partitioning p' and, when it is published, re-cuts each changed
 * worker's subpartitions from where it stopped (Algorithm 2, {@code
 * SubpartitionAlignment.realign}). The paper runs the optimiser on its own thread; here it runs
 * between iterations on the coordinator's thread (it is a few milliseconds of simulation), which
 * keeps the run deterministic under a simulated clock. The optimiser's simulations are seeded from
 * the run's seed.
 */
final class DsagBalancing {
    /** Iterations between two optimisations. */
    static final int EVERY = 10;

    private final LatencyProfiler profiler;
    private final LoadBalancer balancer;
    private final int[] rows;
    private final int w;
    private final RandomGenerator rng;
    private int rebalances;

    DsagBalancing(int[] rows, int[] p0, int w, long seed) {
        this.rows = rows.clone();
        this.w = w;
        this.profiler = new LatencyProfiler(rows, LatencyProfiler.Config.defaults());
        this.balancer = new LoadBalancer(p0, LoadBalancer.Config.defaults());
        this.rng = Seeds.generator(seed ^ 0x10ADBA1L);
    }

    void record(int worker, double now, double compute, double roundTrip, int p, boolean stale) {
        profiler.record(worker, now, compute, roundTrip, p, stale);
    }

    /** A new partitioning to publish at {@code now} (seconds), or empty. */
    Optional<int[]> rebalance(double now, int[] p) {
        Optional<LatencyStats> stats = profiler.statistics(now, p);
        if (stats.isEmpty()) {
            return Optional.empty();
        }
        Optional<int[]> next = balancer.optimize(stats.get(), p, w, rows, rng);
        next.ifPresent(q -> rebalances++);
        return next;
    }

    int rebalances() {
        return rebalances;
    }
}
