package io.codedyarn.coordinator.ssp;

import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.coordinator.round.Aggregator;
import io.codedyarn.coordinator.round.Arrival;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.Verdict;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.method.StalenessClocks;
import java.util.ArrayList;
import java.util.List;

/**
 * The aggregator of stale synchronous parallel ({@link SspFamily}): a round is ONE update of the
 * parameter server. When a round begins, every live idle worker that the staleness bound lets start
 * ({@link StalenessClocks#mayStart}) gets the current model and computes the sums [Σℓ, Σ∇ℓ] over
 * its whole block; the round ends at the next arrival, whichever round it was sent in, and that
 * result is the round's update. Workers the bound holds back stay idle until the slowest catches
 * up. A failed worker ends the run: its clock never advances, so everyone stops within s clocks.
 */
final class SspGate implements Aggregator {
    private final Plan plan;
    private final RoundEngine engine;
    private final int n;
    private final StalenessClocks clocks;
    private final long[] rows; // rows of each worker's block
    private final long totalRows;
    private final double[][] sentPoint; // the model each worker's task was computed at

    private long round;
    private long iteration;
    private double[] model;
    private int arrived = -1; // the worker whose result ended the round
    private double[] arrivedSums;
    private boolean arrivedStale;

    SspGate(Plan plan, RoundEngine engine, long[] partitionRows, StalenessClocks clocks) {
        this.plan = plan;
        this.engine = engine;
        this.n = plan.workers();
        this.clocks = clocks;
        this.rows = new long[n];
        for (int i = 0; i < n; i++) {
            for (int part : plan.stored(i)) {
                rows[i] += partitionRows[part];
            }
        }
        long total = 0;
        for (long r : rows) {
            total += r;
        }
        this.totalRows = total;
        this.sentPoint = new double[n][];
    }

    StalenessClocks clocks() {
        return clocks;
    }

    long rows(int worker) {
        return rows[worker];
    }

    /** Starts update {@code iteration} at the server's model: tasks to every worker allowed. */
    void begin(long iteration, double[] model) {
        this.iteration = iteration;
        this.model = model;
        round = engine.newRound();
        arrived = -1;
        for (int i = 0; i < n; i++) {
            sendIfAllowed(i);
        }
    }

    @Override
    public long deadline() {
        return Long.MAX_VALUE;
    }

    @Override
    public Verdict accept(Arrival a) throws RunAborted {
        return Verdict.enoughIf(take(a));
    }

    private boolean take(Arrival a) throws RunAborted {
        if (a == null) {
            return false; // no deadline: not reached
        }
        if (a.failed()) {
            throw new RunAborted(
                    "worker "
                            + a.worker()
                            + " failed ("
                            + a.failure()
                            + "); ssp cannot go on: the staleness bound waits for its clock");
        }
        if (a.ready()) {
            sendIfAllowed(a.worker());
            return false;
        }
        int i = a.worker();
        arrived = i;
        arrivedSums = a.values()[0];
        arrivedStale = a.round() != round;
        engine.mark(a, arrivedStale ? "stale" : "used");
        clocks.finish(i);
        return true;
    }

    /** The worker whose result this round applies. */
    int arrived() {
        return arrived;
    }

    /** Its sums [Σℓ, Σ∇ℓ] over its block. */
    double[] arrivedSums() {
        return arrivedSums;
    }

    /** The model those sums were computed at. */
    double[] arrivedPoint() {
        return sentPoint[arrived];
    }

    /** Whether it was computed at an older model than this round's (sent in an earlier round). */
    boolean arrivedStale() {
        return arrivedStale;
    }

    private void sendIfAllowed(int i) {
        if (!engine.alive(i) || engine.busy(i) || !clocks.mayStart(i)) {
            return;
        }
        List<Piece> pieces = new ArrayList<>();
        for (int part : plan.stored(i)) {
            pieces.add(Piece.whole(part));
        }
        sentPoint[i] = model.clone();
        engine.send(
                iteration,
                i,
                new Task(round, model.clone(), List.of(new WorkUnit(pieces))),
                new long[] {i},
                LoadUnit.ofRows(rows[i], totalRows, n));
    }
}
