package io.codedyarn.repro.placement;

/**
 * One figure of a paper, reproduced: one row of {@code docs/reproduction.md}.
 *
 * <p>Each paper's section is a {@link Reproduction} that returns its rows; the tests hold their own
 * copy of every published value ({@code PaperCheck} in the test sources) and check {@link #paper}
 * against it, so the document cannot misquote a paper unnoticed.
 *
 * @param quantity what is measured, e.g. "GC-DC vs GC-SC iteration time (imperfect SSI)"
 * @param parameters the setting, e.g. "K=20, P=5, r=3, n=3, GE p=0.05"
 * @param ours our value
 * @param paper the paper's published value (NaN when the paper gives none)
 * @param digest the implementation digest's re-derivation (NaN when none)
 * @param standardError Monte-Carlo standard error of {@code ours} (0 for closed forms; NaN only
 *     where none can be given, which the tests reject)
 * @param unit e.g. "s", "%", "workers", "" — for display
 * @param note the protocol: how it was computed (runs, draws, estimator)
 * @param source where the paper prints {@code paper}, e.g. "§V, Fig. 5 text" ("" when none)
 * @param deviation every departure from the paper's protocol, each with its reason ("" = none)
 */
public record ReproducedNumber(
        String quantity,
        String parameters,
        double ours,
        double paper,
        double digest,
        double standardError,
        String unit,
        String note,
        String source,
        String deviation) {

    /**
     * A Monte-Carlo estimate with its standard error, no paper value, digest, location or deviation
     * yet (add them with {@link #withPaper}, {@link #withDigest}, {@link #from}, {@link
     * #deviating}).
     */
    public static ReproducedNumber measured(
            String quantity,
            String parameters,
            double ours,
            double standardError,
            String unit,
            String note) {
        return new ReproducedNumber(
                quantity,
                parameters,
                ours,
                Double.NaN,
                Double.NaN,
                standardError,
                unit,
                note,
                "",
                "");
    }

    /** A closed form: {@link #measured} with standard error 0 (shown as "exact"). */
    public static ReproducedNumber exact(
            String quantity, String parameters, double ours, String unit, String note) {
        return measured(quantity, parameters, ours, 0, unit, note);
    }

    /** This row with the paper's published value. */
    public ReproducedNumber withPaper(double value) {
        return new ReproducedNumber(
                quantity,
                parameters,
                ours,
                value,
                digest,
                standardError,
                unit,
                note,
                source,
                deviation);
    }

    /** This row with the implementation digest's re-derivation. */
    public ReproducedNumber withDigest(double value) {
        return new ReproducedNumber(
                quantity,
                parameters,
                ours,
                paper,
                value,
                standardError,
                unit,
                note,
                source,
                deviation);
    }

    /** This row with the paper's location of {@link #paper}. */
    public ReproducedNumber from(String where) {
        return new ReproducedNumber(
                quantity,
                parameters,
                ours,
                paper,
                digest,
                standardError,
                unit,
                note,
                where,
                deviation);
    }

    /** This row with a deviation from the paper's protocol and its reason (appended). */
    public ReproducedNumber deviating(String what) {
        String d = deviation.isEmpty() ? what : deviation + "; " + what;
        return new ReproducedNumber(
                quantity, parameters, ours, paper, digest, standardError, unit, note, source, d);
    }
}
