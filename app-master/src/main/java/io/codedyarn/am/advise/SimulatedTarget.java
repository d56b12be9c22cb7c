package io.codedyarn.am.advise;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.train.Trainers;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.advise.Advisor;
import io.codedyarn.coordinator.advise.Candidate;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;

/**
 * {@code advise --data}: iterations and time to the target from training each candidate on the
 * simulated cluster ({@code train --cluster simulated}, the real coordinator and kernels on the
 * data) with the recorded trace as its latency model — honest for every scheme, inexact ones
 * included, because the iterates are the scheme's own. The reference optimum is computed once.
 */
public final class SimulatedTarget implements Advisor.ToTarget {
    private final CodedYarnConfig config;
    private final Rows data;
    private final Workload workload;
    private final String latency;
    private final double targetGap;
    private final int maxIterations;
    private double reference = Double.NaN;

    /**
     * @param latency the replayed trace as a latency spec ({@code trace:file=...})
     * @param maxIterations rounds after which a candidate counts as not reaching the target
     */
    public SimulatedTarget(
            CodedYarnConfig config,
            Rows data,
            Workload workload,
            String latency,
            double targetGap,
            int maxIterations) {
        this.config = config;
        this.data = data;
        this.workload = workload;
        this.latency = latency;
        this.targetGap = targetGap;
        this.maxIterations = maxIterations;
    }

    /** The {@code train} spec that reproduces a candidate's simulated run. */
    public TrainSpec spec(Candidate c) {
        return new TrainSpec(
                workload,
                c.scheme(),
                c.params(),
                3,
                Double.NaN,
                workload != Workload.PCA,
                null,
                Double.NaN,
                maxIterations,
                targetGap,
                Double.NaN,
                0,
                reference,
                LatencySpec.ofNullable(latency),
                StraggleSpec.parse("none"),
                c.params().seed());
    }

    @Override
    public Advisor.Target estimate(Candidate c, Plan plan, double secondsPerIteration)
            throws InterruptedException {
        TrainSpec spec = spec(c);
        if (Double.isNaN(reference)) {
            spec = Trainers.withReference(spec, data);
            reference = spec.reference();
        }
        try {
            Coordinator.validate(spec, plan);
        } catch (IllegalArgumentException e) {
            return new Advisor.Target(Double.NaN, Double.NaN, "cannot train: " + e.getMessage());
        }
        RunResult r = Trainers.simulate(config, spec, plan, data);
        for (IterationRecord rec : r.iterationLog()) {
            if (rec.gap() <= targetGap) {
                return new Advisor.Target(rec.iteration() + 1, rec.seconds(), "simulated");
            }
        }
        return new Advisor.Target(
                Double.NaN,
                Double.NaN,
                r.succeeded()
                        ? "target not reached in " + maxIterations + " rounds"
                        : "failed: " + r.diagnostic());
    }
}
