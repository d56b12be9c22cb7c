package io.codedyarn.am.bench.stragglers;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One training run of a {@code bench stragglers} row.
 *
 * @param seed the run's {@code --seed} (plan, straggle draws, latency model)
 * @param seconds training seconds (iterations.csv's {@code seconds}: coordinator time since the
 *     first broadcast, container start excluded) at which the gap first reached the target; null
 *     when the run did not reach it
 * @param outcome {@code reached}; {@code limit} (stopped by the iteration or time limit first);
 *     {@code estimate-only} (the method's own estimate of the objective reached the target, but the
 *     exact objective of its final model did not: SAG/DSAG caches, fastest-k); {@code failed}
 * @param iterations rounds the run made
 * @param finalGap the exact relative gap of the run's final model (summary.json's objective)
 * @param out the run's {@code --out} directory
 * @param agreement the run's trace agreement (see {@link RunAgreement}); null until measured
 * @param fault the lab fault the run ran under: hosts, what, when (or why it was not applied);
 *     absent for the scenarios the workers inject themselves
 */
public record RunRecord(
        long seed,
        Double seconds,
        String outcome,
        int iterations,
        Double finalGap,
        String out,
        Double agreement,
        @JsonInclude(JsonInclude.Include.NON_NULL) String fault) {

    public RunRecord(
            long seed,
            Double seconds,
            String outcome,
            int iterations,
            Double finalGap,
            String out,
            Double agreement) {
        this(seed, seconds, outcome, iterations, finalGap, out, agreement, null);
    }

    public static final String REACHED = "reached";
    public static final String LIMIT = "limit";
    public static final String ESTIMATE_ONLY = "estimate-only";
    public static final String FAILED = "failed";

    /** This record with the lab fault it ran under. */
    public RunRecord withFault(String what) {
        return new RunRecord(seed, seconds, outcome, iterations, finalGap, out, agreement, what);
    }

    public boolean reached() {
        return REACHED.equals(outcome);
    }
}
