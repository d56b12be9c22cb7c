package io.codedyarn.coordinator.async;

import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.coordinator.checkpoint.CheckpointParts;
import io.codedyarn.coordinator.round.Aggregator;
import io.codedyarn.coordinator.round.Arrival;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.Verdict;
import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.dsag.SampleRange;
import io.codedyarn.placement.dsag.SubpartitionAlignment;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.method.RoundGate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The aggregator of SAG and DSAG (DSAG §IV-B; the reference's event-driven semantics, as {@code
 * AsyncRoundSimulator}): worker i stores a contiguous block of samples split into p_i subpartitions
 * and works through them cyclically, one per task. Each round every idle worker gets the iterate;
 * the round is enough after w FRESH results (computed at this iterate) plus a 2 % grace window
 * ({@link RoundGate}); a worker returning a stale result is re-tasked at once while fewer than w
 * fresh results are in; busy workers get nothing new, so stragglers stay busy across iterations.
 * DSAG inserts stale results into the cache when fresher than what they overlap; SAG discards them.
 * The estimate is the cache's. With load balancing ({@link DsagBalancing}, DSAG-LB and SAG-LB) the
 * p_i change between rounds.
 */
final class AsyncGate implements Aggregator {
    private final Plan plan;
    private final RoundEngine engine;
    private final int n;
    private final int w;
    private final Training.Memory memory;
    private DsagBalancing balancing;
    private final AsyncFamily.Parameters params;
    private final Decisions decisions;
    private final RoundGate gate;
    private final SampleRange[] blocks;
    private final long[] partitionStart; // 1-based global index of each partition's first row
    private final long[] nextPart; // 1-based k of the next subpartition per worker
    private final long[] lastPart; // 1-based k of the last subpartition sent (0: none yet)
    private final int[] p; // current subpartition counts p_i
    private final int[] pInFlight; // the p_i the in-flight task was cut with
    private final SampleRange[] inFlight;
    private GradientAggregator agg;

    // The round in progress.
    private long round;
    private long iteration;
    private double[] v;
    private long start;
    private long deadline;
    private int used;
    private int stale;
    private int discarded;
    private StringBuilder who;

    AsyncGate(
            Plan plan,
            RoundEngine engine,
            long[] partitionRows,
            AsyncFamily.Parameters params,
            Decisions decisions) {
        this.plan = plan;
        this.engine = engine;
        this.n = plan.workers();
        this.w = params.w();
        this.memory = params.memory();
        this.params = params;
        this.decisions = decisions;
        this.gate = new RoundGate(w, params.grace());
        partitionStart = new long[partitionRows.length + 1];
        partitionStart[0] = 1;
        for (int j = 0; j < partitionRows.length; j++) {
            partitionStart[j + 1] = partitionStart[j] + partitionRows[j];
        }
        blocks = new SampleRange[n];
        for (int i = 0; i < n; i++) {
            int[] parts = plan.stored(i);
            blocks[i] =
                    new SampleRange(
                            partitionStart[parts[0]],
                            partitionStart[parts[parts.length - 1] + 1] - 1);
        }
        nextPart = new long[n];
        Arrays.fill(nextPart, 1);
        lastPart = new long[n];
        p = new int[n];
        pInFlight = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = (int) Math.min(plan.family().subpartitions(i), blocks[i].size());
        }
        inFlight = new SampleRange[n];
        // SAG-LB and DSAG-LB: the same balancer (DSAG §VII); SAG's cache evicts on re-cuts too.
        this.balancing =
                params.loadBalance()
                        ? new DsagBalancing(
                                blockRows(),
                                p,
                                w,
                                params.seed(),
                                params.schedule(),
                                engine.elapsedSeconds(),
                                decisions)
                        : null;
    }

    /**
     * The gate's state between rounds (checkpoints): each worker's cyclic cursor and p_i, and the
     * cache with the round it is at (null before the first round). The load balancer's latency
     * profile is not kept: it describes the containers that ran before, and a resumed run measures
     * its own (so a resumed SAG-LB/DSAG-LB run re-balances from fresh measurements).
     */
    record Saved(
            long[] nextPart,
            long[] lastPart,
            int[] p,
            long cacheRound,
            io.codedyarn.coordinator.async.GradientCache.State cache) {}

    Saved save() {
        io.codedyarn.coordinator.async.GradientCache.State cache = null;
        if (agg instanceof DsagAggregator d) {
            cache = d.cache().state();
        } else if (agg instanceof SagAggregator s) {
            cache = s.cache().state();
        }
        return new Saved(
                nextPart.clone(),
                lastPart.clone(),
                p.clone(),
                agg == null ? -1 : agg.iteration(),
                cache);
    }

    /** Continues from {@link #save()} of the same job's gate (before the first round). */
    void restore(Saved s) {
        CheckpointParts.checkLength("family.gate.p", s.p().length, n);
        CheckpointParts.checkLength("family.gate.nextPart", s.nextPart().length, n);
        CheckpointParts.checkLength("family.gate.lastPart", s.lastPart().length, n);
        System.arraycopy(s.nextPart(), 0, nextPart, 0, n);
        System.arraycopy(s.lastPart(), 0, lastPart, 0, n);
        System.arraycopy(s.p(), 0, p, 0, n);
        if (s.cache() != null) {
            long total = partitionStart[partitionStart.length - 1] - 1;
            if (memory == Training.Memory.FRESH_AND_STALE) {
                DsagAggregator d = new DsagAggregator(total, s.cache().dimension(), s.cacheRound());
                d.restore(s.cache(), s.cacheRound());
                agg = d;
            } else {
                SagAggregator a = new SagAggregator(total, s.cache().dimension(), s.cacheRound());
                a.restore(s.cache(), s.cacheRound());
                agg = a;
            }
            holdRecuts();
        }
        if (balancing != null) {
            balancing =
                    new DsagBalancing(
                            blockRows(),
                            p,
                            w,
                            params.seed(),
                            params.schedule(),
                            engine.elapsedSeconds(),
                            decisions);
        }
    }

    /**
     * With load balancing, the cache holds a re-cut worker's new results until they cover its old
     * entries ({@link RecutHold}), so a re-cut never opens a hole in the cache.
     */
    private void holdRecuts() {
        if (balancing != null && agg instanceof CacheAggregator c) {
            c.keepCoverageAcrossRecuts();
        }
    }

    /** Starts a round at iterate v: every idle live worker gets its next subpartition. */
    void begin(long iteration, double[] v) {
        this.iteration = iteration;
        this.v = v;
        round = engine.newRound();
        if (agg == null) {
            long total = partitionStart[partitionStart.length - 1] - 1;
            agg =
                    switch (memory) {
                        case FRESH_AND_STALE -> new DsagAggregator(total, 1 + v.length, round);
                        case FRESH -> new SagAggregator(total, 1 + v.length, round);
                        case NONE -> new SgdAggregator(total, 1 + v.length, round);
                    };
            holdRecuts();
        }
        agg.beginIteration(round);
        gate.reset();
        start = engine.now();
        deadline = Long.MAX_VALUE;
        used = 0;
        stale = 0;
        discarded = 0;
        who = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (engine.alive(i) && !engine.busy(i)) {
                sendNext(i);
            }
        }
    }

    @Override
    public long deadline() {
        return deadline;
    }

    @Override
    public Verdict accept(Arrival a) throws RunAborted {
        return Verdict.enoughIf(take(a));
    }

    private boolean take(Arrival a) throws RunAborted {
        if (a == null) {
            return true; // the grace window closed
        }
        if (a.failed()) {
            if (engine.aliveCount() < w) {
                throw new RunAborted(
                        "worker "
                                + a.worker()
                                + " failed ("
                                + a.failure()
                                + "); "
                                + engine.aliveCount()
                                + " live workers < w = "
                                + w);
            }
            return false;
        }
        int i = a.worker();
        SampleRange r = inFlight[i];
        inFlight[i] = null;
        boolean fresh = a.round() == round;
        if (balancing != null) {
            balancing.record(
                    i,
                    engine.elapsedSeconds(),
                    a.computeNanos() / 1e9,
                    engine.roundTripSeconds(a),
                    pInFlight[i],
                    !fresh);
        }
        OfferResult res = agg.offer(r.first(), r.last(), a.round(), a.values()[0]);
        if (fresh) {
            engine.mark(a, "used");
            used++;
            who.append(who.length() == 0 ? "" : " ").append(i);
        } else if (res == OfferResult.DISCARDED_STALE) {
            engine.mark(a, "discarded");
            discarded++;
        } else {
            engine.mark(a, "stale");
            stale++;
        }
        double elapsed = (engine.now() - start) / 1e9;
        if (!fresh && gate.freshCount() < w) {
            sendNext(i);
        }
        RoundGate.Decision dec = gate.onArrival(elapsed, fresh);
        boolean anyBusy = false;
        for (int j = 0; j < n; j++) {
            anyBusy |= engine.alive(j) && engine.busy(j);
        }
        if (dec.status() == RoundGate.Status.DONE
                || (dec.status() == RoundGate.Status.IN_GRACE && !anyBusy)) {
            return true;
        }
        if (dec.status() == RoundGate.Status.IN_GRACE) {
            deadline = start + (long) Math.ceil(dec.deadline() * 1e9);
        }
        return false;
    }

    /** The cache's estimate [Σℓ, Σ∇ℓ] (scaled by the cache's coverage) after the round. */
    double[] estimate() {
        return agg.estimate();
    }

    int used() {
        return used;
    }

    int stale() {
        return stale;
    }

    int discarded() {
        return discarded;
    }

    String who() {
        return who.toString();
    }

    /**
     * Load balancing after {@code iteration}, when its {@link BalanceSchedule} says so (no-op
     * without balancing).
     */
    void rebalance(long iteration) {
        if (balancing != null) {
            balancing
                    .rebalance(iteration, engine.elapsedSeconds(), p.clone())
                    .ifPresent(this::repartition);
        }
    }

    /** Publishes p': each changed worker continues from where it stopped (Algorithm 2). */
    private void repartition(int[] next) {
        for (int i = 0; i < n; i++) {
            if (next[i] != p[i]) {
                nextPart[i] =
                        lastPart[i] == 0
                                ? 1
                                : SubpartitionAlignment.realign(
                                        blocks[i].size(), p[i], next[i], lastPart[i]);
                p[i] = next[i];
            }
        }
    }

    private int[] blockRows() {
        int[] rows = new int[n];
        for (int i = 0; i < n; i++) {
            rows[i] = Math.toIntExact(blocks[i].size());
        }
        return rows;
    }

    /** Sends worker i its next subpartition (cyclic k = 1..p_i) at the round's iterate. */
    private void sendNext(int i) {
        long k = nextPart[i];
        nextPart[i] = k % p[i] + 1;
        lastPart[i] = k;
        pInFlight[i] = p[i];
        SampleRange r = blocks[i].part(p[i], k);
        inFlight[i] = r;
        List<Piece> pieces = new ArrayList<>();
        for (int part : plan.stored(i)) {
            long lo = Math.max(r.first(), partitionStart[part]);
            long hi = Math.min(r.last(), partitionStart[part + 1] - 1);
            if (lo <= hi) {
                pieces.add(
                        new Piece(
                                part, (int) (lo - partitionStart[part]), (int) (hi - lo + 1), 1.0));
            }
        }
        engine.send(
                iteration,
                i,
                new Task(round, v.clone(), List.of(new WorkUnit(pieces))),
                new long[] {r.first()},
                // n/N-row shares of the subpartition's rows, as the simulated cluster charges it
                LoadUnit.ofRows(
                        r.size(), partitionStart[partitionStart.length - 1] - 1, plan.workers()));
    }
}
