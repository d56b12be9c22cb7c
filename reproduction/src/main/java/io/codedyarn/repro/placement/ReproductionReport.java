package io.codedyarn.repro.placement;

import java.util.List;
import java.util.Locale;

/** Renders reproduced numbers as the Markdown of {@code docs/reproduction.md}. */
public final class ReproductionReport {
    /** What a row of a deviating setup shows besides its own deviations. */
    static final String SETUP = "the setup's (listed below the table)";

    private ReproductionReport() {}

    /**
     * One target's section: the row table (when it has rows), the setup's deviations, then its
     * extra Markdown.
     *
     * @throws IllegalStateException for a row that misses the paper's value and declares no
     *     deviation to explain it
     */
    public static String section(
            Reproduction r, List<ReproducedNumber> numbers, long seed, double scale) {
        StringBuilder sb = new StringBuilder();
        sb.append("## ").append(r.title()).append("\n\n");
        sb.append(
                String.format(
                        Locale.ROOT,
                        "`bin/coded-yarn reproduce %s --seed %d%s`%n%n",
                        r.id(),
                        seed,
                        scale == 1.0 ? "" : " --scale " + scale));
        List<String> setup = r.setupDeviations();
        if (!numbers.isEmpty()) {
            sb.append(
                    "| quantity | setting | ours | ± (MC s.e.) | paper | where in the paper |"
                            + " verdict | digest | protocol | deviations from the paper (reason)"
                            + " |\n");
            sb.append("|---|---|---|---|---|---|---|---|---|---|\n");
            for (ReproducedNumber row : numbers) {
                ReproducedNumber n = setup.isEmpty() ? row : row.deviating(SETUP);
                Verdict v = n.verdict();
                if (v == Verdict.NOT_REPRODUCED && n.deviation().isEmpty()) {
                    throw new IllegalStateException(
                            String.format(
                                    Locale.ROOT,
                                    "%s: row '%s' @ '%s' misses the paper's %s (ours %s ± %s)"
                                            + " and declares no deviation to explain it",
                                    r.id(),
                                    n.quantity(),
                                    n.parameters(),
                                    n.paper(),
                                    n.ours(),
                                    n.standardError()));
                }
                sb.append("| ")
                        .append(n.quantity())
                        .append(" | ")
                        .append(n.parameters())
                        .append(" | ")
                        .append(fmt(n.ours(), n.unit()))
                        .append(" | ")
                        .append(
                                n.standardError() == 0
                                        ? "exact"
                                        : Double.isNaN(n.standardError())
                                                ? "n/a"
                                                : fmt(n.standardError(), n.unit()))
                        .append(" | ")
                        .append(paper(n))
                        .append(" | ")
                        .append(n.source().isEmpty() ? "–" : n.source())
                        .append(" | ")
                        .append(v.label())
                        .append(" | ")
                        .append(fmt(n.digest(), n.unit()))
                        .append(" | ")
                        .append(n.note())
                        .append(" | ")
                        .append(n.deviation().isEmpty() ? "none" : n.deviation())
                        .append(" |\n");
            }
        }
        if (!setup.isEmpty()) {
            sb.append("\nSetup deviations from the paper (every row above carries them): ");
            sb.append(String.join("; ", setup)).append(".\n");
        }
        String extra = r.extraMarkdown(seed);
        if (!extra.isEmpty()) {
            sb.append('\n').append(extra.strip()).append('\n');
        }
        return sb.append('\n').toString();
    }

    /** The paper column: a value, or a bound with its sign ("≥ 2"). */
    private static String paper(ReproducedNumber n) {
        String v = fmt(n.paper(), n.unit());
        if (Double.isNaN(n.paper())) {
            return v;
        }
        return switch (n.claim()) {
            case VALUE -> v;
            case AT_LEAST -> "≥ " + v;
            case AT_MOST -> "≤ " + v;
        };
    }

    static String fmt(double v, String unit) {
        if (Double.isNaN(v)) {
            return "–";
        }
        String num =
                Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v != 0)
                        ? String.format(Locale.ROOT, "%.4g", v)
                        : String.format(Locale.ROOT, "%.4f", v)
                                .replaceAll("0+$", "")
                                .replaceAll("\\.$", "");
        return unit.isEmpty() ? num : num + " " + unit;
    }

    /**
     * A section followed by its run time on this machine: not a result, so {@code
     * .ci/golden-reproduce} masks the number.
     */
    public static String timed(String section, double seconds) {
        return section
                + String.format(
                        Locale.ROOT,
                        "Run time of this target: %.1f s on this machine.%n%n",
                        seconds);
    }

    /** The document's fixed opening, before the sections and the run time. */
    public static String header() {
        return "# Reproducing the papers\n\n"
                + "Generated by `bin/coded-yarn reproduce --out docs/reproduction.md`; do not edit by"
                + " hand (`.ci/golden-reproduce` fails when this file differs from what the code"
                + " produces). Every row gives our value with its Monte-Carlo standard error"
                + " (\"exact\" for closed forms), the paper's published value (\"≥\" or \"≤\" for a"
                + " bound the paper states) and where the paper prints it, a verdict, the protocol,"
                + " and every deviation from the paper's protocol with its reason. The verdict is"
                + " computed, not typed: ours agrees with the paper when |ours − paper| ≤ z·s.e. +"
                + " the paper's rounding (or reading error for a value read off a plot or a round"
                + " figure), z = 3, or meets the paper's bound within the same tolerance."
                + " **reproduced**: agrees, and the setup is the paper's; **reproduced, declared"
                + " deviation**: agrees, but the setup deviates (the deviations cell); **not"
                + " reproduced**: the paper's number lies outside the tolerance, and the deviations"
                + " cell gives the reason we know (a row without one cannot be generated);"
                + " **partly**: the paper prints no number for this row (a curve whose values were"
                + " not printed, a claim without a figure, or our supporting analysis of a figure),"
                + " so only its setting is reproduced. A section whose whole setup deviates lists"
                + " those deviations under its table, and every row carries them. The unit tests"
                + " (`io.codedyarn.repro.placement.*Test`, `io.codedyarn.repro.TrainingPaperTest`)"
                + " hold their own copy of each published value and check the paper column, its"
                + " tolerance and the verdict against it; a row with a paper value no test checks"
                + " says why in its protocol. \"digest\" is the re-derivation in"
                + " `shared/notes/<paper>.md`. Figures and tables not reproduced are listed, each"
                + " with its reason, in the last section (\"Omitted\"). Run times are this"
                + " machine's, not results: the golden check masks them.\n\n";
    }

    /**
     * The whole document: {@link #header}, the total run time of the sections (NaN: none), then the
     * sections.
     */
    public static String document(List<String> sections, double seconds) {
        StringBuilder sb = new StringBuilder(header());
        if (!Double.isNaN(seconds)) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "Run time of the %d targets below: %.1f s on this machine; each"
                                    + " target's own closes its section.%n%n",
                            sections.size(),
                            seconds));
        }
        for (String s : sections) {
            sb.append(s);
        }
        return sb.toString();
    }
}
