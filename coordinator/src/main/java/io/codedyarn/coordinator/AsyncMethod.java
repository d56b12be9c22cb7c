package io.codedyarn.coordinator;

import io.codedyarn.placement.dsag.SampleRange;
import io.codedyarn.placement.dsag.SubpartitionAlignment;
import io.codedyarn.placement.method.DsagAggregator;
import io.codedyarn.placement.method.GradientAggregator;
import io.codedyarn.placement.method.OfferResult;
import io.codedyarn.placement.method.RoundGate;
import io.codedyarn.placement.method.SagAggregator;
import io.codedyarn.worker.model.Pca;
import io.codedyarn.worker.task.Piece;
import io.codedyarn.worker.task.Task;
import io.codedyarn.worker.task.WorkUnit;
import io.codedyarn.worker.task.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * SAG and DSAG (DSAG §IV-B; the reference's event-driven semantics, as {@code
 * AsyncRoundSimulator}): worker i stores a contiguous block of samples split into p_i subpartitions
 * and works through them cyclically, one per task. Each iteration every idle worker gets the
 * iterate; the coordinator steps after w FRESH results (computed at this iterate) plus a 2 % grace
 * window ({@link RoundGate}); a worker returning a stale result is re-tasked at once while fewer
 * than w fresh results are in; busy workers get nothing new, so stragglers stay busy across
 * iterations. DSAG inserts stale results into the cache when fresher than what they overlap; SAG
 * discards them. Update: v ← v − η(Ĥ/ξ-scaled gradient + λv) for LR/LSQ, V ← G(V − η(Ĥ + V)) for
 * PCA. The logged metric is the cache's estimate (not exact); the coordinator evaluates the
 * returned model exactly once at the end.
 */
final class AsyncMethod {
    private final Run run;
    private final DecodedRounds setupRounds;
    private final int n;
    private final SampleRange[] blocks;
    private final long[] partitionStart; // 1-based global index of each partition's first row
    private final long[] nextPart; // 1-based k of the next subpartition per worker
    private final long[] lastPart; // 1-based k of the last subpartition sent (0: none yet)
    private final int[] p; // current subpartition counts p_i
    private final int[] pInFlight; // the p_i the in-flight task was cut with
    private final SampleRange[] inFlight;

    AsyncMethod(Run run, DecodedRounds setupRounds) {
        this.run = run;
        this.setupRounds = setupRounds;
        this.n = run.plan.workers();
        long[] rows = run.shape.partitionRows();
        partitionStart = new long[rows.length + 1];
        partitionStart[0] = 1;
        for (int j = 0; j < rows.length; j++) {
            partitionStart[j + 1] = partitionStart[j] + rows[j];
        }
        blocks = new SampleRange[n];
        for (int i = 0; i < n; i++) {
            int[] parts = run.plan.stored(i);
            blocks[i] =
                    new SampleRange(
                            partitionStart[parts[0]],
                            partitionStart[parts[parts.length - 1] + 1] - 1);
        }
        nextPart = new long[n];
        java.util.Arrays.fill(nextPart, 1);
        lastPart = new long[n];
        p = new int[n];
        pInFlight = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = (int) Math.min(run.plan.subpartitions(i), blocks[i].size());
        }
        inFlight = new SampleRange[n];
    }

    private int w() {
        if (run.spec.waitFor() > 0) {
            if (run.spec.waitFor() > n) {
                throw new IllegalArgumentException(
                        "--wait " + run.spec.waitFor() + " exceeds --workers " + n);
            }
            return run.spec.waitFor();
        }
        return Integer.parseInt(run.plan.parameters().getOrDefault("w", String.valueOf(n)));
    }

    void train() throws InterruptedException, RunAborted {
        RoundEngine engine = run.engine;
        boolean pca = run.spec.workload() == Workload.PCA;
        int d = run.cols;
        int k = run.components();
        double eta;
        double[] v;
        if (pca) {
            run.metric.squaredFrobenius(Setup.squaredFrobenius(setupRounds, d));
            eta = Double.isNaN(run.spec.step()) ? 1.0 : run.spec.step();
            v = ExactMethod.initialBasis(d, k, run.spec.seed());
        } else {
            eta = new ExactMethod(run, setupRounds).step();
            v = new double[run.modelLength()];
        }
        int w = w();
        RoundGate gate = new RoundGate(w);
        DsagBalancing balancing =
                run.loadBalance && !run.plan.scheme().equals("sag")
                        ? new DsagBalancing(blockRows(), p, w, run.spec.seed())
                        : null;
        GradientAggregator agg = null;
        boolean dsag = !run.plan.scheme().equals("sag");
        while (true) {
            long round = engine.newRound();
            if (agg == null) {
                long total = partitionStart[partitionStart.length - 1] - 1;
                agg =
                        dsag
                                ? new DsagAggregator(total, 1 + v.length, round)
                                : new SagAggregator(total, 1 + v.length, round);
            }
            agg.beginIteration(round);
            gate.reset();
            long start = engine.now();
            for (int i = 0; i < n; i++) {
                if (engine.alive(i) && !engine.busy(i)) {
                    sendNext(i, round, v);
                }
            }
            int used = 0;
            int stale = 0;
            int discarded = 0;
            StringBuilder who = new StringBuilder();
            long deadline = Long.MAX_VALUE;
            while (true) {
                Arrival a = engine.next(deadline);
                if (a == null) {
                    break;
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
                    continue;
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
                    sendNext(i, round, v);
                }
                RoundGate.Decision dec = gate.onArrival(elapsed, fresh);
                boolean anyBusy = false;
                for (int j = 0; j < n; j++) {
                    anyBusy |= engine.alive(j) && engine.busy(j);
                }
                if (dec.status() == RoundGate.Status.DONE
                        || (dec.status() == RoundGate.Status.IN_GRACE && !anyBusy)) {
                    break;
                }
                if (dec.status() == RoundGate.Status.IN_GRACE) {
                    deadline = start + (long) Math.ceil(dec.deadline() * 1e9);
                }
            }
            double[] est = agg.estimate();
            double value = pca ? run.metric.value(est, v) : run.metric.assemble(est, v)[0];
            double[] before = v.clone();
            if (pca) {
                double[] h = new double[v.length];
                System.arraycopy(est, 1, h, 0, h.length);
                Pca.update(v, h, eta, 1.0, d, k);
            } else {
                double[] fg = run.metric.assemble(est, v);
                for (int m = 0; m < v.length; m++) {
                    v[m] -= eta * fg[1 + m];
                }
            }
            if (balancing != null
                    && run.iteration() % DsagBalancing.EVERY == DsagBalancing.EVERY - 1) {
                balancing
                        .rebalance(engine.elapsedSeconds(), p.clone())
                        .ifPresent(this::repartition);
            }
            run.record(before, value, false, used, stale, discarded, who.toString());
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

    /**
     * Sends worker i its next subpartition (cyclic k = 1..p_i) at iterate v, tagged {@code round}.
     */
    private void sendNext(int i, long round, double[] v) {
        long k = nextPart[i];
        nextPart[i] = k % p[i] + 1;
        lastPart[i] = k;
        pInFlight[i] = p[i];
        SampleRange r = blocks[i].part(p[i], k);
        inFlight[i] = r;
        List<Piece> pieces = new ArrayList<>();
        for (int part : run.plan.stored(i)) {
            long lo = Math.max(r.first(), partitionStart[part]);
            long hi = Math.min(r.last(), partitionStart[part + 1] - 1);
            if (lo <= hi) {
                pieces.add(
                        new Piece(
                                part, (int) (lo - partitionStart[part]), (int) (hi - lo + 1), 1.0));
            }
        }
        run.engine.send(
                run.iteration(),
                i,
                new Task(round, v.clone(), List.of(new WorkUnit(pieces))),
                new long[] {r.first()},
                (double) r.size() / (partitionStart[partitionStart.length - 1] - 1));
    }
}
