package io.codedyarn.placement.verify;

import java.util.List;

/**
 * What {@link PlanVerifier} found.
 *
 * @param patternsChecked promised responder sets decoded and compared (minimal sets plus supersets)
 * @param exhaustive whether every minimal promised set was checked
 * @param promisedSets number of minimal promised sets (may exceed what was checked)
 * @param maxRelativeError max over checked sets of ‖decoded − exact‖_∞ / ‖exact‖_∞
 * @param worstCondition largest condition number reported by the decoder
 * @param unpromisedChecked sets outside the promise that were tried
 * @param unpromisedDecoded of those, how many the decoder still decoded (each verified correct)
 * @param failures the first few problems (empty when the plan passed)
 */
public record VerifyReport(
        long patternsChecked,
        boolean exhaustive,
        double promisedSets,
        double maxRelativeError,
        double worstCondition,
        long unpromisedChecked,
        long unpromisedDecoded,
        List<String> failures) {

    public VerifyReport {
        failures = List.copyOf(failures);
    }

    public boolean passed() {
        return failures.isEmpty();
    }
}
