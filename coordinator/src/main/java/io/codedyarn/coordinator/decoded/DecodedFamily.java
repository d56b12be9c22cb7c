package io.codedyarn.coordinator.decoded;

import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.checkpoint.CheckpointParts;
import io.codedyarn.coordinator.optim.GradientDescentSteps;
import io.codedyarn.coordinator.optim.LbfgsSteps;
import io.codedyarn.coordinator.optim.NesterovSteps;
import io.codedyarn.coordinator.optim.PowerSteps;
import io.codedyarn.coordinator.optim.StepwiseOptimizer;
import io.codedyarn.coordinator.round.Aggregator;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.Family;
import io.codedyarn.coordinator.round.RoundDriver;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.SetupRounds;
import io.codedyarn.coordinator.round.Step;
import io.codedyarn.coordinator.round.TrainSpec;

/**
 * The decode-gated family (uncoded, fastest-k, cyclic, fractional, GC-SC, GC-DC, hetero, BCC, ...):
 * each round's {@link DecodeGate} yields [Σℓ, Σ∇ℓ] at the point the optimiser asked for (exact for
 * exact codes, fastest-k's rescaled estimate otherwise), so the loss is decoded with the gradient
 * and L-BFGS's line search is as straggler-tolerant as the gradient (issue 5). LR/LSQ step with a
 * step-wise optimiser (gd, nesterov, lbfgs — default lbfgs, which needs no step size); PCA with V ←
 * G(V − η(H + V)) (DSAG §1.3; η = 1 is the power method).
 */
public final class DecodedFamily implements Family {
    private final RunState run;
    private final DecodeGate gate;
    private final Update kind;
    private StepwiseOptimizer optimizer;
    private double[] point;
    private int discardedBefore;

    /** The update rule: the --optimizer choices, and PCA's power update. */
    public enum Update {
        LBFGS,
        GD,
        NESTEROV,
        POWER;

        /** The record its state is (as checkpointed). */
        Class<? extends StepwiseOptimizer> state() {
            return switch (this) {
                case LBFGS -> LbfgsSteps.class;
                case GD -> GradientDescentSteps.class;
                case NESTEROV -> NesterovSteps.class;
                case POWER -> PowerSteps.class;
            };
        }

        public static Update of(TrainSpec spec) {
            if (spec.workload() == Workload.PCA) {
                return POWER;
            }
            if (spec.optimizer() == null) {
                return LBFGS;
            }
            return switch (spec.optimizer()) {
                case LBFGS -> LBFGS;
                case GD -> GD;
                case NESTEROV -> NESTEROV;
            };
        }
    }

    public DecodedFamily(RunState run, DecodeGate gate) {
        this.run = run;
        this.gate = gate;
        this.kind = Update.of(run.spec);
    }

    @Override
    public void prepare(RoundDriver driver) throws InterruptedException, RunAborted {
        optimizer =
                switch (kind) {
                    case LBFGS -> new LbfgsSteps(new double[run.modelLength()]);
                    case GD ->
                            new GradientDescentSteps(
                                    SetupRounds.stepSize(run, gate, driver),
                                    new double[run.modelLength()]);
                    case NESTEROV ->
                            new NesterovSteps(
                                    SetupRounds.stepSize(run, gate, driver),
                                    new double[run.modelLength()]);
                    case POWER -> power(driver);
                };
    }

    private StepwiseOptimizer power(RoundDriver driver) throws InterruptedException, RunAborted {
        int d = run.cols;
        run.metric.squaredFrobenius(SetupRounds.squaredFrobenius(gate, d, driver));
        double eta = Double.isNaN(run.spec.step()) ? 1.0 : run.spec.step();
        return new PowerSteps(
                eta,
                d,
                run.components(),
                PowerSteps.initialBasis(d, run.components(), run.spec.seed()));
    }

    @Override
    public com.fasterxml.jackson.databind.JsonNode checkpoint() {
        return optimizer == null ? null : CheckpointParts.JSON.valueToTree(optimizer);
    }

    @Override
    public void resume(com.fasterxml.jackson.databind.JsonNode state) {
        optimizer = CheckpointParts.read(state, kind.state(), "family");
        CheckpointParts.checkLength("family.next", optimizer.iterate().length, run.modelLength());
    }

    @Override
    public Aggregator begin(long iteration) throws RunAborted {
        point = optimizer.point();
        discardedBefore = gate.discarded();
        gate.begin(iteration, point, Task.Kind.OBJECTIVE);
        return gate;
    }

    @Override
    public Step step() {
        DecodeGate.Decoded d = gate.result();
        double value;
        double[] parts = null;
        if (kind == Update.POWER) {
            value = run.metric.value(d.sum(), point);
            parts = run.metric.componentValues(d.sum(), point, run.components());
            optimizer = optimizer.tell(d.sum()); // [‖XV‖², H]: the update reads H only
        } else {
            double[] fg = run.metric.assemble(d.sum(), point);
            value = fg[0];
            optimizer = optimizer.tell(fg);
        }
        return new Step(
                point,
                value,
                true,
                d.used(),
                0,
                gate.discarded() - discardedBefore,
                d.workersUsed(),
                !optimizer.lastWasIterate(),
                parts);
    }

    @Override
    public boolean finished() {
        return optimizer.finished();
    }
}
