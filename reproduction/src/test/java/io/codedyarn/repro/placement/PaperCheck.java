package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.repro.placement.ReproducedNumber.Claim;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the tests judge a reproduction against its paper. The published values live HERE, in the
 * tests, each with the paper's section or figure; production code's {@code paper} column (with its
 * reading error and claim) is checked against them, never used as the expectation.
 *
 * <ul>
 *   <li>Every row must carry a finite standard error (0 for a closed form): a row without one
 *       fails, naming the row, instead of being skipped.
 *   <li>A published value agrees when |ours − paper| ≤ {@link #Z}·s.e. + reading error, where the
 *       reading error is half a unit of the paper's last printed digit, or what a value read off a
 *       plot can be trusted to. A lower bound ("more than twice as fast") holds when ours ≥ bound −
 *       (z·s.e. + reading error), an upper bound ("up to 3×") when ours ≤ bound + the same.
 *   <li>A published value the reproduction does not match is declared {@code agrees = false} with
 *       the reason; the test then checks that the difference is real (beyond the same tolerance)
 *       and that the row states a deviation, so neither a silent mismatch nor a stale excuse
 *       survives.
 *   <li>The row's verdict column ({@link ReproducedNumber#verdict}) must say what this check found:
 *       reproduced (with or without a declared deviation) or not reproduced.
 *   <li>Every row that shows a paper value must be covered by a {@link Published} entry.
 * </ul>
 *
 * <p>Public so that the training reproductions' tests ({@code io.codedyarn.repro}) are judged the
 * same way. z = 3 ({@link Verdict#Z}, the production verdict's own tolerance).
 */
public final class PaperCheck {
    public static final double Z = 3;

    private PaperCheck() {}

    /**
     * A number as the paper prints it.
     *
     * @param quantity the row's quantity starts with this
     * @param setting the row's setting contains this
     * @param value the published value, as printed
     * @param readingError half a unit of the last printed digit, or the plot's reading error
     * @param where section / figure / table of the paper
     * @param claim a value or a bound
     * @param agrees whether our reproduction agrees (meets the bound)
     */
    public record Published(
            String quantity,
            String setting,
            double value,
            double readingError,
            String where,
            Claim claim,
            boolean agrees) {

        public static Published agrees(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(quantity, setting, value, readingError, where, Claim.VALUE, true);
        }

        public static Published differs(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(quantity, setting, value, readingError, where, Claim.VALUE, false);
        }

        /** A lower bound as the paper states it, e.g. "more than twice as fast" → 2, met. */
        public static Published atLeast(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(
                    quantity, setting, value, readingError, where, Claim.AT_LEAST, true);
        }

        /** A lower bound the reproduction does not reach (the row must say why). */
        public static Published belowBound(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(
                    quantity, setting, value, readingError, where, Claim.AT_LEAST, false);
        }

        /** An upper bound as the paper states it, e.g. "up to 3×" → 3, met. */
        public static Published atMost(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(
                    quantity, setting, value, readingError, where, Claim.AT_MOST, true);
        }

        /** An upper bound the reproduction exceeds (the row must say why). */
        public static Published aboveBound(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(
                    quantity, setting, value, readingError, where, Claim.AT_MOST, false);
        }
    }

    public static ReproducedNumber row(
            List<ReproducedNumber> rows, String quantity, String setting) {
        List<ReproducedNumber> hits =
                rows.stream()
                        .filter(
                                n ->
                                        n.quantity().startsWith(quantity)
                                                && n.parameters().contains(setting))
                        .toList();
        assertThat(hits).as("rows '%s' @ '%s'", quantity, setting).hasSize(1);
        return hits.get(0);
    }

    /** Every row has a finite standard error. */
    public static void requireStandardErrors(List<ReproducedNumber> rows) {
        for (ReproducedNumber n : rows) {
            assertThat(Double.isFinite(n.standardError()) && n.standardError() >= 0)
                    .as(
                            "row '%s' @ '%s' has no standard error (%s): give one, or compute it"
                                    + " in closed form (0)",
                            n.quantity(), n.parameters(), n.standardError())
                    .isTrue();
        }
    }

    /** The checks of the class comment, for one paper's rows. */
    public static void check(List<ReproducedNumber> rows, List<Published> published) {
        requireStandardErrors(rows);
        List<ReproducedNumber> covered = new ArrayList<>();
        for (Published p : published) {
            ReproducedNumber n = row(rows, p.quantity(), p.setting());
            covered.add(n);
            String what = p.quantity() + " @ " + n.parameters() + " (" + p.where() + ")";
            assertThat(n.paper()).as("paper column of " + what).isEqualTo(p.value());
            assertThat(n.readingError()).as("reading error of " + what).isEqualTo(p.readingError());
            assertThat(n.claim()).as("value or bound, " + what).isEqualTo(p.claim());
            assertThat(n.source()).as("where in the paper, " + what).isNotBlank();
            double tol = Z * n.standardError() + p.readingError();
            double gap = Math.abs(n.ours() - p.value());
            String detail =
                    String.format(
                            Locale.ROOT,
                            "%s: ours %.6g ± %.3g, paper %s %.6g, |gap| %.4g, tolerance %.4g",
                            what,
                            n.ours(),
                            n.standardError(),
                            p.claim(),
                            p.value(),
                            gap,
                            tol);
            boolean holds =
                    switch (p.claim()) {
                        case VALUE -> gap <= tol;
                        case AT_LEAST -> n.ours() >= p.value() - tol;
                        case AT_MOST -> n.ours() <= p.value() + tol;
                    };
            if (p.agrees()) {
                assertThat(holds).as("expected to agree: " + detail).isTrue();
                assertThat(n.verdict())
                        .as("verdict of " + what)
                        .isEqualTo(
                                n.deviation().isEmpty()
                                        ? Verdict.REPRODUCED
                                        : Verdict.REPRODUCED_WITH_DEVIATION);
            } else {
                assertThat(holds).as("declared to differ, but agrees: " + detail).isFalse();
                assertThat(n.deviation()).as("the deviation that explains " + what).isNotBlank();
                assertThat(n.verdict()).as("verdict of " + what).isEqualTo(Verdict.NOT_REPRODUCED);
            }
        }
        for (ReproducedNumber n : rows) {
            if (!Double.isNaN(n.paper())) {
                assertThat(covered)
                        .as(
                                "row '%s' @ '%s' shows the paper value %s: add it to the test's"
                                        + " published values",
                                n.quantity(), n.parameters(), n.paper())
                        .contains(n);
            } else {
                assertThat(n.verdict()).as(n.quantity()).isEqualTo(Verdict.PARTLY);
            }
        }
    }
}
