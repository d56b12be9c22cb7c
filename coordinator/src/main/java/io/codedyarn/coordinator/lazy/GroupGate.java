package io.codedyarn.coordinator.lazy;

import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.coordinator.round.Aggregator;
import io.codedyarn.coordinator.round.Arrival;
import io.codedyarn.coordinator.round.Decodings;
import io.codedyarn.coordinator.round.RoundDriver;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.Verdict;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.coding.BlockDecoder;
import io.codedyarn.placement.latency.LoadUnit;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * The aggregator of the lazy family (LAG, LAGC, G-LAG, G-GD): group g (with a point x[g] this
 * round) sends it to its live members; a group is refreshed as soon as its arrivals decode ({@link
 * BlockDecoder#decodeBlock}: any F = M_G − r_G + 1 members for LAGC, the fastest member for
 * G-LAG/G-GD, the one worker for LAG), its sum Σ_c a_c f_c over its own codewords ({@link
 * Decodings#combine}); the round is enough once every selected group decoded.
 */
final class GroupGate implements Aggregator {
    /** What a round yields: each selected group's decoded sum, and who contributed. */
    record Collected(double[][] sums, int used, int discarded, String who) {}

    private final Plan plan;
    private final RoundEngine engine;
    private final BlockDecoder groups;
    private final int[][] members;
    private final int wait;

    // The round in progress.
    private long round;
    private double[][] x;
    private int pending;
    private double[][] f;
    private BitSet arrived;
    private int[] arrivedInGroup;
    private double[][] sums;
    private int used;
    private int discarded;
    private StringBuilder who;

    /**
     * @param wait F: a selected group decodes once this many of its members arrived and they decode
     *     (1 or the code's minimum: as soon as they decode)
     */
    GroupGate(Plan plan, RoundEngine engine, BlockDecoder groups, int[][] members, int wait) {
        this.plan = plan;
        this.engine = engine;
        this.groups = groups;
        this.members = members;
        this.wait = wait;
    }

    /** Starts a round: group g (with x[g] != null) computes at x[g] with kernel {@code kind}. */
    void begin(double[][] x, long iteration, Task.Kind kind) {
        this.x = x;
        round = engine.newRound();
        pending = 0;
        for (int g = 0; g < members.length; g++) {
            if (x[g] == null) {
                continue;
            }
            pending++;
            for (int w : members[g]) {
                if (engine.alive(w)) {
                    int cw = plan.assignment(w);
                    engine.send(
                            iteration,
                            w,
                            new Task(round, x[g], List.of(WorkUnit.of(plan.codeword(cw))), kind),
                            new long[] {cw},
                            // n/N-row shares, the unit simulate charges (LoadUnit)
                            LoadUnit.ofPartitions(plan.load(w), plan.partitions(), plan.workers()));
                }
            }
        }
        f = new double[plan.codewords().size()][];
        arrived = new BitSet(f.length);
        arrivedInGroup = new int[members.length];
        sums = new double[members.length][];
        used = 0;
        discarded = 0;
        who = new StringBuilder();
    }

    /** A round that selected no group needs no arrival. */
    @Override
    public Verdict start() {
        return Verdict.enoughIf(pending == 0);
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
        if (a.failed()) {
            int g = plan.family().group(a.worker());
            if (x[g] != null && sums[g] == null && !decodable(g, a.worker())) {
                throw new RunAborted(
                        "worker "
                                + a.worker()
                                + " failed ("
                                + a.failure()
                                + "); group "
                                + g
                                + " cannot decode any more");
            }
            return false;
        }
        int g = plan.family().group(a.worker());
        if (a.round() != round || sums[g] != null) {
            engine.mark(a, a.round() != round ? "discarded" : "unused");
            discarded += a.round() != round ? 1 : 0;
            return false;
        }
        int cw = (int) a.tags()[0];
        f[cw] = a.values()[0];
        arrived.set(cw);
        engine.mark(a, "used");
        used++;
        who.append(who.length() == 0 ? "" : " ").append(a.worker());
        if (++arrivedInGroup[g] < wait) {
            return false;
        }
        Optional<Decoding> dec = groups.decodeBlock(g, arrived);
        if (dec.isPresent()) {
            sums[g] = Decodings.combine(dec.get(), f);
            pending--;
        }
        return pending == 0;
    }

    Collected result() {
        return new Collected(sums, used, discarded, who.toString());
    }

    /** One whole round: begin, accept until every group decoded, the result. */
    Collected collect(double[][] x, long iteration, Task.Kind kind, RoundDriver driver)
            throws InterruptedException, RunAborted {
        begin(x, iteration, kind);
        driver.collect(this);
        return result();
    }

    /** Whether group g can still decode without the failed worker. */
    private boolean decodable(int g, int failed) {
        BitSet possible = (BitSet) arrived.clone();
        for (int w : members[g]) {
            if (w != failed && engine.alive(w)) {
                possible.set(plan.assignment(w));
            }
        }
        return groups.decodeBlock(g, possible).isPresent();
    }
}
