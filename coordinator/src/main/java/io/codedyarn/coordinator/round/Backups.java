package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.stats.Medians;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.method.DecodeRound;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;

/**
 * Backup tasks for a decode-gated round: speculative execution as MapReduce does it (Dean and
 * Ghemawat, OSDI 2004, §3.6), where the data allows it. When the round has waited {@code factor} ×
 * the median time of the results that came, a codeword still missing from a worker that was late in
 * the round before too is also asked of a worker that has answered this round and stores all the
 * codeword's partitions; whichever copy arrives first is decoded. Both copies are the same
 * partitions through the same kernel, so the gradient is the same to the bit and the optimizer's
 * iterates do not change.
 *
 * <p>{@code --scheme auto} is where the data allows it: its workers store cyclic(s)'s partitions
 * from the start and compute one each, so worker w's partition is also on workers w − 1, …, w − s.
 * Until auto's first decision, a slow worker would otherwise hold up every round; with backups a
 * round takes about (factor + 1) × a partition's time. A fixed code has no such worker (a cyclic
 * worker's codeword combines partitions no other worker stores all of), so backups are off there.
 *
 * <p>Why late twice: a backup that loses still occupies its worker, whose next task then waits
 * behind it (a running task cannot be taken back). Against a worker that is slow for good, one
 * round without a backup is cheap; against the tail of a quiet cluster's times, backups for single
 * late results cost more than they win (auto on the simulated {@code none} scenario, where about
 * one result a round is later than twice the median: 2.65 s with them, 2.43 s without).
 *
 * <p>Why a second, higher threshold ({@code firstFactor}, 8 by default): a host frozen for seconds
 * makes its worker late once per freeze, by tens of medians, and then on time again, so the rule
 * above never backs it up and every freeze costs a whole round its length (auto at 1.25× cyclic on
 * the lab's freeze-flap, docs/benchmarks.md). A result still missing after {@code firstFactor} ×
 * the median is a stall, not a quiet cluster's tail (an exponential tail passes 8 medians with
 * probability 2^-8 ≈ 0.4 %), and gets a backup whether or not its worker was late before.
 *
 * <p>A backup has its own round tag (a worker's stream and the engine's ledger hold one task per
 * tag), is not traced (latency-trace.csv keeps one row per worker and iteration), and is not timed
 * into auto's live window (its time says nothing new about its worker's speed). Coordinator thread
 * only.
 */
final class Backups {
    /**
     * A backup sent: {@code worker} computes {@code codeword}, late from {@code late}; {@code
     * stalled}: sent at the first-time threshold (its worker was on time in the round before).
     */
    record Backup(long tag, long round, int worker, int codeword, int late, boolean stalled) {}

    private final double factor; // 0: off
    private final double firstFactor; // 0: only workers late in the round before get backups

    private long round = -1;
    private long start;
    private double[] elapsed = new double[0]; // seconds from the send to each result that came
    private int arrivals;
    private final List<Integer> answeredFirstFirst = new ArrayList<>();
    private final BitSet backedUp = new BitSet(); // codewords of this round with a backup
    private final BitSet running = new BitSet(); // workers computing a backup
    private BitSet lateBefore = new BitSet(); // workers late in the round before
    private BitSet lateNow = new BitSet(); // workers late in this round
    private final Map<Long, Backup> outstanding = new HashMap<>(); // by tag, not answered
    private Plan storedBy; // the plan stored[] was built from
    private BitSet[] stored = new BitSet[0]; // the partitions each worker stores
    private long at = Long.MAX_VALUE;
    private double median = Double.NaN;

    /**
     * Backups after {@code factor} × the round's median result time for a worker late in the round
     * before too, and after {@code firstFactor} × the median for any worker; {@code factor} 0 turns
     * them off, {@code firstFactor} 0 keeps them to workers late twice.
     */
    Backups(double factor, double firstFactor) {
        if (!(factor == 0 || factor >= 1) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException(
                    "a backup factor must be 0 (off) or a finite number >= 1, got " + factor);
        }
        if (!(firstFactor == 0 || firstFactor >= factor) || Double.isInfinite(firstFactor)) {
            throw new IllegalArgumentException(
                    "a first-time backup factor must be 0 (never) or a finite number >= the backup"
                            + " factor ("
                            + factor
                            + "), got "
                            + firstFactor);
        }
        this.factor = factor;
        this.firstFactor = firstFactor;
    }

    static Backups off() {
        return new Backups(0, 0);
    }

    boolean on() {
        return factor > 0;
    }

    /** Round {@code r}'s tasks went out at clock nanos {@code now} to {@code workers}. */
    void begin(long r, long now, int workers) {
        round = r;
        start = now;
        if (elapsed.length != workers) {
            elapsed = new double[workers];
        }
        arrivals = 0;
        lateBefore = lateNow;
        lateNow = new BitSet();
        answeredFirstFirst.clear();
        backedUp.clear();
        at = Long.MAX_VALUE;
        median = Double.NaN;
    }

    /**
     * Worker w's own result of the round came at clock nanos {@code now}. Once half the workers
     * have answered, the round's median result time is known, and a result later than {@code
     * factor} × that median is late.
     */
    void arrived(int w, long now) {
        answeredFirstFirst.add(w);
        if (arrivals < elapsed.length) {
            elapsed[arrivals++] = (now - start) / 1e9;
        }
        rearm();
    }

    private void rearm() {
        if (!on() || 2 * arrivals < elapsed.length || arrivals == 0) {
            at = Long.MAX_VALUE;
            median = Double.NaN;
            return;
        }
        median = Medians.of(elapsed, arrivals);
        at = start + (long) Math.ceil(factor * median * 1e9);
    }

    /** The round's median result time so far, seconds (NaN before half the workers answered). */
    double medianSeconds() {
        return median;
    }

    /** How many times the median a result may take before it is late. */
    double factor() {
        return factor;
    }

    /** Clock nanos at which the round's late codewords get backups; MAX_VALUE: none due. */
    long at() {
        return at;
    }

    /**
     * The backups to send at clock nanos {@code now}: each codeword sent to a worker that has not
     * answered (late), and was late in the round before too or has taken {@code firstFactor} × the
     * median, not arrived and without a backup yet, to the worker that answered first among those
     * that store its partitions, are alive and are not computing a backup already. Tags come from
     * {@code tags}. Until the next result, or the first-time threshold, nothing more is due.
     */
    List<Backup> due(
            Plan plan,
            int[][] sent,
            boolean[] answered,
            DecodeRound gate,
            IntPredicate alive,
            LongSupplier tags,
            long now) {
        at = Long.MAX_VALUE;
        long stalled =
                firstFactor > 0 && !Double.isNaN(median)
                        ? start + (long) Math.ceil(firstFactor * median * 1e9)
                        : Long.MAX_VALUE;
        List<Backup> out = new ArrayList<>();
        for (int late = 0; late < sent.length; late++) {
            if (answered[late] || sent[late] == null) {
                continue;
            }
            lateNow.set(late);
            boolean first = !lateBefore.get(late);
            if (first && now < stalled) {
                at = stalled; // late for the first time: due when it stalls
                continue;
            }
            for (int c : sent[late]) {
                if (gate.arrived(c) || backedUp.get(c)) {
                    continue;
                }
                int holder = holder(plan, c, alive);
                if (holder >= 0) {
                    Backup b = new Backup(tags.getAsLong(), round, holder, c, late, first);
                    backedUp.set(c);
                    running.set(holder);
                    outstanding.put(b.tag(), b);
                    out.add(b);
                }
            }
        }
        return out;
    }

    private int holder(Plan plan, int codeword, IntPredicate alive) {
        if (plan != storedBy) { // a switch: the workers store other partitions
            storedBy = plan;
            stored = new BitSet[plan.workers()];
            for (int v = 0; v < stored.length; v++) {
                stored[v] = new BitSet();
                for (int j : plan.stored(v)) {
                    stored[v].set(j);
                }
            }
        }
        BitSet needs = new BitSet();
        for (int j : plan.codeword(codeword).partitions()) {
            needs.set(j);
        }
        for (int v : answeredFirstFirst) {
            if (!running.get(v) && alive.test(v) && covers(stored[v], needs)) {
                return v;
            }
        }
        return -1;
    }

    /** Whether {@code has} holds every partition of {@code needs}. */
    private static boolean covers(BitSet has, BitSet needs) {
        BitSet missing = (BitSet) needs.clone();
        missing.andNot(has);
        return missing.isEmpty();
    }

    /**
     * The backup that tag {@code tag} answers, or null when it is no backup's; its worker is free
     * for another, and the round's late codewords may get one.
     */
    Backup answered(long tag) {
        Backup b = outstanding.remove(tag);
        if (b != null) {
            running.clear(b.worker());
            if (b.round() == round) {
                rearm();
            }
        }
        return b;
    }

    /** The words of a backup's event: why it was sent. */
    String why(Backup b) {
        return String.format(
                java.util.Locale.ROOT,
                "worker %d has not answered after %.2fx the round's median result time (%.4g s)%s;"
                        + " worker %d answered and stores its partitions",
                b.late(),
                b.stalled() ? firstFactor : factor,
                median,
                b.stalled() ? ", the first time it is late" : "",
                b.worker());
    }

    /** Worker w failed: its backups will not come. Returns the codewords of this round's. */
    int[] failed(int w) {
        running.clear(w);
        List<Integer> lost = new ArrayList<>();
        outstanding
                .values()
                .removeIf(
                        b -> {
                            if (b.worker() != w) {
                                return false;
                            }
                            if (b.round() == round) {
                                lost.add(b.codeword());
                                backedUp.clear(b.codeword());
                            }
                            return true;
                        });
        return lost.stream().mapToInt(Integer::intValue).toArray();
    }
}
