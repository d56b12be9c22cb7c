package io.codedyarn.coordinator.auto;

import io.codedyarn.placement.Plan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A decision's replays, apart from the decision itself: a pure function of a snapshot of the live
 * window, so that it may run beside the rounds ({@link Deliberation#ASIDE}) while {@link
 * AutoPlanner} keeps everything that changes with the run (the rounds left, what each worker holds,
 * the plan in use) for the moment it decides.
 *
 * <p>Drift: when the code in use replays {@link Drift#FACTOR}× slower or faster over the window's
 * newer half than its older half, the older half is dropped and every figure below is of the newer
 * half.
 *
 * @param rounds the window's rounds weighed
 * @param tau the code in use: mean seconds per round over the window
 * @param tauOlder the same over the window's older half
 * @param tauNewer the same over its newer half
 * @param measured the workers' speeds and slowness, from the same rounds
 * @param candidates every candidate's replayed means
 * @param nanos the wall time the replays took
 */
record Weighing(
        int rounds,
        double tau,
        double tauOlder,
        double tauNewer,
        Measured measured,
        List<Scored> candidates,
        long nanos) {

    /** A candidate's mean seconds per round over the window and over its halves. */
    record Scored(AutoCandidates.Choice choice, double tau, double tauOlder, double tauNewer) {}

    /**
     * @param window [round][worker] seconds per unit, oldest round first
     * @param in the plan in use
     * @param fixed the candidates that do not depend on the measured speeds
     * @param cap the cap on s
     * @param heteroSeed seeds the heterogeneity-aware code's placement
     * @param nodes each worker's node (null: unknown)
     */
    static Weighing of(
            double[][] window,
            Plan in,
            List<AutoCandidates.Choice> fixed,
            int cap,
            long heteroSeed,
            String[] nodes) {
        long started = System.nanoTime(); // wall time, for the log: not the run's clock
        // one replay per code over the whole window; each range is a slice of it
        int from = 0;
        int half = window.length / 2;
        Replay current = Replay.of(in, window);
        double tauA = current.mean(0, half);
        double tauB = current.mean(half, window.length);
        if (half >= 2 && Drift.changed(tauA, tauB)) { // weigh the newer half alone
            from = half;
            half = from + (window.length - from) / 2;
            tauA = current.mean(from, half);
            tauB = current.mean(half, window.length);
        }
        double[][] w = Arrays.copyOfRange(window, from, window.length);
        Measured m = Measured.of(w, nodes);
        List<AutoCandidates.Choice> choices = new ArrayList<>(fixed);
        choices.addAll(AutoCandidates.hetero(in.workers(), cap, m.speeds(), heteroSeed));
        double tau = current.mean(from, window.length);
        List<Scored> scored = new ArrayList<>(choices.size());
        for (AutoCandidates.Choice c : choices) {
            Replay r = Replay.of(c.plan(), window);
            scored.add(
                    new Scored(
                            c,
                            r.mean(from, window.length),
                            r.mean(from, half),
                            r.mean(half, window.length)));
        }
        return new Weighing(
                w.length, tau, tauA, tauB, m, List.copyOf(scored), System.nanoTime() - started);
    }
}
