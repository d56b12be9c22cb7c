package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.Reference;
import io.codedyarn.coordinator.simulated.SimulatedTrain;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 28 §3: DSAG's load balancer must never make convergence worse than no balancing. The
 * scenario is the one a user met: identically distributed workers (every worker's task time 0.01 s
 * + Exp(mean 0.1 s) per unit of load), w = N, so there is nothing to balance; with balancing on,
 * the run must reach a relative gap of 1e-10 — checked by an exact evaluation, not the cache's
 * estimate — within the iterations the unbalanced run needs.
 */
class BalancedConvergenceTest {
    private static final int WORKERS = 200;

    /** LR's L2 weight: well conditioned, so gradient descent reaches 1e-10 in few rounds. */
    private static final double LAMBDA = 0.05;

    private static final String LATENCY = "shifted-exp:alpha=0.01,mu=10";

    /** PCA: n×d Gaussian columns with standard deviations r^j (λ_4/λ_3 = r²). */
    static DenseRows pcaData(int n, int d, long seed, double r) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] x = new double[n * d];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                x[i * d + j] = Math.pow(r, j) * rng.nextGaussian();
            }
        }
        return new DenseRows(n, d, x, null);
    }

    static TrainSpec spec(Workload workload, double reference, String latency) {
        return spec(workload, reference, latency, 1);
    }

    static TrainSpec spec(Workload workload, double reference, String latency, int subpartitions) {
        double lambda = workload == Workload.PCA ? Double.NaN : LAMBDA;
        return new TrainSpec(
                workload,
                "dsag",
                SchemeParams.of(WORKERS, 0, 7).withSubpartitions(subpartitions),
                3,
                lambda,
                workload != Workload.PCA,
                (Optimizer) null,
                Double.NaN,
                3000,
                1e-10,
                Double.NaN,
                0,
                reference,
                LatencySpec.ofNullable(latency),
                StraggleSpec.none(),
                7);
    }

    @ParameterizedTest
    @EnumSource(
            value = Workload.class,
            names = {"PCA", "LR"})
    void balancingNeverNeedsMoreIterationsThanNoBalancing(Workload workload) throws Exception {
        DenseRows data = data(workload);
        double reference = reference(workload, data);
        TrainSpec spec = spec(workload, reference, LATENCY);
        RunResult off = run(spec, data, false);
        RunResult on = run(spec, data, true);
        assertThat(off.succeeded()).as(off.diagnostic()).isTrue();
        assertThat(on.succeeded()).as(on.diagnostic()).isTrue();
        // both reached the target, judged on the returned model's exact objective
        assertThat(gap(off, reference)).isLessThanOrEqualTo(1e-10);
        assertThat(gap(on, reference)).as("balanced run's exact gap").isLessThanOrEqualTo(1e-10);
        assertThat(on.iterations())
                .as("iterations to 1e-10 with balancing (without: %d)", off.iterations())
                .isLessThanOrEqualTo(off.iterations());
    }

    /**
     * The balancer's own cost: before the fix every solve ran Algorithm 1's simulations, ≈ 45 % of
     * the wall time in the issue's run. With workers that do not differ (the user's iid latencies)
     * no solve may run them: each is kept because the pooled spread cannot pass the acceptance
     * threshold. (Counted, not timed: a wall-time share is a benchmark's, and it failed here on a
     * machine shared with two benchmarks.)
     */
    @Test
    void theBalancerSkipsItsSimulationsWhenNoWorkerDiffers() throws Exception {
        DenseRows data = pcaData(4000, 12, 3, 0.97);
        TrainSpec spec = spec(Workload.PCA, reference(Workload.PCA, data), LATENCY);
        RunResult on = run(spec, data, true);
        assertThat(on.succeeded()).as(on.diagnostic()).isTrue();
        var kept = on.events().stream().filter(e -> e.event().equals("balance-kept")).toList();
        assertThat(kept).as("the balancer solved").isNotEmpty();
        assertThat(kept)
                .as("every solve skipped Algorithm 1")
                .allMatch(e -> e.reason().contains("no re-cut can improve it"));
        assertThat(on.events()).noneMatch(e -> e.event().equals("rebalanced"));
    }

    /**
     * Real heterogeneity (worker i's tasks take 1 + 3·i/N times as long, DSAG §VI's ramp) and the
     * paper's 10 subpartitions per worker for LR (with 1, no worker can take on more work), so the
     * balancer re-cuts: the run still reaches 1e-10 — a re-cut leaves no hole in the cache — in no
     * more coordinator time than without balancing (measured: 169 iterations, 22.35 s against 227
     * and 25.07 s; PCA, in docs/benchmarks.md, takes the same time with balancing).
     */
    @Test
    void balancingRealHeterogeneityStillReachesTheTarget() throws Exception {
        Workload workload = Workload.LR;
        DenseRows data = data(workload);
        double reference = reference(workload, data);
        TrainSpec spec =
                spec(workload, reference, "shifted-exp:alpha=0.001,mu=100+ramp:factor=3", 10);
        RunResult off = run(spec, data, false);
        RunResult on = run(spec, data, true);
        assertThat(on.events()).anySatisfy(e -> assertThat(e.event()).isEqualTo("rebalanced"));
        assertThat(gap(off, reference)).isLessThanOrEqualTo(1e-10);
        assertThat(gap(on, reference)).as("balanced run's exact gap").isLessThanOrEqualTo(1e-10);
        assertThat(on.wallSeconds())
                .as(
                        "coordinator seconds to 1e-10 with balancing (without: %.3f)",
                        off.wallSeconds())
                .isLessThanOrEqualTo(off.wallSeconds());
    }

    private static DenseRows data(Workload workload) {
        return workload == Workload.PCA ? pcaData(4000, 12, 3, 0.97) : Trainer.logistic(4000, 8, 5);
    }

    private static double reference(Workload workload, DenseRows data) {
        double lambda = workload == Workload.PCA ? Double.NaN : LAMBDA;
        return Reference.compute(workload, data, workload != Workload.PCA, lambda, 3);
    }

    private static double gap(RunResult r, double reference) {
        return Math.abs(r.objective() - reference) / Math.abs(reference);
    }

    private static RunResult run(TrainSpec spec, DenseRows data, boolean balance)
            throws InterruptedException {
        return SimulatedTrain.run(
                spec,
                spec.plan(),
                data,
                balance,
                BalanceSchedule.defaults(),
                AdaptSettings.off(),
                SpeedSettings.defaults());
    }
}
