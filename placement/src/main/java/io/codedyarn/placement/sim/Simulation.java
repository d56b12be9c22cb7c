package io.codedyarn.placement.sim;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.scheme.Schemes;
import java.util.function.Function;

/**
 * Runs R independent runs of T iterations of one plan. Run r's latency model is seeded with {@link
 * #runSeed(long, int)}, the same for every scheme of one call: common random numbers, so
 * differences between schemes are not Monte-Carlo noise.
 */
public final class Simulation {
    private final LatencySpec latency;
    private final double[] speeds;
    private final LatencySpec.Files files;
    private final int iterations;
    private final int runs;
    private final long seed;
    private final boolean perfectSsi;

    public Simulation(
            LatencySpec latency,
            double[] speeds,
            LatencySpec.Files files,
            int iterations,
            int runs,
            long seed,
            boolean perfectSsi) {
        if (iterations < 1 || runs < 1) {
            throw new IllegalArgumentException("need iterations >= 1 and runs >= 1");
        }
        this.latency = latency;
        this.speeds = speeds.clone();
        this.files = files;
        this.iterations = iterations;
        this.runs = runs;
        this.seed = seed;
        this.perfectSsi = perfectSsi;
    }

    /** The seed of run {@code r}'s latency model (SplitMix-style mixing of seed and r). */
    public static long runSeed(long seed, int run) {
        long z = seed + 0x9E3779B97F4A7C15L * (run + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * @param assigners builds the per-iteration codeword assigner of a plan (static plans: {@link
     *     CodewordAssigner#fixed})
     */
    public SchemeSummary run(Plan plan, Function<Plan, CodewordAssigner> assigners) {
        double sum = 0;
        double sumSq = 0;
        double waited = 0;
        double comm = 0;
        double comp = 0;
        long count = 0;
        long undecodable = 0;
        for (int r = 0; r < runs; r++) {
            LatencyModel model =
                    latency.build(plan.workers(), speeds, Seeds.generator(runSeed(seed, r)), files);
            CodewordAssigner assigner = assigners.apply(plan);
            TimeSimulator sim = new TimeSimulator(plan, model, assigner, perfectSsi);
            AsyncRoundSimulator async = asyncRounds(plan, model);
            for (int t = 0; t < iterations; t++) {
                IterationOutcome o =
                        latency.isFixed()
                                ? worstCase(plan, model, assigner, t)
                                : async != null ? async.step(t) : sim.step(t);
                if (Double.isInfinite(o.time())) {
                    undecodable++;
                    continue;
                }
                count++;
                sum += o.time();
                sumSq += o.time() * o.time();
                waited += o.waited();
                comm += o.uploads() + o.downloads();
                comp += o.computation();
            }
        }
        if (count == 0) {
            return new SchemeSummary(
                    plan.scheme(),
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    undecodable);
        }
        double mean = sum / count;
        double var = count > 1 ? Math.max(0, (sumSq - count * mean * mean) / (count - 1)) : 0;
        return new SchemeSummary(
                plan.scheme(),
                mean,
                Math.sqrt(var),
                waited / count,
                comm / count,
                comp / count,
                undecodable);
    }

    /**
     * Plans that train asynchronously (SAG/DSAG, {@link Training.Asynchronous}) run as asynchronous
     * rounds; the lazy family's and the decoded ones as decode-gated rounds.
     */
    private static AsyncRoundSimulator asyncRounds(Plan plan, LatencyModel model) {
        return Schemes.byName(plan.scheme()).training(plan) instanceof Training.Asynchronous a
                ? new AsyncRoundSimulator(plan, model, a.w())
                : null;
    }

    private static IterationOutcome worstCase(
            Plan plan, LatencyModel model, CodewordAssigner assigner, int t) {
        int n = plan.workers();
        double[] times = new double[n];
        model.sample(t, LoadUnit.of(plan), times); // n/N rows per unit, as in TimeSimulator
        double[] load = plan.loads(); // partitions, for the computation column (over K)
        int[] assignment = assigner.assign(StragglerState.allFast(n));
        double time = WorstCaseStragglers.time(plan, assignment, times, plan.stragglers());
        int tasks = 0;
        double comp = 0;
        for (int i = 0; i < n; i++) {
            if (assignment[i] >= 0) {
                tasks++;
                comp += load[i];
            }
        }
        int waited = tasks - plan.stragglers();
        return new IterationOutcome(time, waited, waited, tasks, comp / plan.partitions());
    }
}
