package io.codedyarn.coordinator;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.InProcessWorkers;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.coordinator.trace.TraceSink;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.util.random.RandomGenerator;

/** Test fixture: small datasets and a one-call simulated training run. */
public final class Trainer {
    private Trainer() {}

    /** n×d Gaussian features, labels ±1 from a noisy linear rule (LR). */
    public static DenseRows logistic(int n, int d, long seed) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] w = new double[d];
        for (int j = 0; j < d; j++) {
            w[j] = rng.nextGaussian();
        }
        double[] x = new double[n * d];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double dot = 0;
            for (int j = 0; j < d; j++) {
                x[i * d + j] = rng.nextGaussian();
                dot += x[i * d + j] * w[j];
            }
            y[i] = dot + 0.5 * rng.nextGaussian() > 0 ? 1 : -1;
        }
        return new DenseRows(n, d, x, y);
    }

    /** n×d features, y = Xθ + noise (LSQ). */
    static DenseRows leastSquares(int n, int d, long seed) {
        DenseRows lr = logistic(n, d, seed);
        RandomGenerator rng = Seeds.generator(seed + 1);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                y[i] += lr.values()[i * d + j] * (j + 1) * 0.1;
            }
            y[i] += 0.1 * rng.nextGaussian();
        }
        return new DenseRows(n, d, lr.values(), y);
    }

    public static TrainSpec spec(
            Workload workload,
            String scheme,
            SchemeParams params,
            String optimizer,
            int iterations) {
        return spec(workload, scheme, params, optimizer, iterations, 0, null);
    }

    /** As above, with {@code --wait} and a {@code --latency} spec ({@code --cluster simulated}). */
    public static TrainSpec spec(
            Workload workload,
            String scheme,
            SchemeParams params,
            String optimizer,
            int iterations,
            int wait,
            String latency) {
        return new TrainSpec(
                workload,
                scheme,
                params,
                3,
                Double.NaN,
                workload != Workload.PCA,
                Optimizer.parse(optimizer),
                Double.NaN,
                iterations,
                Double.NaN,
                Double.NaN,
                wait,
                Double.NaN,
                LatencySpec.ofNullable(latency),
                StraggleSpec.parse("none"),
                params.seed());
    }

    /** Runs {@code spec} on {@code data} with in-process workers and the given latencies. */
    public static RunResult run(TrainSpec spec, Rows data, SimulatedCluster.TaskLatency latency)
            throws InterruptedException {
        return run(spec, data, latency, c -> {});
    }

    public static RunResult run(
            TrainSpec spec,
            Rows data,
            SimulatedCluster.TaskLatency latency,
            java.util.function.Consumer<SimulatedCluster> tweak)
            throws InterruptedException {
        return run(spec, data, latency, tweak, io.codedyarn.coordinator.adapt.AdaptSettings.off());
    }

    /** With run-time adaptation on a simulated cluster of 3 nodes. */
    public static RunResult run(
            TrainSpec spec,
            Rows data,
            SimulatedCluster.TaskLatency latency,
            java.util.function.Consumer<SimulatedCluster> tweak,
            io.codedyarn.coordinator.adapt.AdaptSettings adaptation)
            throws InterruptedException {
        return run(
                spec,
                data,
                latency,
                tweak,
                RunOptions.defaults()
                        .withLoadBalance(LOAD_BALANCE.get())
                        .withAdaptation(adaptation, 3));
    }

    /** With {@code options} as they are (load balancing as {@code options} say). */
    public static RunResult run(
            TrainSpec spec,
            Rows data,
            SimulatedCluster.TaskLatency latency,
            java.util.function.Consumer<SimulatedCluster> tweak,
            RunOptions options)
            throws InterruptedException {
        Plan plan = spec.plan();
        ManualClock clock = new ManualClock();
        DataShape shape = InProcessWorkers.shape(data, plan.partitions());
        SimulatedCluster cluster = SimulatedCluster.over(plan, data, spec, latency, clock);
        tweak.accept(cluster);
        if (options.loadBalance()) {
            cluster.communicationFraction(0.1);
        }
        return new Coordinator(spec, plan, shape, cluster, cluster, clock, options).run();
    }

    /** {@link #run} with SAG/DSAG load balancing on, solving on {@code schedule}. */
    public static RunResult balanced(
            TrainSpec spec, SimulatedCluster.TaskLatency latency, BalanceSchedule schedule)
            throws InterruptedException {
        Plan plan = spec.plan();
        ManualClock clock = new ManualClock();
        Rows data = spec.workload() == Workload.LSQ ? LSQ_DATA : LR_DATA;
        DataShape shape = InProcessWorkers.shape(data, plan.partitions());
        SimulatedCluster cluster = SimulatedCluster.over(plan, data, spec, latency, clock);
        cluster.communicationFraction(0.1);
        return new Coordinator(
                        spec,
                        plan,
                        shape,
                        cluster,
                        cluster,
                        clock,
                        RunOptions.defaults().withLoadBalance(true).withBalanceSchedule(schedule))
                .run();
    }

    /** The datasets of {@link #balanced} (MethodFamiliesTest's). */
    /**
     * A trace sink that hands each round's record to {@code each} and keeps nothing else (the run's
     * logs are then empty): for tests that watch rounds go by.
     */
    static TraceSink roundsOnly(java.util.function.Consumer<IterationRecord> each) {
        return new TraceSink() {
            @Override
            public void iteration(IterationRecord r) {
                each.accept(r);
            }

            @Override
            public void event(io.codedyarn.coordinator.trace.AdaptEvent e) {}

            @Override
            public void task(LatencyRecord r) {}

            @Override
            public void replaced(int worker) {}

            @Override
            public void resume(Continued from) {}
        };
    }

    public static final DenseRows LR_DATA = logistic(240, 6, 11);

    static final DenseRows LSQ_DATA = leastSquares(240, 6, 13);

    /** Whether {@link #run} turns DSAG load balancing on (per test thread). */
    static final ThreadLocal<Boolean> LOAD_BALANCE = ThreadLocal.withInitial(() -> false);

    /**
     * Every worker takes 1 s per unit of load; worker {@code slow} takes {@code factor}× longer.
     */
    public static SimulatedCluster.TaskLatency oneSlow(int slow, double factor) {
        return (batch, load, out) -> {
            for (int w = 0; w < load.length; w++) {
                out[w] = load[w] * (w == slow ? factor : 1.0) * (1 + 0.01 * w);
            }
        };
    }

    /** As {@link #oneSlow} with a seeded uniform ±50 % noise on every time. */
    public static SimulatedCluster.TaskLatency noisy(int slow, double factor, long seed) {
        java.util.random.RandomGenerator rng = Seeds.generator(seed);
        return (batch, load, out) -> {
            for (int w = 0; w < load.length; w++) {
                out[w] = load[w] * (w == slow ? factor : 1.0) * (0.5 + rng.nextDouble());
            }
        };
    }
}
