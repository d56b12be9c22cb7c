package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the tests judge a reproduction against its paper. The published values live HERE, in the
 * tests, each with the paper's section or figure; production code's {@code paper} column is checked
 * against them, never used as the expectation.
 *
 * <ul>
 *   <li>Every row must carry a finite standard error (0 for a closed form): a row without one
 *       fails, naming the row, instead of being skipped.
 *   <li>A published value {@link Verdict#AGREES} when |ours − paper| ≤ {@link #Z}·s.e. + reading
 *       error, where the reading error is half a unit of the paper's last printed digit, or what a
 *       value read off a plot can be trusted to.
 *   <li>A published bound ("more than twice as fast") {@link Verdict#AT_LEAST} holds when ours ≥
 *       bound − (z·s.e. + reading error).
 *   <li>A published value the reproduction does not match is declared {@link Verdict#DIFFERS} with
 *       the reason; the test then checks that the difference is real (beyond the same tolerance)
 *       and that the row states a deviation, so neither a silent mismatch nor a stale excuse
 *       survives.
 *   <li>Every row that shows a paper value must be covered by a {@link Published} entry.
 * </ul>
 *
 * <p>Public so that the training reproductions' tests ({@code io.codedyarn.repro}) are judged the
 * same way.
 *
 * <p>z = 3: with a fixed seed the test is deterministic; 3 standard errors keep a correct
 * reproduction's rows passing with probability ≥ 99.7 % each, while a bias of a few standard errors
 * fails.
 */
public final class PaperCheck {
    public static final double Z = 3;

    private PaperCheck() {}

    public enum Verdict {
        AGREES,
        DIFFERS,
        /** The paper prints a bound ("more than twice as fast"): ours ≥ value − tolerance. */
        AT_LEAST
    }

    /**
     * A number as the paper prints it.
     *
     * @param quantity the row's quantity starts with this
     * @param setting the row's setting contains this
     * @param value the published value, as printed
     * @param readingError half a unit of the last printed digit, or the plot's reading error
     * @param where section / figure / table of the paper
     * @param verdict whether our reproduction agrees
     */
    public record Published(
            String quantity,
            String setting,
            double value,
            double readingError,
            String where,
            Verdict verdict) {

        public static Published agrees(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(quantity, setting, value, readingError, where, Verdict.AGREES);
        }

        /** A lower bound as the paper states it, e.g. "more than twice as fast" → 2. */
        public static Published atLeast(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(quantity, setting, value, readingError, where, Verdict.AT_LEAST);
        }

        public static Published differs(
                String quantity, String setting, double value, double readingError, String where) {
            return new Published(quantity, setting, value, readingError, where, Verdict.DIFFERS);
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
            assertThat(n.source()).as("where in the paper, " + what).isNotBlank();
            double tol = Z * n.standardError() + p.readingError();
            double gap = Math.abs(n.ours() - p.value());
            String detail =
                    String.format(
                            Locale.ROOT,
                            "%s: ours %.6g ± %.3g, paper %.6g, |gap| %.4g, tolerance %.4g",
                            what,
                            n.ours(),
                            n.standardError(),
                            p.value(),
                            gap,
                            tol);
            if (p.verdict() == Verdict.AGREES) {
                assertThat(gap).as(detail).isLessThanOrEqualTo(tol);
            } else if (p.verdict() == Verdict.AT_LEAST) {
                assertThat(n.ours())
                        .as("below the paper's bound: " + detail)
                        .isGreaterThanOrEqualTo(p.value() - tol);
            } else {
                assertThat(gap).as("declared to differ, but agrees: " + detail).isGreaterThan(tol);
                assertThat(n.deviation()).as("the deviation that explains " + what).isNotBlank();
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
            }
        }
    }
}
