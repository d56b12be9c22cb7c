package io.codedyarn.coordinator;

import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.sim.CodewordAssigner;
import io.codedyarn.placement.sim.StragglerState;
import io.codedyarn.worker.task.Task;
import io.codedyarn.worker.task.WorkUnit;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * One decode-gated round of a coded scheme (every scheme but the lazy and the SAG/DSAG ones): every
 * live worker with a codeword this round gets the iterate, results arrive in any order, and the
 * round ends at the first prefix of arrivals the plan's decoder can decode (GC paper eq. (1): Σ_c
 * a_c f_c = Σ_j g_j); the decoded sum is Σ_c a_c f_c, one vector per round. Results of older rounds
 * are of no use to an exact decode and are discarded. GC-DC re-assigns codewords each round from
 * the previous round's straggler states (imperfect SSI: a worker is predicted slow when its result
 * was not among those that arrived before the decode).
 */
final class DecodedRounds {
    /** What a round yields: the decoded sum and who contributed. */
    record Decoded(double[] sum, Decoding decoding, int used, String workersUsed) {}

    private final Plan plan;
    private final RoundEngine engine;
    private final CodewordAssigner assigner;
    private final Decoder decoder;
    private StragglerState predicted;
    private int discarded;

    DecodedRounds(Plan plan, RoundEngine engine) {
        this.plan = plan;
        this.engine = engine;
        this.assigner = Assigners.forPlan(plan);
        this.decoder = plan.decoder();
        this.predicted = StragglerState.allFast(plan.workers());
    }

    /** Results of older rounds dropped so far. */
    int discarded() {
        return discarded;
    }

    /** What worker w uploads for codeword assignment a (generalized BCC: one per stored part). */
    private int[] sends(int[] assignment, int w) {
        if (assignment[w] < 0) {
            return new int[0];
        }
        return assignment[w] == plan.assignment(w) ? plan.sends(w) : new int[] {assignment[w]};
    }

    /**
     * Runs one round at {@code x} with kernel {@code kind}; {@code iteration} labels the trace (−1
     * for setup rounds).
     */
    Decoded run(long iteration, double[] x, Task.Kind kind)
            throws InterruptedException, RunAborted {
        long round = engine.newRound();
        int n = plan.workers();
        int[] assignment = assigner.assign(predicted);
        int codewords = plan.codewords().size();
        BitSet possible = new BitSet(codewords);
        int[][] sent = new int[n][];
        for (int w = 0; w < n; w++) {
            sent[w] = sends(assignment, w);
            if (sent[w].length == 0 || !engine.alive(w)) {
                continue;
            }
            List<WorkUnit> units = new ArrayList<>(sent[w].length);
            long[] tags = new long[sent[w].length];
            for (int u = 0; u < tags.length; u++) {
                units.add(WorkUnit.of(plan.codeword(sent[w][u])));
                tags[u] = sent[w][u];
                possible.set(sent[w][u]);
            }
            engine.send(
                    iteration,
                    w,
                    new Task(round, x, units, kind),
                    tags,
                    plan.load(w) / plan.partitions());
        }
        if (decoder.decode(possible).isEmpty()) {
            throw new RunAborted(deadWorkers() + "; the live workers cannot decode round " + round);
        }
        double[][] f = new double[codewords][];
        BitSet arrived = new BitSet(codewords);
        boolean[] in = new boolean[n];
        List<Arrival> arrivals = new ArrayList<>();
        while (true) {
            Arrival a = engine.next(Long.MAX_VALUE);
            if (a.failed()) {
                for (int c : sent[a.worker()]) {
                    if (!arrived.get(c)) {
                        possible.clear(c);
                    }
                }
                if (decoder.decode(possible).isEmpty()) {
                    throw new RunAborted(deadWorkers() + "; the rest cannot decode round " + round);
                }
                continue;
            }
            if (a.round() != round) {
                engine.mark(a, "discarded");
                discarded++;
                continue;
            }
            arrivals.add(a);
            in[a.worker()] = true;
            for (int u = 0; u < a.tags().length; u++) {
                int c = (int) a.tags()[u];
                if (f[c] == null) {
                    f[c] = a.values()[u];
                    arrived.set(c);
                }
            }
            var decoding = decoder.decode(arrived);
            if (decoding.isPresent()) {
                return finish(decoding.get(), f, arrivals, in);
            }
        }
    }

    private Decoded finish(Decoding dec, double[][] f, List<Arrival> arrivals, boolean[] in) {
        double[] sum = null;
        for (int c = 0; c < f.length; c++) {
            double a = dec.coefficient(c);
            if (a == 0 || f[c] == null) {
                continue;
            }
            if (sum == null) {
                sum = new double[f[c].length];
            }
            for (int m = 0; m < sum.length; m++) {
                sum[m] += a * f[c][m];
            }
        }
        StringBuilder who = new StringBuilder();
        int used = 0;
        for (Arrival a : arrivals) {
            boolean contributes = false;
            for (long c : a.tags()) {
                contributes |= dec.coefficient((int) c) != 0;
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
        predicted = new StragglerState(slow, null);
        return new Decoded(sum, dec, used, who.toString());
    }

    private String deadWorkers() {
        StringBuilder b = new StringBuilder();
        for (int w = 0; w < plan.workers(); w++) {
            if (!engine.alive(w)) {
                b.append(b.length() == 0 ? "" : "; ")
                        .append("worker ")
                        .append(w)
                        .append(" failed: ")
                        .append(engine.deathCause(w));
            }
        }
        return b.length() == 0 ? "no worker failed" : b.toString();
    }
}
