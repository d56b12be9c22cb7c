package io.codedyarn.coordinator.advise;

import io.codedyarn.coordinator.round.Assigners;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.sim.AsyncRoundSimulator;
import io.codedyarn.placement.sim.TimeSimulator;
import java.io.StringReader;
import java.util.BitSet;

/**
 * Per-iteration times of one plan replaying a trace, through the simulators {@code simulate} uses
 * ({@code Simulation}): {@link TimeSimulator} (first decodable prefix of arrivals) for decoded and
 * lazy schemes, {@link AsyncRoundSimulator} for sag/dsag with w fresh results. The trace is read by
 * {@code LatencySpec}'s {@code trace:} model ({@code TraceReplay}), so times scale by load now /
 * load recorded exactly as {@code simulate --latency trace:file=...} scales them.
 */
public final class TraceTimes {
    private TraceTimes() {}

    /**
     * @param trace a complete trace for the plan's workers ({@link RecordedTrace#normalised})
     * @param waitFor sag/dsag: fresh results per round; 0 = the scheme's default (n − s)
     * @param iterations how many iterations (trace iteration t mod T replays at iteration t)
     * @return the simulated time of each iteration (+∞ when undecodable)
     */
    public static double[] of(Plan plan, String trace, int waitFor, int iterations) {
        return of(plan, trace, waitFor, iterations, null);
    }

    /**
     * As {@link #of(Plan, String, int, int)}; for a lazy scheme with {@code selected} given, only
     * the workers in {@code selected[t mod T]} get a task at iteration t (the groups the run's
     * trigger selected, {@link TimeSimulator#stepSelected}); null times every group as selected.
     */
    public static double[] of(
            Plan plan, String trace, int waitFor, int iterations, BitSet[] selected) {
        LatencyModel model =
                LatencySpec.parse("trace:file=recorded")
                        .build(
                                plan.workers(),
                                new double[0],
                                Seeds.generator(0), // a trace draws nothing
                                path -> new StringReader(trace));
        double[] times = new double[iterations];
        if (Schemes.byName(plan.scheme()).training(plan) instanceof Training.Asynchronous a) {
            AsyncRoundSimulator sim =
                    new AsyncRoundSimulator(plan, model, waitFor > 0 ? waitFor : a.w());
            for (int t = 0; t < iterations; t++) {
                times[t] = sim.step(t).time();
            }
        } else {
            TimeSimulator sim = new TimeSimulator(plan, model, Assigners.forPlan(plan), false);
            boolean lazy = Schemes.byName(plan.scheme()).training(plan) instanceof Training.Lazy;
            for (int t = 0; t < iterations; t++) {
                times[t] =
                        lazy && selected != null
                                ? sim.stepSelected(t, selected[t % selected.length]).time()
                                : sim.step(t).time();
            }
        }
        return times;
    }
}
