package io.codedyarn.coordinator.async;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.checkpoint.CheckpointParts;
import io.codedyarn.coordinator.optim.PowerSteps;
import io.codedyarn.coordinator.optim.SagSteps;
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
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.method.RoundGate;

/**
 * SAG and DSAG (DSAG §IV-B): rounds gated by {@link AsyncGate} (w fresh results plus the grace
 * window), then the SAG/DSAG step on the cache's estimate: v ← v − η(∇̂ + λv) for LR/LSQ ({@link
 * SagSteps} on the assembled estimate), V ← G(V − η(Ĥ + V)) for PCA ({@link PowerSteps}). The
 * logged metric is the cache's estimate (not exact); the coordinator evaluates the returned model
 * exactly once at the end.
 */
public final class AsyncFamily implements Family {
    /**
     * The typed parameters: w fresh results per round, the grace fraction, DSAG (stale results
     * enter the cache) or SAG (they are discarded), load balancing (SAG-LB, DSAG-LB) and when it
     * solves, the seed.
     */
    public record Parameters(
            int w,
            double grace,
            Training.Memory memory,
            boolean loadBalance,
            BalanceSchedule schedule,
            long seed) {
        /**
         * From the spec and the plan's training: {@code --wait} when given (at most n), else the
         * scheme's w = n − s; the paper's 2 % grace.
         */
        public static Parameters of(
                TrainSpec spec,
                Plan plan,
                Training.Asynchronous training,
                boolean balance,
                BalanceSchedule schedule) {
            int n = plan.workers();
            int w;
            if (spec.waitFor() > 0) {
                if (spec.waitFor() > n) {
                    throw new IllegalArgumentException(
                            "--wait " + spec.waitFor() + " exceeds --workers " + n);
                }
                w = spec.waitFor();
            } else {
                w = training.w();
            }
            return new Parameters(
                    w, RoundGate.DEFAULT_GRACE, training.memory(), balance, schedule, spec.seed());
        }
    }

    private final RunState run;
    private final DecodeGate setupRounds;
    private final Parameters parameters;
    private AsyncGate gate;
    private StepwiseOptimizer optimizer;
    private double[] point;

    public AsyncFamily(RunState run, DecodeGate setupRounds, Parameters parameters) {
        this.run = run;
        this.setupRounds = setupRounds;
        this.parameters = parameters;
    }

    @Override
    public void prepare(RoundDriver driver) throws InterruptedException, RunAborted {
        if (run.spec.workload() == Workload.PCA) {
            int d = run.cols;
            int k = run.components();
            run.metric.squaredFrobenius(SetupRounds.squaredFrobenius(setupRounds, d, driver));
            double eta = Double.isNaN(run.spec.step()) ? 1.0 : run.spec.step();
            optimizer = new PowerSteps(eta, d, k, PowerSteps.initialBasis(d, k, run.spec.seed()));
        } else {
            double eta = SetupRounds.stepSize(run, setupRounds, driver);
            optimizer = new SagSteps(eta, new double[run.modelLength()]);
        }
        gate =
                new AsyncGate(
                        run.plan, run.engine, run.shape.partitionRows(), parameters, run.decisions);
    }

    /** The checkpointed state: the step (SAG or power) and the gate's cache and cursors. */
    record Saved(com.fasterxml.jackson.databind.JsonNode optimizer, AsyncGate.Saved gate) {}

    @Override
    public com.fasterxml.jackson.databind.JsonNode checkpoint() {
        if (gate == null) {
            return null;
        }
        return CheckpointParts.JSON.valueToTree(
                new Saved(CheckpointParts.JSON.valueToTree(optimizer), gate.save()));
    }

    @Override
    public void resume(com.fasterxml.jackson.databind.JsonNode state) {
        Saved s = CheckpointParts.read(state, Saved.class, "family");
        Class<? extends StepwiseOptimizer> kind =
                run.spec.workload() == Workload.PCA ? PowerSteps.class : SagSteps.class;
        optimizer = CheckpointParts.read(s.optimizer(), kind, "family.optimizer");
        CheckpointParts.checkLength(
                "family.optimizer.next", optimizer.iterate().length, run.modelLength());
        gate =
                new AsyncGate(
                        run.plan, run.engine, run.shape.partitionRows(), parameters, run.decisions);
        gate.restore(s.gate());
    }

    @Override
    public Aggregator begin(long iteration) {
        point = optimizer.point();
        gate.begin(iteration, point);
        return gate;
    }

    @Override
    public Step step() {
        double[] est = gate.estimate();
        double value;
        if (run.spec.workload() == Workload.PCA) {
            value = run.metric.value(est, point);
            optimizer = optimizer.tell(est);
        } else {
            double[] fg = run.metric.assemble(est, point);
            value = fg[0];
            optimizer = optimizer.tell(fg);
        }
        gate.rebalance(run.iteration());
        return new Step(
                point,
                value,
                false,
                gate.used(),
                gate.stale(),
                gate.discarded(),
                gate.who(),
                false,
                null); // an estimate: no per-component values
    }
}
