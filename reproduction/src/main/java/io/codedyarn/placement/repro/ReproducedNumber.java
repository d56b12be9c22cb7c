package io.codedyarn.placement.repro;

/**
 * One figure of a paper, reproduced.
 *
 * @param quantity what is measured, e.g. "GC-DC vs GC-SC iteration time (imperfect SSI)"
 * @param parameters the setting, e.g. "K=20, P=5, r=3, n=3, GE p=0.05"
 * @param ours our value
 * @param paper the paper's value (NaN when the paper gives none)
 * @param digest the implementation digest's re-derivation (NaN when none)
 * @param standardError Monte-Carlo standard error of {@code ours} (0 for closed forms)
 * @param unit e.g. "s", "%", "workers", "" — for display
 * @param note how it was computed, deviations
 */
public record ReproducedNumber(
        String quantity,
        String parameters,
        double ours,
        double paper,
        double digest,
        double standardError,
        String unit,
        String note) {

    public static ReproducedNumber exact(
            String quantity,
            String parameters,
            double ours,
            double paper,
            double digest,
            String unit,
            String note) {
        return new ReproducedNumber(quantity, parameters, ours, paper, digest, 0, unit, note);
    }
}
