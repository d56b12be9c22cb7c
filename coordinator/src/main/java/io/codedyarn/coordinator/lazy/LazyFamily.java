package io.codedyarn.coordinator.lazy;

import io.codedyarn.compute.model.PowerIteration;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.checkpoint.CheckpointParts;
import io.codedyarn.coordinator.round.Aggregator;
import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.Family;
import io.codedyarn.coordinator.round.RoundDriver;
import io.codedyarn.coordinator.round.RunAborted;
import io.codedyarn.coordinator.round.RunState;
import io.codedyarn.coordinator.round.SetupRounds;
import io.codedyarn.coordinator.round.Step;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.scheme.LagFamily;
import io.codedyarn.placement.scheme.PlanGroups;
import java.util.BitSet;
import java.util.random.RandomGenerator;

/**
 * LAG, LAGC, G-LAG and G-GD (LAGC §III–IV; digest lagc.md §2.4–2.6): each iteration the trigger
 * (13)/(17) selects the groups whose gradient may have drifted; only their members get the iterate;
 * a selected group is refreshed as soon as its arrivals decode ({@link GroupGate}); then θ ← θ − α
 * Σ_g G_g over fresh and stale group gradients (14)/(18), the lazy update of {@link LazyTrigger}.
 * Defaults from the digest's recommendation: α = 1/L with L the smoothness of the whole objective
 * (power iteration), ξ = 1 (0 for g-gd), D = 10, F minimal ({@link LazySettings}, configurable);
 * the trigger's L_g come from power iteration on each group's own data (the exact λ_max of the
 * group, which is ≤ Σ_{s∈g} L_s). LR splits the regulariser evenly: G_g = Σ_{g}∇ℓ/n + λθ/G, so Σ_g
 * G_g = ∇F when all are fresh.
 */
public final class LazyFamily implements Family {
    /**
     * The typed parameters: trigger constant ξ, memory D, members waited for per group F (0 =
     * minimal), the plan's minimal F, and whether every group always runs.
     */
    public record Parameters(
            double xi, int memory, int groupWait, int minimalWait, boolean everyUnit) {
        /** The configured constants; G-GD (not triggered) refreshes every group every round. */
        public static Parameters of(Training.Lazy lazy, LazySettings settings) {
            return new Parameters(
                    settings.xi(),
                    settings.memory(),
                    settings.groupWait(),
                    lazy.minimalWait(),
                    !lazy.triggered());
        }
    }

    private final RunState run;
    private final DecodeGate setupRounds;
    private final Parameters parameters;
    private final GroupGate gate;
    private final int count;
    private final int[][] members;
    private final double[] losses;
    private LazyTrigger trigger;
    private BitSet selected;
    private double[] at;

    public LazyFamily(RunState run, DecodeGate setupRounds, Parameters parameters) {
        if (run.spec.workload() == Workload.PCA) {
            throw new IllegalArgumentException(
                    "--scheme "
                            + run.plan.scheme()
                            + ": lazy aggregation supports lr and lsq,"
                            + " not pca (use an exact scheme or dsag)");
        }
        this.run = run;
        this.setupRounds = setupRounds;
        this.parameters = parameters;
        this.count = PlanGroups.count(run.plan);
        this.members = new int[count][];
        for (int g = 0; g < count; g++) {
            members[g] = PlanGroups.members(run.plan, g);
        }
        int minimal = parameters.minimalWait();
        int size = members[0].length;
        int wait = parameters.groupWait();
        if (wait != 0 && (wait < minimal || wait > size)) {
            throw new IllegalArgumentException(
                    "coded-yarn.lazy.group-wait: F must be 0 (minimal) or in [M_G - r_G + 1, M_G]"
                            + " = ["
                            + minimal
                            + ", "
                            + size
                            + "] for "
                            + run.plan.scheme()
                            + ", got "
                            + wait);
        }
        this.gate =
                new GroupGate(
                        run.plan,
                        run.engine,
                        LagFamily.groupDecoder(run.plan),
                        members,
                        // 0: decode as soon as the arrivals decode (what every run did before F
                        // was configurable; in practice after the minimal F)
                        wait == 0 ? 1 : wait);
        this.losses = new double[count];
    }

    @Override
    public void prepare(RoundDriver driver) throws InterruptedException, RunAborted {
        double alpha = SetupRounds.stepSize(run, setupRounds, driver);
        double[] theta = new double[run.modelLength()];
        trigger =
                parameters.everyUnit()
                        ? LazyTrigger.everyUnit(count, alpha, theta)
                        : LazyTrigger.grouped(
                                groupSmoothness(driver),
                                alpha,
                                parameters.xi(),
                                parameters.memory(),
                                theta);
    }

    /** The checkpointed state: the trigger (θ, copies, stored gradients, history) and losses. */
    record Saved(LazyTrigger.State trigger, double[] losses) {}

    @Override
    public com.fasterxml.jackson.databind.JsonNode checkpoint() {
        return trigger == null
                ? null
                : CheckpointParts.JSON.valueToTree(new Saved(trigger.state(), losses.clone()));
    }

    @Override
    public void resume(com.fasterxml.jackson.databind.JsonNode state) {
        Saved s = CheckpointParts.read(state, Saved.class, "family");
        CheckpointParts.checkLength("family.losses", s.losses().length, count);
        CheckpointParts.checkLength(
                "family.trigger.theta", s.trigger().theta().length, run.modelLength());
        trigger = LazyTrigger.restore(s.trigger());
        System.arraycopy(s.losses(), 0, losses, 0, count);
    }

    @Override
    public Aggregator begin(long iteration) {
        selected = trigger.select();
        at = trigger.theta();
        double[][] perGroup = new double[count][];
        for (int g = selected.nextSetBit(0); g >= 0; g = selected.nextSetBit(g + 1)) {
            perGroup[g] = at;
        }
        gate.begin(perGroup, iteration, Task.Kind.OBJECTIVE);
        return gate;
    }

    @Override
    public Step step() {
        GroupGate.Collected c = gate.result();
        for (int g = selected.nextSetBit(0); g >= 0; g = selected.nextSetBit(g + 1)) {
            double[] sum = c.sums()[g];
            losses[g] = sum[0];
            double[] grad = new double[at.length];
            for (int j = 0; j < grad.length; j++) {
                grad[j] = groupGradient(sum[1 + j], at[j]);
            }
            trigger.refresh(g, grad);
        }
        double lossSum = 0;
        for (double l : losses) {
            lossSum += l;
        }
        double[] sums = new double[1 + at.length];
        sums[0] = lossSum;
        double value = run.metric.assemble(sums, at)[0];
        trigger.step();
        return new Step(
                at,
                value,
                selected.cardinality() == count,
                c.used(),
                0,
                c.discarded(),
                c.who(),
                false,
                null); // lr, lsq
    }

    private double groupGradient(double gradientSum, double theta) {
        double lambda = run.metric.lambda();
        if (run.spec.workload() == Workload.LR) {
            return gradientSum / run.shape.rows() + lambda * theta / count;
        }
        return gradientSum + lambda * theta / count;
    }

    /** L_g per group: power iteration on each group's data, all groups in the same rounds. */
    private double[] groupSmoothness(RoundDriver driver) throws InterruptedException, RunAborted {
        RandomGenerator rng = Seeds.generator(run.spec.seed() ^ 0x1A6L);
        PowerIteration[] power = new PowerIteration[count];
        for (int g = 0; g < count; g++) {
            power[g] =
                    new PowerIteration(
                            run.modelLength(),
                            rng,
                            SetupRounds.RELATIVE_CHANGE,
                            SetupRounds.MAX_ROUNDS);
        }
        while (true) {
            double[][] x = new double[count][];
            boolean any = false;
            for (int g = 0; g < count; g++) {
                x[g] = power[g].done() ? null : power[g].point();
                any |= x[g] != null;
            }
            if (!any) {
                break;
            }
            double[][] s = gate.collect(x, -1, Task.Kind.GRAM, driver).sums();
            for (int g = 0; g < count; g++) {
                if (x[g] != null) {
                    power[g].tell(s[g][0], SetupRounds.gram(s[g])); // s = [‖X_g u‖², −X_gᵀX_g u]
                }
            }
        }
        double[] l = new double[count];
        for (int g = 0; g < count; g++) {
            l[g] = run.metric.smoothness(power[g].estimate(), run.metric.lambda() / count);
        }
        return l;
    }
}
