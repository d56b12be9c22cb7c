package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.scheme.GcDc;
import io.codedyarn.placement.sim.StragglerState;
import java.util.Locale;

/**
 * GC-DC's re-clustering as logged events ({@link Decisions}): each round, every worker whose
 * codeword changed, with what Algorithm 1 saw about it (its measured rate against τ, gc-dc §VI-B,
 * or whether its result arrived before the previous decode). Static schemes decide nothing.
 */
final class GcDcDecisions {
    private final Decisions decisions;
    private final double tau;

    private GcDcDecisions(Decisions decisions, double tau) {
        this.decisions = decisions;
        this.tau = tau;
    }

    static GcDcDecisions of(Plan plan, Decisions decisions) {
        return new GcDcDecisions(
                GcDc.isGcDc(plan.scheme()) ? decisions : null, GcDc.threshold(plan));
    }

    /** Logs the workers whose codeword differs from the previous round's (none on the first). */
    void reassigned(
            long iteration, double seconds, int[] previous, int[] now, StragglerState state) {
        if (decisions == null || previous == null) {
            return;
        }
        boolean byRate = tau > 0 && state.rates() != null;
        for (int k = 0; k < now.length; k++) {
            if (now[k] == previous[k]) {
                continue;
            }
            String why =
                    byRate
                            ? String.format(
                                    Locale.ROOT,
                                    "rate-based Algorithm 1: measured rate %.4g %s tau = %.4g"
                                            + " (%s), columns ordered by measured rate",
                                    state.rates()[k],
                                    state.rates()[k] < tau ? "<" : ">=",
                                    tau,
                                    state.rates()[k] < tau ? "straggler" : "fast")
                            : "Algorithm 1 on arrivals: its result "
                                    + (state.slow()[k] ? "had not" : "had")
                                    + " arrived before the previous decode ("
                                    + (state.slow()[k] ? "straggler" : "fast")
                                    + ")";
            decisions.add(
                    iteration,
                    seconds,
                    k,
                    "reassigned",
                    "gc-dc codeword " + previous[k] + " -> " + now[k],
                    why);
        }
    }
}
