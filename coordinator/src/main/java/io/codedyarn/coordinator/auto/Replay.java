package io.codedyarn.coordinator.auto;

import io.codedyarn.coordinator.round.Assigners;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.sim.TimeSimulator;

/**
 * A candidate's rounds on the live window: the window's rounds run through the plan's own decoding
 * ({@link TimeSimulator}, the simulator behind {@code simulate} and {@code advise}), each round
 * ending when the arrivals so far decode. GC-DC re-clusters from the arrivals as it would in the
 * run. One pass over the window gives every range a decision weighs (the whole window, its halves,
 * its newer half's halves): a range's rounds carry the state the rounds before it left, as the run
 * would.
 */
final class Replay {
    private final double[] seconds;

    private Replay(double[] seconds) {
        this.seconds = seconds;
    }

    /** {@code plan}'s rounds over {@code window} ([round][worker] seconds per unit). */
    static Replay of(Plan plan, double[][] window) {
        TimeSimulator sim =
                new TimeSimulator(plan, new WindowReplay(window), Assigners.forPlan(plan), false);
        double[] seconds = new double[window.length];
        for (int t = 0; t < window.length; t++) {
            seconds[t] = sim.step(t).time();
        }
        return new Replay(seconds);
    }

    /** Mean seconds per round over window rounds [from, to); +∞ if some round cannot decode. */
    double mean(int from, int to) {
        double sum = 0;
        for (int t = from; t < to; t++) {
            sum += seconds[t];
        }
        return sum / (to - from);
    }
}
