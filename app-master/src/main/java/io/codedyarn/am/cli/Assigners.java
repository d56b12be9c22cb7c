package io.codedyarn.am.cli;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.sim.CodewordAssigner;

/** The per-iteration codeword assigner of each scheme (dynamic ones re-cluster). */
final class Assigners {
    private Assigners() {}

    static CodewordAssigner forPlan(Plan plan) {
        return CodewordAssigner.fixed(plan);
    }
}
