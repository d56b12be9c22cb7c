package io.codedyarn.coordinator.auto;

import io.codedyarn.coordinator.round.Assigners;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.sim.TimeSimulator;
import java.util.Arrays;

/**
 * A candidate's mean time per round on the live window: the window's rounds run through the plan's
 * own decoding ({@link TimeSimulator}, the simulator behind {@code simulate} and {@code advise}),
 * each round ending when the arrivals so far decode. GC-DC re-clusters from the arrivals as it
 * would in the run.
 */
final class Replay {
    private Replay() {}

    /** Mean seconds per round over window rounds [from, to); +∞ if some round cannot decode. */
    static double meanRound(Plan plan, double[][] window, int from, int to) {
        double[][] part = Arrays.copyOfRange(window, from, to);
        TimeSimulator sim =
                new TimeSimulator(plan, new WindowReplay(part), Assigners.forPlan(plan), false);
        double sum = 0;
        for (int t = 0; t < part.length; t++) {
            sum += sim.step(t).time();
        }
        return sum / part.length;
    }
}
