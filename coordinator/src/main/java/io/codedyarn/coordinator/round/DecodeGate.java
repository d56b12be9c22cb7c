package io.codedyarn.coordinator.round;

import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.method.DecodeRound;
import io.codedyarn.placement.sim.StragglerState;
import java.util.ArrayList;
import java.util.List;

/**
 * The aggregator of the decode-gated family (every scheme but the lazy and the SAG/DSAG ones):
 * every live worker with a codeword this round gets the iterate, results arrive in any order, and
 * the round is enough at the first prefix of arrivals the plan's decoder can decode (GC paper eq.
 * (1): Σ_c a_c f_c = Σ_j g_j); the estimate is Σ_c a_c f_c ({@link Decodings#combine}). Results of
 * older rounds are of no use to an exact decode and are discarded (but their latency is measured).
 * The gate is {@link DecodeRound}, the object {@code simulate}'s time simulator drives too. GC-DC
 * re-assigns codewords ({@link CodewordAssignment}) each round from the previous round's straggler
 * states (imperfect SSI: a worker is predicted slow when its result was not among those that
 * arrived before the decode) and, with {@code --threshold τ}, from each worker's rate measured from
 * its latencies ({@link MeasuredRates}, where {@code simulate} passes the latency model's rates).
 *
 * <p>With {@link #backups} on (auto), a late codeword is also asked of a worker that answered and
 * stores its partitions ({@link Backups}), and the first copy to arrive is decoded.
 *
 * <p>Protocol: {@link #begin}, then {@link #accept} for every arrival until it returns true, then
 * {@link #result()}. {@link #evaluate} runs one whole round (setup rounds, the final evaluation).
 */
public final class DecodeGate implements Aggregator {
    /** What a round yields: the decoded sum and who contributed. */
    public record Decoded(double[] sum, Decoding decoding, int used, String workersUsed) {}

    private Plan plan;
    private final RoundEngine engine;
    private final CodewordAssignment codewords;
    private Decoder decoder;
    private final MeasuredRates rates;
    private Timing timing = (round, worker, seconds, load) -> {};
    private final Decisions events;
    private int discarded;

    // The round in progress.
    private long round = -1;
    private int[][] sent;
    private DecodeRound gate;
    private double[][] f;
    private boolean[] in;
    private List<Arrival> arrivals;
    private Decoded result;
    private long iteration;
    private double[] x;
    private Task.Kind kind;
    private long stallDeadline = Long.MAX_VALUE;
    private String stalledBecause = "";
    private Backups backups = Backups.off();
    private List<Arrival> backupArrivals;

    /** The round's verdict before any arrival (stalled when the live workers cannot decode it). */
    private Verdict opening = Verdict.NOT_YET;

    public DecodeGate(Plan plan, RoundEngine engine, Decisions decisions) {
        this.plan = plan;
        this.engine = engine;
        this.codewords = new CodewordAssignment(plan, decisions);
        this.decoder = plan.decoder();
        this.rates = new MeasuredRates(plan.workers());
        this.events = decisions;
    }

    /**
     * Trains with {@code next} from the next round on (a re-planned code over the same partitions,
     * {@link io.codedyarn.coordinator.adapt.Replanner}); called between rounds, when every worker
     * holds {@code next}'s data. Results of earlier rounds are discarded as always, so no result of
     * the old code is ever decoded with the new one.
     */
    public void switchTo(Plan next) {
        if (next.workers() != plan.workers() || next.partitions() != plan.partitions()) {
            throw new IllegalArgumentException(
                    "a re-planned code must keep the workers and partitions");
        }
        plan = next;
        codewords.switchTo(next);
        decoder = next.decoder();
    }

    /** Hears every timed result, its round's included after that round was decoded. */
    @FunctionalInterface
    public interface Timing {
        /** Worker w took {@code seconds} for {@code load} units of round {@code round}'s task. */
        void timed(long round, int worker, double seconds, double load);
    }

    /** Sends every timed result to {@code listener} from now on (auto's live window). */
    public void onTimed(Timing listener) {
        this.timing = java.util.Objects.requireNonNull(listener);
    }

    /**
     * From the next round on, a codeword whose result is later than {@code factor} × the round's
     * median result time (its worker late in the round before too), or than {@code firstFactor} ×
     * it (any worker), is also asked of a worker that answered and stores its partitions ({@link
     * Backups}; auto's pre-placed start); {@code factor} 0 turns backups off.
     */
    public void backups(double factor, double firstFactor) {
        this.backups = new Backups(factor, firstFactor);
    }

    /** The plan rounds are coded with now. */
    public Plan plan() {
        return plan;
    }

    /** Each worker's measured throughput (units of load per second), or null until all have one. */
    public double[] measuredRates() {
        return rates.rates();
    }

    /** What the next round's assignment is computed from (the last decode's prediction). */
    StragglerState predicted() {
        return codewords.predicted();
    }

    /** The worker → codeword assignment of the round in progress (or the last one). */
    int[] assignment() {
        return codewords.current();
    }

    /**
     * What the next round's codeword assignment depends on (GC-DC: the last decode's straggler
     * prediction and the assignment it replaces), for checkpoints; the measured rates of {@code
     * --threshold} are measurements of the containers that ran before and start afresh.
     */
    public record Saved(boolean[] slow, double[] rates, int[] assignment) {}

    public Saved save() {
        return codewords.save();
    }

    public void restore(Saved s) {
        codewords.restore(s);
    }

    /** Results of older rounds dropped so far. */
    public int discarded() {
        return discarded;
    }

    /**
     * Starts a round at {@code x} with kernel {@code kind}: assigns codewords and sends the tasks;
     * {@code iteration} labels the trace (−1 for setup rounds).
     */
    public void begin(long iteration, double[] x, Task.Kind kind) throws RunAborted {
        round = engine.newRound();
        int n = plan.workers();
        int[] assignment = codewords.next(iteration, engine.elapsedSeconds());
        int k = plan.codewords().size();
        gate = new DecodeRound(decoder, k);
        sent = new int[n][];
        this.iteration = iteration;
        this.x = x;
        this.kind = kind;
        stallDeadline = Long.MAX_VALUE;
        for (int w = 0; w < n; w++) {
            sent[w] = plan.sends(w, assignment[w]);
            if (engine.alive(w)) {
                sendTo(w);
            }
        }
        opening =
                gate.decodable()
                        ? Verdict.NOT_YET
                        : stall("the live workers cannot decode round " + round);
        f = new double[k][];
        in = new boolean[n];
        arrivals = new ArrayList<>();
        backupArrivals = new ArrayList<>();
        result = null;
        backups.begin(round, engine.now(), n);
    }

    @Override
    public Verdict start() {
        return opening;
    }

    @Override
    public long deadline() {
        return Math.min(stallDeadline, backups.at());
    }

    /**
     * The live workers cannot decode the round: it waits (at most the replacement wait) for the
     * failed workers' replacements, which get its task as they take over (while it waits, the
     * code's tolerance carries the run); the driver asks for them, and fails the run when none is
     * on its way.
     */
    private Verdict stall(String why) {
        if (stallDeadline == Long.MAX_VALUE) {
            stallDeadline = engine.now() + (long) (engine.replacementWaitSeconds() * 1e9);
            stalledBecause = why;
        }
        return Verdict.stalled(engine.deadWorkers() + "; " + why);
    }

    /** Sends worker w its codewords' task of the round in progress (none: nothing). */
    private void sendTo(int w) {
        if (sent[w].length == 0) {
            return;
        }
        List<WorkUnit> units = new ArrayList<>(sent[w].length);
        long[] tags = new long[sent[w].length];
        for (int u = 0; u < tags.length; u++) {
            units.add(WorkUnit.of(plan.codeword(sent[w][u])));
            tags[u] = sent[w][u];
        }
        gate.expect(sent[w]);
        engine.send(
                iteration,
                w,
                new Task(round, x, units, kind),
                tags,
                // the trace's load: n/N-row shares, the unit simulate charges (LoadUnit)
                LoadUnit.ofPartitions(plan.load(w), plan.partitions(), plan.workers()));
    }

    /** A replacement took over mid-round: it gets the round's task for its worker. */
    private void resend(int w) {
        if (!in[w]) { // else its old incarnation answered this round before it died
            sendTo(w);
        }
        if (gate.decodable()) {
            engine.unstall();
            stallDeadline = Long.MAX_VALUE;
        }
    }

    @Override
    public Verdict accept(Arrival a) throws RunAborted {
        if (a == null && engine.now() < stallDeadline) { // backups are due
            sendBackups();
            return Verdict.NOT_YET;
        }
        if (a == null) { // the replacement wait passed
            engine.unstall();
            throw new RunAborted(
                    engine.deadWorkers()
                            + "; "
                            + stalledBecause
                            + " and no replacement took over within "
                            + engine.replacementWaitSeconds()
                            + " s");
        }
        if (a.ready()) {
            resend(a.worker());
            return Verdict.NOT_YET;
        }
        if (a.failed()) {
            lose(a.worker());
            return gate.decodable()
                    ? Verdict.NOT_YET
                    : stall("the rest cannot decode round " + round);
        }
        Backups.Backup backup = backups.answered(a.round());
        if (backup != null) {
            return backupArrived(a, backup);
        }
        double service = engine.serviceSeconds(a);
        double load = engine.load(a);
        rates.record(a.worker(), service, load);
        timing.timed(a.round(), a.worker(), service, load);
        if (a.round() != round) {
            engine.mark(a, "discarded");
            discarded++;
            return Verdict.NOT_YET;
        }
        arrivals.add(a);
        in[a.worker()] = true;
        backups.arrived(a.worker(), engine.now());
        return carry(a);
    }

    /** The arrival's codewords join the round's; the verdict. */
    private Verdict carry(Arrival a) {
        int[] carried = new int[a.tags().length];
        for (int u = 0; u < carried.length; u++) {
            carried[u] = (int) a.tags()[u];
            if (f[carried[u]] == null) {
                f[carried[u]] = a.values()[u];
            }
        }
        var decoding = gate.arrive(carried);
        if (decoding.isPresent()) {
            result = finish(decoding.get());
            return Verdict.ENOUGH;
        }
        return Verdict.NOT_YET;
    }

    /** A backup's result: its codeword counts as the late worker's would ({@link Backups}). */
    private Verdict backupArrived(Arrival a, Backups.Backup b) {
        if (b.round() != round) {
            engine.mark(a, "discarded");
            discarded++;
            return Verdict.NOT_YET;
        }
        backupArrivals.add(a);
        return carry(a);
    }

    /** Asks the late codewords' backups of the workers {@link Backups#due} names. */
    private void sendBackups() {
        var due = backups.due(plan, sent, in, gate, engine::alive, engine::newTag, engine.now());
        for (Backups.Backup b : due) {
            var codeword = plan.codeword(b.codeword());
            gate.expect(new int[] {b.codeword()});
            engine.sendBackup(
                    iteration,
                    b.worker(),
                    new Task(b.tag(), x, List.of(WorkUnit.of(codeword)), kind),
                    new long[] {b.codeword()},
                    LoadUnit.ofPartitions(codeword.size(), plan.partitions(), plan.workers()));
            if (events != null) {
                events.add(
                        iteration,
                        engine.elapsedSeconds(),
                        b.worker(),
                        "backup",
                        "computes codeword " + b.codeword() + " of worker " + b.late(),
                        backups.why(b));
            }
        }
    }

    /**
     * Worker w failed: what it was asked, its own codewords and its backups', will not come from
     * it; a codeword still comes if another worker was asked it too (the gate counts senders).
     */
    private void lose(int w) {
        gate.lost(sent[w]);
        gate.lost(backups.failed(w));
    }

    /** The decoded round (after {@link #accept} returned true). */
    public Decoded result() {
        if (result == null) {
            throw new IllegalStateException("round " + round + " has not decoded");
        }
        return result;
    }

    /** One whole round: begin, accept until decodable, the result. */
    public Decoded evaluate(long iteration, double[] x, Task.Kind kind, RoundDriver driver)
            throws InterruptedException, RunAborted {
        begin(iteration, x, kind);
        driver.collect(this);
        return result();
    }

    private Decoded finish(Decoding dec) {
        double[] sum = Decodings.combine(dec, f);
        StringBuilder who = new StringBuilder();
        int used = 0;
        List<Arrival> all = arrivals;
        if (!backupArrivals.isEmpty()) {
            all = new ArrayList<>(arrivals);
            all.addAll(backupArrivals);
        }
        for (Arrival a : all) {
            boolean contributes = false;
            for (int u = 0; u < a.tags().length; u++) {
                int c = (int) a.tags()[u];
                // with backups, a codeword came twice: the copy decoded is the first
                contributes |=
                        dec.coefficient(c) != 0
                                && (backupArrivals.isEmpty() || f[c] == a.values()[u]);
            }
            engine.mark(a, contributes ? "used" : "unused");
            if (contributes) {
                who.append(who.length() == 0 ? "" : " ").append(a.worker());
                used++;
            }
        }
        boolean[] slow = new boolean[in.length];
        for (int w = 0; w < in.length; w++) {
            slow[w] = !in[w];
        }
        codewords.decoded(slow, rates.rates());
        return new Decoded(sum, dec, used, who.toString());
    }
}
