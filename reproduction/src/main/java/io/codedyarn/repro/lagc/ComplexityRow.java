package io.codedyarn.repro.lagc;

import java.util.Locale;

/**
 * One row of the §V complexity table, per Ī_ε (multiply every value by Ī_ε = κ log(ΔL⁰/ε)).
 *
 * @param scheme "GD", "GC", "LAG", "G-GD", "LAGC" or "G-LAG"
 * @param groupSize M_G (1 for GD and LAG, M for GC, as in Remark 2)
 * @param waitFor F, the workers waited for per unit: per group of M_G (GD and LAG are groups of
 *     one, F = 1; GC is one group of M)
 * @param load the worker load r, r_G or 1 (in units of N/M samples; the worker mean is η·load)
 * @param upperBound true for the lazy schemes, whose values are the bounds (27), (31), (34), (36),
 *     (39), (41)
 * @param time T̄_ε/Ī_ε
 * @param communication C̄_ε/Ī_ε (p-vectors moved: downloads + uploads)
 * @param computation P̄_ε/Ī_ε (passes over the N samples)
 */
public record ComplexityRow(
        String scheme,
        int groupSize,
        int waitFor,
        int load,
        boolean upperBound,
        double time,
        double communication,
        double computation) {

    /** E.g. "GD", "GC (F = 17)", "LAG", "G-GD M_G=4", "G-LAG M_G=4", "LAGC M_G=5". */
    public String label() {
        return switch (scheme) {
            case "GD", "LAG" -> scheme;
            case "GC" -> String.format(Locale.ROOT, "GC (F = %d)", waitFor);
            default -> String.format(Locale.ROOT, "%s M_G=%d", scheme, groupSize);
        };
    }
}
