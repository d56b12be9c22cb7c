package io.codedyarn.placement.sim;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.method.DecodeRound;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Time-only simulation of one coded scheme (no learning): every iteration each worker with a task
 * finishes at the time the latency model gives for its load ({@link LoadUnit}: shares of n/N rows,
 * so schemes with different partition counts are charged alike); results arrive in time order and
 * the coordinator stops at the first prefix of arrivals the plan's decoder can decode ({@link
 * DecodeRound}, the gate the coordinator's training rounds use). Stragglers still finish (only
 * late), as in every paper's model. Not thread-safe; one instance per run.
 *
 * <p>Straggler-state information for dynamic schemes: imperfect (default) predicts this iteration
 * from the states of the previous one; perfect uses this iteration's own states (GC-DC §VI).
 */
public final class TimeSimulator {
    private final Plan plan;
    private final LatencyModel model;
    private final CodewordAssigner assigner;
    private final boolean perfectSsi;
    private final double[] load; // LoadUnit: n/N rows
    private final double[] partitionLoad; // Plan.load: partitions, for the computation column
    private final double[] times;
    private final Integer[] order;
    private StragglerState previous;

    public TimeSimulator(
            Plan plan, LatencyModel model, CodewordAssigner assigner, boolean perfectSsi) {
        if (model.workers() != plan.workers()) {
            throw new IllegalArgumentException(
                    "latency model has "
                            + model.workers()
                            + " workers, plan has "
                            + plan.workers());
        }
        this.plan = plan;
        this.model = model;
        this.assigner = assigner;
        this.perfectSsi = perfectSsi;
        int n = plan.workers();
        this.load = LoadUnit.of(plan);
        this.partitionLoad = plan.loads();
        this.times = new double[n];
        this.order = new Integer[n];
        this.previous = new StragglerState(model.slow(), model.rates());
    }

    public IterationOutcome step(int t) {
        return step(t, null);
    }

    /**
     * One round of a lazy scheme (LAG, LAGC, G-LAG: LAGC §III–IV) in which the trigger (13)/(17)
     * selected only some groups: only {@code tasked} workers get the iterate, and the codewords of
     * the others count as held from the start, because the coordinator reuses their groups' stale
     * gradients (18) instead of waiting for them. So the round ends when every selected group
     * decodes ({@code BlockDecoder}: the full decode succeeds iff each block does); a round in
     * which nothing was selected costs no time (no task is sent).
     *
     * @param tasked the workers sent a task this iteration (the members of the selected groups)
     */
    public IterationOutcome stepSelected(int t, BitSet tasked) {
        if (tasked.isEmpty()) {
            model.sample(t, load, times); // keep the model's draws aligned with step(t)
            previous = new StragglerState(model.slow(), model.rates());
            return new IterationOutcome(0, 0, 0, 0, 0);
        }
        return step(t, tasked);
    }

    private IterationOutcome step(int t, BitSet tasked) {
        int n = plan.workers();
        model.sample(t, load, times);
        StragglerState now = new StragglerState(model.slow(), model.rates());
        int[] assignment =
                assigner.assign(perfectSsi ? now : previous).clone(); // fixed() shares one
        previous = now;
        double computation = 0;
        int downloads = 0;
        DecodeRound round = new DecodeRound(plan.decoder(), plan.codewords().size());
        for (int i = 0; i < n; i++) {
            order[i] = i;
            if (tasked != null && !tasked.get(i)) {
                if (assignment[i] >= 0) {
                    round.arrive(plan.sends(i, assignment[i])); // a skipped group's stale gradient
                }
                assignment[i] = -1;
            }
            if (assignment[i] >= 0) {
                downloads++;
                computation += partitionLoad[i];
            }
        }
        Arrays.sort(order, (a, b) -> Double.compare(times[a], times[b]));
        int waited = 0;
        int uploads = 0;
        double k = plan.partitions();
        for (int idx = 0; idx < n; idx++) {
            int w = order[idx];
            int c = assignment[w];
            if (c < 0) {
                continue;
            }
            waited++;
            int[] sent = plan.sends(w, c);
            uploads += sent.length;
            if (round.arrive(sent).isPresent()) {
                return new IterationOutcome(times[w], waited, uploads, downloads, computation / k);
            }
        }
        return new IterationOutcome(
                Double.POSITIVE_INFINITY, waited, uploads, downloads, computation / k);
    }
}
