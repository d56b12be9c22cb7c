package io.codedyarn.coordinator.advise;

import io.codedyarn.placement.Plan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Ranks candidates by predicted time to a target: seconds per iteration from the recorded trace
 * ({@link TraceTimes}, the simulator {@code simulate} runs), times iterations to the target from a
 * {@link ToTarget} (the recorded run's count for exact schemes, or simulated training on the data).
 */
public final class Advisor {
    /** Iterations and seconds to the target of one candidate; NaN when unknown. */
    public record Target(double iterations, double seconds, String note) {}

    /** Predicts the iterations (and time) a candidate needs to the target. */
    @FunctionalInterface
    public interface ToTarget {
        Target estimate(Candidate candidate, Plan plan, double secondsPerIteration)
                throws Exception;

        /**
         * Without data: every exact scheme takes the same iterates, so the recorded run's {@code
         * rounds} (if it was exact too) apply to each; inexact ones take other iterates and need
         * simulated training ({@code --data}).
         */
        static ToTarget recorded(int rounds) {
            return (c, plan, perIteration) ->
                    c.exact(plan)
                            ? new Target(rounds, rounds * perIteration, "")
                            : new Target(
                                    Double.NaN,
                                    Double.NaN,
                                    "inexact: its iterations to target need --data");
        }
    }

    private Advisor() {}

    /**
     * @param trace the recorded trace for the candidates' workers ({@link
     *     RecordedTrace#normalised})
     * @param iterations simulated rounds per candidate for its seconds per iteration
     * @return every candidate, best first: ranked by time to target, then the unranked ones by
     *     seconds per iteration
     */
    public static List<Prediction> rank(
            List<Candidate> candidates, String trace, int iterations, ToTarget toTarget)
            throws Exception {
        List<Prediction> out = new ArrayList<>();
        for (Candidate c : candidates) {
            Plan plan = c.plan();
            double[] times = TraceTimes.of(plan, trace, 0, iterations);
            double sum = 0;
            int finite = 0;
            for (double t : times) {
                if (Double.isFinite(t)) {
                    sum += t;
                    finite++;
                }
            }
            double perIteration = finite == 0 ? Double.POSITIVE_INFINITY : sum / finite;
            Target target =
                    finite == 0
                            ? new Target(Double.NaN, Double.NaN, "never decodes under the trace")
                            : toTarget.estimate(c, plan, perIteration);
            out.add(
                    new Prediction(
                            0,
                            c.scheme(),
                            c.parameters(),
                            c.flags(),
                            c.exact(plan),
                            perIteration,
                            target.iterations(),
                            target.seconds(),
                            times.length - finite,
                            target.note()));
        }
        out.sort(
                Comparator.comparing((Prediction p) -> Double.isNaN(p.secondsToTarget()))
                        .thenComparingDouble(
                                p ->
                                        Double.isNaN(p.secondsToTarget())
                                                ? p.secondsPerIteration()
                                                : p.secondsToTarget()));
        List<Prediction> ranked = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            Prediction p = out.get(i);
            ranked.add(Double.isNaN(p.secondsToTarget()) ? p : p.ranked(i + 1));
        }
        return ranked;
    }
}
