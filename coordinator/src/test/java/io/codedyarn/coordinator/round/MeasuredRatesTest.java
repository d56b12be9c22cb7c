package io.codedyarn.coordinator.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Trainer;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.sim.StragglerState;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Issue 15, part 3: GC-DC's rate-based Algorithm 1 on rates measured from latencies. */
class MeasuredRatesTest {
    /** Scripted rates μ_k (units of load per second); τ = 0.5 makes workers 2 and 5 stragglers. */
    private static final double[] MU = {1.0, 2.0, 0.2, 0.8, 1.5, 0.3};

    private static final double TAU = 0.5;

    /**
     * Worker k takes load·(1/μ_k)·U[0.9, 1.1] seconds (seeded): every sample of time per unit lies
     * within ±10 % of 1/μ_k, so any weighted average of them does too, whatever the arrival order:
     * μ̂_k/μ_k ∈ [1/1.1, 1/0.9] is a bound, not a statistical tolerance.
     */
    private static SimulatedCluster.TaskLatency scripted(long seed) {
        RandomGenerator rng = Seeds.generator(seed);
        return (batch, load, out) -> {
            for (int w = 0; w < load.length; w++) {
                out[w] = load[w] / MU[w] * (0.9 + 0.2 * rng.nextDouble());
            }
        };
    }

    @Test
    void exponentialAverageOfTimePerUnit() {
        MeasuredRates r = new MeasuredRates(2);
        r.record(0, 2.0, 1.0);
        assertThat(r.rates()).isNull(); // worker 1 has no sample yet
        r.record(1, 1.0, 2.0);
        assertThat(r.rates()).containsExactly(0.5, 2.0);
        r.record(0, 1.0, 1.0); // ŝ = 0.8·2 + 0.2·1 = 1.8
        assertThat(r.rates()[0]).isCloseTo(1 / 1.8, org.assertj.core.api.Assertions.within(1e-12));
        r.record(0, Double.NaN, 1.0); // ignored
        r.record(0, 1.0, 0.0); // ignored
        assertThat(r.rates()[0]).isCloseTo(1 / 1.8, org.assertj.core.api.Assertions.within(1e-12));
    }

    /**
     * GC-DC (6 workers, 3 clusters of 2, s = 1, τ = 0.5) driven round by round on the simulated
     * cluster with the scripted rates: after 30 rounds every worker's measured rate is within the
     * ±10 % bound of its scripted μ_k — stragglers included, whose results mostly arrive after the
     * decode and are discarded but still timed, queueing behind their previous task excluded. The
     * next round's clustering is the rate-based one (columns by measured rate, stragglers = {2,
     * 5}), and it differs from what the arrival-only prediction of the same round would give.
     */
    @Test
    void gcDcClustersOnMeasuredRates() throws Exception {
        var params =
                SchemeParams.of(6, 1, 1)
                        .withClusters(3)
                        .withSpeeds(
                                1, 1, 1, 1, 1, 1) // --threshold is a plan parameter with --speeds
                        .withThreshold(TAU);
        TrainSpec spec = Trainer.spec(Workload.LR, "gc-dc", params, "gd", 30);
        Plan plan = spec.plan();
        ManualClock clock = new ManualClock();
        SimulatedCluster cluster =
                SimulatedCluster.over(plan, Trainer.LR_DATA, spec, scripted(9), clock);
        RoundEngine engine = new RoundEngine(cluster, cluster, clock);
        engine.awaitReady(1_000_000_000L);
        Decisions decisions = new Decisions();
        DecodeGate gate = new DecodeGate(plan, engine, decisions);
        double[] x = new double[Trainer.LR_DATA.cols() + 1];
        RoundDriver driver = new RoundDriver(engine, () -> {}); // no adaptation: no stall here
        for (int t = 0; t < 30; t++) {
            gate.evaluate(t, x, Task.Kind.OBJECTIVE, driver);
        }
        StragglerState state = gate.predicted();
        double[] rates = state.rates();
        assertThat(rates).isNotNull();
        for (int k = 0; k < MU.length; k++) {
            assertThat(rates[k] / MU[k])
                    .as("worker %d: measured %s, scripted %s", k, rates[k], MU[k])
                    .isBetween(1 / 1.1, 1 / 0.9);
        }

        var assigner = Assigners.forPlan(plan);
        int[] byRates = assigner.assign(state);
        int[] byArrivals = assigner.assign(new StragglerState(state.slow(), null));
        assertThat(byRates)
                .as(
                        "rates %s, arrived-late %s",
                        Arrays.toString(rates), Arrays.toString(state.slow()))
                .isNotEqualTo(byArrivals);
        gate.begin(30, x, Task.Kind.OBJECTIVE);
        assertThat(gate.assignment()).isEqualTo(byRates);
        assertThat(decisions.recent())
                .anySatisfy(d -> assertThat(d.reason()).contains("rate-based Algorithm 1"));
    }
}
