package io.codedyarn.repro.lagc;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The complexity table of §V (digest lagc.md §3.4), per Ī_ε, for GD, GC, LAG, G-GD, LAGC and G-LAG.
 *
 * <pre>
 * scheme  time T̄/Ī                 comm C̄/Ī                 comp P̄/Ī
 * GD      T̄_M(1)            (23)   2M                (32)   1                    (37)
 * GC      T̄_{F:M}(r)        (24)   M + F             (33)   r                    (38)
 * LAG   ≤ T̄_M̄(1)/(αL)       (27)   2M̄/(αL)           (34)   (M̄/M)/(αL)           (39)
 * G-GD    T̄^G_G(r_G)        (29)   M + G(M_G−r_G+1)  (35)   r_G                  (40)
 * LAGC  ≤ T̄^G_Ḡ(r_G)/(αL)   (31)   (M_G+F)Ḡ/(αL)     (36)   (r_G M_G Ḡ/M)/(αL)   (41)
 * </pre>
 *
 * with GC's F = M − r + 1 (the least that decodes every F-subset), G = M/M_G groups, r_G = min(r,
 * M_G) and F = M_G − r_G + 1 per group; the worker mean is η·load with load 1 (GD, LAG), r (GC),
 * r_G (grouped). LAGC with M_G ≤ r is G-LAG (Remark 3: r_G = M_G, F = 1, per selected group M_G
 * downloads and 1 upload). (29) prints the index M_G; it is the G groups. The lazy rows use the
 * iteration complexity Ī/(αL) of (20) and are upper bounds ({@link ComplexityRow#upperBound()}).
 * Special cases (Remark 2): G-GD with M_G = 1 is GD and with M_G = M is GC; LAGC with M_G = 1 is
 * LAG and with M_G = M gives GC's values (Ḡ = 1) — as a bound, since with ξ &gt; 0 the single group
 * is not refreshed every iteration.
 *
 * <p>Example (§V-D, Pareto, M = 20, r = 4): GD 0.72890, GC 0.10076, G-LAG M_G = 4 ≤ 0.02720, i.e.
 * −96.3 % against GD; communication 40, 37 and ≤ 5·Ḡ = 11.364.
 */
public final class LagcComplexityTable {
    /** The M_G values of Figs. 6 and 7 (the divisors of M = 20). */
    public static final List<Integer> PAPER_GROUP_SIZES = List.of(1, 2, 4, 5, 10, 20);

    private final LagcSetting setting;

    public LagcComplexityTable(LagcSetting setting) {
        this.setting = setting;
    }

    public LagcSetting setting() {
        return setting;
    }

    /** GD: all M workers at load 1, (23), (32), (37). */
    public ComplexityRow gd() {
        int m = setting.workers();
        double time = setting.times().expectedMax(m, 1);
        return new ComplexityRow("GD", 1, 1, 1, false, time, 2.0 * m, 1);
    }

    /** GC with F = M − r + 1 at load r, (24), (33), (38). */
    public ComplexityRow gc() {
        int m = setting.workers();
        int r = setting.redundancy();
        int f = m - r + 1;
        double time = setting.times().expected(f, m, r);
        return new ComplexityRow("GC", m, f, r, false, time, m + f, r);
    }

    /** M̄ and the LAG class vector (26), units = the M workers. */
    public LazySelectionBounds.Selection lagSelection() {
        return LazySelectionBounds.forUnits(
                setting.smoothness(), setting.xi(), setting.memory(), setting.alpha());
    }

    /** Ḡ and the group class vector (30) for consecutive groups of M_G. */
    public LazySelectionBounds.Selection groupSelection(int groupSize) {
        checkGroupSize(groupSize);
        return LazySelectionBounds.forGroups(
                setting.smoothness(), groupSize, setting.xi(), setting.memory(), setting.alpha());
    }

    /** LAG bounds (27), (34), (39). */
    public ComplexityRow lag() {
        int m = setting.workers();
        double mBar = lagSelection().effectiveUnits();
        double iterations = 1 / setting.alphaL(); // (20): I^LAG = Ī/(αL)
        double time = setting.times().expectedMax(mBar, 1) * iterations;
        return new ComplexityRow(
                "LAG", 1, 1, 1, true, time, 2 * mBar * iterations, mBar / m * iterations);
    }

    /** G-GD with groups of M_G: (29), (35), (40). */
    public ComplexityRow groupedGd(int groupSize) {
        checkGroupSize(groupSize);
        int m = setting.workers();
        int groups = m / groupSize;
        int load = Math.min(setting.redundancy(), groupSize);
        int wait = groupSize - load + 1;
        double time = group(groupSize, wait).expectedMax(groups, load);
        return new ComplexityRow(
                "G-GD", groupSize, wait, load, false, time, m + (double) groups * wait, load);
    }

    /** LAGC (M_G &gt; r) or G-LAG (M_G ≤ r) with groups of M_G: (31), (36), (41). */
    public ComplexityRow lazyGrouped(int groupSize) {
        checkGroupSize(groupSize);
        int m = setting.workers();
        int load = Math.min(setting.redundancy(), groupSize);
        int wait = groupSize - load + 1;
        double gBar = groupSelection(groupSize).effectiveUnits();
        double iterations = 1 / setting.alphaL();
        double time = group(groupSize, wait).expectedMax(gBar, load) * iterations;
        double comm = (groupSize + wait) * gBar * iterations;
        double comp = (double) load * groupSize * gBar / m * iterations;
        String name = groupSize <= setting.redundancy() ? "G-LAG" : "LAGC";
        return new ComplexityRow(name, groupSize, wait, load, true, time, comm, comp);
    }

    /** GD, GC, LAG, then G-GD for each M_G, then LAGC/G-LAG for each M_G. */
    public List<ComplexityRow> rows(List<Integer> groupSizes) {
        List<ComplexityRow> rows = new ArrayList<>();
        rows.add(gd());
        rows.add(gc());
        rows.add(lag());
        for (int g : groupSizes) {
            rows.add(groupedGd(g));
        }
        for (int g : groupSizes) {
            rows.add(lazyGrouped(g));
        }
        return List.copyOf(rows);
    }

    /** The rows of Figs. 6 (Pareto) and 7 (exponential) in the same order. */
    public record Figure(
            LagcSetting pareto,
            List<ComplexityRow> paretoRows,
            List<ComplexityRow> exponentialRows) {
        public Figure {
            if (paretoRows.size() != exponentialRows.size()) {
                throw new IllegalArgumentException("row lists differ in length");
            }
            paretoRows = List.copyOf(paretoRows);
            exponentialRows = List.copyOf(exponentialRows);
        }

        /**
         * One Markdown table: label, M_G, F, load, T̄/Ī under both distributions, C̄/Ī and P̄/Ī
         * (distribution-free), "≤" marking the upper bounds.
         */
        public String toMarkdown() {
            StringBuilder sb = new StringBuilder();
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "Per Ī_ε; M = %d, r = %d, ξ = %s, D = %d, αL = %s, η = %s, β = %s;"
                                    + " ≤ marks the upper bounds of the lazy schemes.%n%n",
                            pareto.workers(),
                            pareto.redundancy(),
                            number(pareto.xi()),
                            pareto.memory(),
                            number(pareto.alphaL()),
                            number(pareto.times().eta()),
                            number(pareto.times().beta())));
            sb.append("| Scheme | M_G | F | load | T̄/Ī Pareto | T̄/Ī Exp | C̄/Ī | P̄/Ī |\n");
            sb.append("|---|---|---|---|---|---|---|---|\n");
            for (int k = 0; k < paretoRows.size(); k++) {
                ComplexityRow p = paretoRows.get(k);
                ComplexityRow e = exponentialRows.get(k);
                if (!p.label().equals(e.label())) {
                    throw new IllegalStateException(p.label() + " vs " + e.label());
                }
                sb.append(
                        String.format(
                                Locale.ROOT,
                                "| %s | %d | %d | %d | %s | %s | %s | %s |%n",
                                p.label(),
                                p.groupSize(),
                                p.waitFor(),
                                p.load(),
                                cell(p, p.time()),
                                cell(e, e.time()),
                                cell(p, p.communication()),
                                cell(p, p.computation())));
            }
            return sb.toString();
        }
    }

    /**
     * Figs. 6 and 7: the §V-D setting under Pareto (η = 0.05, β = 1.1) and exponential (η = 0.05).
     */
    public static Figure paperFigures() {
        LagcSetting pareto = LagcSetting.paperFigures(OrderStatistics.pareto(0.05, 1.1));
        LagcSetting exponential = pareto.withTimes(OrderStatistics.exponential(0.05));
        return new Figure(
                pareto,
                new LagcComplexityTable(pareto).rows(PAPER_GROUP_SIZES),
                new LagcComplexityTable(exponential).rows(PAPER_GROUP_SIZES));
    }

    /** A Markdown table of one distribution's rows. */
    public static String toMarkdown(List<ComplexityRow> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| Scheme | M_G | F | load | T̄/Ī | C̄/Ī | P̄/Ī |\n");
        sb.append("|---|---|---|---|---|---|---|\n");
        for (ComplexityRow r : rows) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "| %s | %d | %d | %d | %s | %s | %s |%n",
                            r.label(),
                            r.groupSize(),
                            r.waitFor(),
                            r.load(),
                            cell(r, r.time()),
                            cell(r, r.communication()),
                            cell(r, r.computation())));
        }
        return sb.toString();
    }

    private static String cell(ComplexityRow row, double value) {
        return (row.upperBound() ? "≤" : "") + number(value);
    }

    /** Six significant digits, trailing zeros dropped: 40, 0.728899, 12.1970 → 12.197. */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        return new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    private GroupOrderStatistics group(int groupSize, int wait) {
        return new GroupOrderStatistics(setting.times(), groupSize, wait);
    }

    private void checkGroupSize(int groupSize) {
        if (groupSize < 1 || setting.workers() % groupSize != 0) {
            throw new IllegalArgumentException(
                    "group size M_G = " + groupSize + " must divide M = " + setting.workers());
        }
    }
}
