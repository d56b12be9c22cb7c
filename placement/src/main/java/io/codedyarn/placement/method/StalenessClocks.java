package io.codedyarn.placement.method;

import java.util.Arrays;

/**
 * The rule of stale synchronous parallel (SSP; Ho et al., "More effective distributed ML via a
 * stale synchronous parallel parameter server", NIPS 2013, §2): worker i's clock c_i counts the
 * updates it has pushed, and it may start clock c_i (compute its next update) only while
 *
 * <pre>
 *   c_i − min_j c_j ≤ s
 * </pre>
 *
 * i.e. it is at most s clocks ahead of the slowest worker. s = 0 is bulk synchronous: nobody starts
 * clock c + 1 before everyone finished clock c. Equivalently, worker i starts clock c once it
 * finished clock c − 1 AND every worker finished clock c − s − 1.
 *
 * <p>Besides the rule, the clocks count how often a worker that finished a clock found itself
 * blocked by the bound (the Hetero-GC paper's "SSP will in fact easily reach the staleness
 * threshold nearly every step", §VI-A). Pure state: no time, no threads.
 *
 * <p>Example s = 1, two workers: worker 0 finishes twice (clocks 1, 2) while worker 1 finishes
 * none; at c_0 = 2 it is blocked (2 − 0 > 1) until worker 1 finishes its first clock.
 */
public final class StalenessClocks {
    private final int staleness;
    private final long[] clock;
    private long finished;
    private long blocked;

    public StalenessClocks(int workers, int staleness) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be >= 1, got " + workers);
        }
        if (staleness < 0) {
            throw new IllegalArgumentException("staleness must be >= 0, got " + staleness);
        }
        this.staleness = staleness;
        this.clock = new long[workers];
    }

    /** Continues from saved clocks and counters (a checkpoint). */
    public StalenessClocks(int staleness, long[] clocks, long finished, long blocked) {
        this(clocks.length, staleness);
        System.arraycopy(clocks, 0, clock, 0, clocks.length);
        this.finished = finished;
        this.blocked = blocked;
    }

    public int staleness() {
        return staleness;
    }

    /** c_i: the clocks worker i has finished. */
    public long clock(int worker) {
        return clock[worker];
    }

    /** A copy of every c_i. */
    public long[] clocks() {
        return clock.clone();
    }

    /** min_j c_j. */
    public long slowest() {
        return Arrays.stream(clock).min().orElseThrow();
    }

    /** Whether worker i may start its next clock now: c_i − min_j c_j ≤ s. */
    public boolean mayStart(int worker) {
        return clock[worker] - slowest() <= staleness;
    }

    /**
     * Worker i finished a clock (its update was applied): c_i ← c_i + 1. Counts a block when it may
     * not start the next one at once.
     */
    public void finish(int worker) {
        clock[worker]++;
        finished++;
        if (!mayStart(worker)) {
            blocked++;
        }
    }

    /** Clocks finished so far, by all workers. */
    public long finished() {
        return finished;
    }

    /** Of {@link #finished()}, those after which the worker was blocked by the bound. */
    public long blocked() {
        return blocked;
    }
}
