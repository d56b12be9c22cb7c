package io.codedyarn.placement.sim;

import io.codedyarn.placement.Plan;

/**
 * Which codeword each worker computes in an iteration, from the predicted straggler states (GC-DC
 * re-clusters every iteration; static schemes always answer the plan's assignment).
 */
@FunctionalInterface
public interface CodewordAssigner {

    /**
     * @return worker → codeword index (−1 for no task)
     */
    int[] assign(StragglerState predicted);

    static CodewordAssigner fixed(Plan plan) {
        int[] a = new int[plan.workers()];
        for (int i = 0; i < a.length; i++) {
            a[i] = plan.assignment(i);
        }
        return state -> a;
    }
}
