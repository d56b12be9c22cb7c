package io.codedyarn.repro.placement;

/**
 * One figure of a paper, reproduced: one row of {@code docs/reproduction.md}.
 *
 * <p>Each paper's section is a {@link Reproduction} that returns its rows; the tests hold their own
 * copy of every published value ({@code PaperCheck} in the test sources) and check {@link #paper},
 * {@link #readingError} and {@link #claim} against it, so the document cannot misquote a paper
 * unnoticed. The row's {@link #verdict} is derived here, from the same tolerance the tests use.
 *
 * @param quantity what is measured, e.g. "GC-DC vs GC-SC iteration time (imperfect SSI)"
 * @param parameters the setting, e.g. "K=20, P=5, r=3, n=3, GE p=0.05"
 * @param ours our value
 * @param paper the paper's published value (NaN when the paper gives none)
 * @param readingError half a unit of the paper's last printed digit, or what a value read off a
 *     plot or a round figure ("about 30 %") can be trusted to (0 when {@code paper} is NaN)
 * @param claim how the paper states {@code paper}: a value, or a bound ("more than twice")
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
        double readingError,
        Claim claim,
        double digest,
        double standardError,
        String unit,
        String note,
        String source,
        String deviation) {

    /** How the paper states its number. */
    public enum Claim {
        /** A value: ours agrees when |ours − paper| ≤ tolerance. */
        VALUE,
        /** A lower bound ("more than twice as fast"): ours ≥ paper − tolerance. */
        AT_LEAST,
        /** An upper bound ("up to 3×"): ours ≤ paper + tolerance. */
        AT_MOST
    }

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
                0,
                Claim.VALUE,
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

    /** This row with the paper's published value and how far its printed form can be trusted. */
    public ReproducedNumber withPaper(double value, double reading) {
        return withClaim(value, reading, Claim.VALUE);
    }

    /** This row with a lower bound the paper states ("more than twice" → 2). */
    public ReproducedNumber withPaperAtLeast(double bound, double reading) {
        return withClaim(bound, reading, Claim.AT_LEAST);
    }

    /** This row with an upper bound the paper states ("up to 3×" → 3). */
    public ReproducedNumber withPaperAtMost(double bound, double reading) {
        return withClaim(bound, reading, Claim.AT_MOST);
    }

    private ReproducedNumber withClaim(double value, double reading, Claim how) {
        if (!(Double.isFinite(value) && reading >= 0)) {
            throw new IllegalArgumentException(
                    quantity + ": paper value " + value + ", reading error " + reading);
        }
        return new ReproducedNumber(
                quantity,
                parameters,
                ours,
                value,
                reading,
                how,
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
                readingError,
                claim,
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
                readingError,
                claim,
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
                quantity,
                parameters,
                ours,
                paper,
                readingError,
                claim,
                digest,
                standardError,
                unit,
                note,
                source,
                d);
    }

    /** Z·s.e. + the reading error: how far ours may lie from the paper's value and still agree. */
    public double tolerance() {
        return Verdict.Z * standardError + readingError;
    }

    /**
     * Whether ours agrees with the paper's value, or satisfies its bound, within {@link #tolerance}
     * (false when the paper prints no number).
     */
    public boolean agreesWithPaper() {
        if (Double.isNaN(paper)) {
            return false;
        }
        double tol = tolerance();
        return switch (claim) {
            case VALUE -> Math.abs(ours - paper) <= tol;
            case AT_LEAST -> ours >= paper - tol;
            case AT_MOST -> ours <= paper + tol;
        };
    }

    /** The verdict column: the check above, then whether the setup deviates. */
    public Verdict verdict() {
        return Verdict.of(this);
    }
}
