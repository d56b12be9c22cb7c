package io.codedyarn.coordinator.round;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.coding.DynamicClustering;
import io.codedyarn.placement.scheme.GcDc;
import io.codedyarn.placement.sim.CodewordAssigner;

/**
 * The per-iteration codeword assigner of each scheme. GC-DC re-clusters with Algorithm 1: on the
 * predicted slow/fast states, or, with {@code --threshold τ} and a latency model that has rates
 * (ge-hetero, time-varying) in {@code simulate}, or measured rates in training ({@link
 * MeasuredRates}), on the predicted rates (columns by rate, slow iff rate &lt; τ).
 */
public final class Assigners {
    private Assigners() {}

    public static CodewordAssigner forPlan(Plan plan) {
        if (!GcDc.isGcDc(plan.scheme())) {
            return CodewordAssigner.fixed(plan);
        }
        DynamicClustering clustering = GcDc.clustering(plan);
        double tau = GcDc.threshold(plan);
        return state -> {
            if (tau > 0 && state.rates() != null) {
                return clustering.assign(state.rates(), tau).codewordOf();
            }
            boolean[] fast = new boolean[state.slow().length];
            for (int i = 0; i < fast.length; i++) {
                fast[i] = !state.slow()[i];
            }
            return clustering.assign(fast).codewordOf();
        };
    }
}
