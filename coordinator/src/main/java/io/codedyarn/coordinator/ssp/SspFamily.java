package io.codedyarn.coordinator.ssp;

import io.codedyarn.coordinator.checkpoint.CheckpointParts;
import io.codedyarn.coordinator.round.Aggregator;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.Family;
import io.codedyarn.coordinator.round.RoundDriver;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.SetupRounds;
import io.codedyarn.coordinator.round.Step;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.method.StalenessClocks;
import java.util.Arrays;

/**
 * Stale synchronous parallel (SSP; Ho et al., NIPS 2013), the Hetero-GC paper's asynchronous
 * baseline (§VI-A, Fig. 4), for LR and LSQ: the coordinator is the parameter server, each round
 * applies ONE worker's result ({@link SspGate}), the gradient of its block at the (possibly stale)
 * model it read:
 *
 * <pre>
 *   x ← x − η ∇F_i(x_read),   F = Σ_i F_i   (F_i: block i's share of F, {@link io.codedyarn.coordinator.trace.Metric#assemblePart})
 * </pre>
 *
 * so one clock of every worker moves x as one GD step does, and with staleness 0 the iterates after
 * each full clock are GD's. Step η: {@code --step}, else 1/L as for every family. The logged value
 * is an estimate, Σ_i F_i at the points the blocks were last computed at (scaled by the rows
 * covered until every block has reported); the coordinator evaluates the returned model exactly
 * once at the end.
 */
public final class SspFamily implements Family {
    private final RunState run;
    private final DecodeGate setupRounds;
    private final int staleness;
    private SspGate gate;
    private double step;
    private double[] model;
    private double[] partValue; // F_i at the point block i was last computed at (NaN: none yet)

    public SspFamily(RunState run, DecodeGate setupRounds, Training.StaleSynchronous training) {
        this.run = run;
        this.setupRounds = setupRounds;
        this.staleness = training.staleness();
    }

    @Override
    public void prepare(RoundDriver driver) throws InterruptedException, RunAborted {
        step = SetupRounds.stepSize(run, setupRounds, driver);
        init(new double[run.modelLength()], new StalenessClocks(run.plan.workers(), staleness));
    }

    private void init(double[] x, StalenessClocks clocks) {
        model = x;
        gate = new SspGate(run.plan, run.engine, run.shape.partitionRows(), clocks);
        partValue = new double[run.plan.workers()];
        Arrays.fill(partValue, Double.NaN);
    }

    /** The checkpointed state: η, the model, the clocks and their counters, the part values. */
    record Saved(
            double step,
            double[] model,
            long[] clocks,
            long finished,
            long blocked,
            double[] partValue) {}

    @Override
    public com.fasterxml.jackson.databind.JsonNode checkpoint() {
        if (gate == null) {
            return null;
        }
        StalenessClocks c = gate.clocks();
        return CheckpointParts.JSON.valueToTree(
                new Saved(step, model, c.clocks(), c.finished(), c.blocked(), partValue));
    }

    @Override
    public void resume(com.fasterxml.jackson.databind.JsonNode state) {
        Saved s = CheckpointParts.read(state, Saved.class, "family");
        CheckpointParts.checkLength("family.model", s.model().length, run.modelLength());
        CheckpointParts.checkLength("family.clocks", s.clocks().length, run.plan.workers());
        CheckpointParts.checkLength("family.partValue", s.partValue().length, run.plan.workers());
        step = s.step();
        init(
                s.model().clone(),
                new StalenessClocks(staleness, s.clocks(), s.finished(), s.blocked()));
        partValue = s.partValue().clone();
    }

    @Override
    public Aggregator begin(long iteration) {
        gate.begin(iteration, model);
        return gate;
    }

    @Override
    public Step step() {
        int i = gate.arrived();
        double share = (double) gate.rows(i) / run.shape.rows();
        double[] fg = run.metric.assemblePart(gate.arrivedSums(), gate.arrivedPoint(), share);
        partValue[i] = fg[0];
        double[] point = model;
        double[] next = new double[model.length];
        for (int j = 0; j < next.length; j++) {
            next[j] = model[j] - step * fg[1 + j];
        }
        model = next;
        return new Step(
                point,
                estimate(),
                false,
                gate.arrivedStale() ? 0 : 1,
                gate.arrivedStale() ? 1 : 0,
                0,
                Integer.toString(i),
                false,
                null); // lr, lsq
    }

    /** Σ_i F_i over the blocks reported so far, scaled up to all rows. */
    private double estimate() {
        double sum = 0;
        long covered = 0;
        for (int i = 0; i < partValue.length; i++) {
            if (!Double.isNaN(partValue[i])) {
                sum += partValue[i];
                covered += gate.rows(i);
            }
        }
        return sum * run.shape.rows() / covered;
    }
}
