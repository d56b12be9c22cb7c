package io.codedyarn.am.cli;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.scheme.GcDc;
import io.codedyarn.placement.sim.CodewordAssigner;

/** The per-iteration codeword assigner of each scheme (GC-DC re-clusters; the rest are static). */
final class Assigners {
    private Assigners() {}

    static CodewordAssigner forPlan(Plan plan) {
        if (plan.scheme().equals(GcDc.NAME)) {
            return state -> {
                boolean[] fast = new boolean[state.slow().length];
                for (int i = 0; i < fast.length; i++) {
                    fast[i] = !state.slow()[i];
                }
                return GcDc.assignment(plan, fast);
            };
        }
        return CodewordAssigner.fixed(plan);
    }
}
