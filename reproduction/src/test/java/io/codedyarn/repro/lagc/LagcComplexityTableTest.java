package io.codedyarn.repro.lagc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every entry of the digest's §5.4 table (Figs. 6/7 setting), with a tolerance of half a unit in
 * the last printed digit, and the derived headline ratios (printed to 0.1 %).
 */
class LagcComplexityTableTest {
    private static final LagcComplexityTable.Figure FIG = LagcComplexityTable.paperFigures();

    private static ComplexityRow row(List<ComplexityRow> rows, String label) {
        return rows.stream()
                .filter(r -> r.label().equals(label))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + label));
    }

    private static ComplexityRow par(String label) {
        return row(FIG.paretoRows(), label);
    }

    private static ComplexityRow exp(String label) {
        return row(FIG.exponentialRows(), label);
    }

    /** label, T̄/Ī Pareto, T̄/Ī Exp, C̄/Ī, P̄/Ī, decimals printed for each, bound flag. */
    private static void entry(
            String label,
            double tPar,
            int dPar,
            double tExp,
            int dExp,
            double comm,
            int dComm,
            double comp,
            int dComp,
            boolean bound) {
        ComplexityRow p = par(label);
        ComplexityRow e = exp(label);
        assertThat(p.time()).as(label + " Pareto time").isCloseTo(tPar, half(dPar));
        assertThat(e.time()).as(label + " exp time").isCloseTo(tExp, half(dExp));
        for (ComplexityRow r : List.of(p, e)) {
            assertThat(r.communication()).as(label + " comm").isCloseTo(comm, half(dComm));
            assertThat(r.computation()).as(label + " comp").isCloseTo(comp, half(dComp));
            assertThat(r.upperBound()).as(label + " bound flag").isEqualTo(bound);
        }
    }

    private static org.assertj.core.data.Offset<Double> half(int decimals) {
        return within(0.5 * Math.pow(10, -decimals) * (1 + 1e-9));
    }

    @Test
    void digestTableEveryEntry() {
        entry("GD", 0.72890, 5, 0.17989, 5, 40, 9, 1, 9, false);
        entry("GC (F = 17)", 0.10076, 5, 0.35288, 5, 37, 9, 4, 9, false);
        entry("LAG", 0.33580, 5, 0.13875, 5, 17, 9, 0.425, 9, true);
        entry("G-GD M_G=2", 0.04270, 5, 0.14645, 5, 30, 9, 2, 9, false);
        entry("G-GD M_G=4", 0.03190, 5, 0.11417, 5, 25, 9, 4, 9, false);
        entry("G-GD M_G=5", 0.03975, 5, 0.16001, 5, 28, 9, 4, 9, false);
        entry("G-GD M_G=10", 0.06640, 5, 0.26697, 5, 34, 9, 4, 9, false);
        entry("G-LAG M_G=2", 0.02888, 5, 0.10489, 5, 12.197, 3, 0.813, 3, true);
        entry("G-LAG M_G=4", 0.02720, 5, 0.08012, 5, 11.364, 3, 1.818, 3, true);
        entry("LAGC M_G=5", 0.03235, 5, 0.11514, 5, 11.773, 3, 1.682, 3, true);
        entry("LAGC M_G=10", 0.05523, 5, 0.22520, 5, 18.545, 3, 2.182, 3, true);
        entry("LAGC M_G=20", 0.10076, 5, 0.35288, 5, 37, 9, 4, 9, true);
    }

    /** Remark 2 and the digest's last row: M_G = 1 gives GD / LAG, M_G = M gives GC's values. */
    @Test
    void specialCasesCoincide() {
        for (List<ComplexityRow> rows : List.of(FIG.paretoRows(), FIG.exponentialRows())) {
            same(row(rows, "G-GD M_G=1"), row(rows, "GD"));
            same(row(rows, "G-LAG M_G=1"), row(rows, "LAG"));
            same(row(rows, "G-GD M_G=20"), row(rows, "GC (F = 17)"));
            same(row(rows, "LAGC M_G=20"), row(rows, "GC (F = 17)"));
        }
    }

    private static void same(ComplexityRow a, ComplexityRow b) {
        assertThat(a.time()).as(a.label()).isCloseTo(b.time(), within(1e-9 * b.time()));
        assertThat(a.communication()).as(a.label()).isCloseTo(b.communication(), within(1e-9));
        assertThat(a.computation()).as(a.label()).isCloseTo(b.computation(), within(1e-12));
    }

    private static double change(double ours, double theirs) {
        return 100 * (ours / theirs - 1);
    }

    /** Digest §5.4 "derived headline ratios", printed to 0.1 % (tolerance 0.05 points). */
    @Test
    void headlineRatios() {
        double gl4 = par("G-LAG M_G=4").time();
        assertThat(change(gl4, par("GD").time())).isCloseTo(-96.3, within(0.05));
        assertThat(change(gl4, par("GC (F = 17)").time())).isCloseTo(-73.0, within(0.05));
        assertThat(change(gl4, par("LAG").time())).isCloseTo(-91.9, within(0.05));
        assertThat(change(gl4, par("G-GD M_G=4").time())).isCloseTo(-14.7, within(0.05));

        double el4 = exp("G-LAG M_G=4").time();
        assertThat(change(el4, exp("GD").time())).isCloseTo(-55.5, within(0.05));
        assertThat(change(el4, exp("LAG").time())).isCloseTo(-42.3, within(0.05));
        assertThat(change(el4, exp("G-GD M_G=4").time())).isCloseTo(-29.8, within(0.05));
        assertThat(exp("GC (F = 17)").time() / exp("GD").time()).isCloseTo(1.96, within(0.005));

        double c4 = par("G-LAG M_G=4").communication();
        assertThat(change(c4, par("GD").communication())).isCloseTo(-71.6, within(0.05));
        assertThat(change(c4, par("GC (F = 17)").communication())).isCloseTo(-69.3, within(0.05));
        assertThat(change(c4, par("LAG").communication())).isCloseTo(-33.2, within(0.05));
        assertThat(change(c4, par("G-GD M_G=4").communication())).isCloseTo(-54.5, within(0.05));
    }

    /** The qualitative claims of §V-D (digest §5.2) hold for our numbers. */
    @Test
    void qualitativeClaims() {
        // Pareto: G-GD and GC faster than GD and LAG, compute more; G-GD beats GC in every metric.
        for (String fast : List.of("GC (F = 17)", "G-GD M_G=4")) {
            assertThat(par(fast).time()).isLessThan(par("GD").time());
            assertThat(par(fast).time()).isLessThan(par("LAG").time());
            assertThat(par(fast).computation()).isGreaterThan(par("GD").computation());
        }
        ComplexityRow ggd4 = par("G-GD M_G=4");
        ComplexityRow gc = par("GC (F = 17)");
        assertThat(ggd4.time()).isLessThan(gc.time());
        assertThat(ggd4.communication()).isLessThan(gc.communication());
        assertThat(ggd4.computation()).isLessThanOrEqualTo(gc.computation());
        // G-LAG(4) has the least time under both, the least communication.
        for (List<ComplexityRow> rows : List.of(FIG.paretoRows(), FIG.exponentialRows())) {
            double best = row(rows, "G-LAG M_G=4").time();
            assertThat(rows).allSatisfy(r -> assertThat(r.time()).isGreaterThanOrEqualTo(best));
            double comm = row(rows, "G-LAG M_G=4").communication();
            assertThat(rows)
                    .allSatisfy(r -> assertThat(r.communication()).isGreaterThanOrEqualTo(comm));
        }
        // Exponential: GC does not improve on GD; G-LAG computes more than LAG.
        assertThat(exp("GC (F = 17)").time()).isGreaterThan(exp("GD").time());
        assertThat(exp("G-LAG M_G=4").computation()).isGreaterThan(exp("LAG").computation());
    }

    /** Rows carry M_G, F and the load; the Markdown has a line per row with ≤ on the bounds. */
    @Test
    void rowsAndMarkdown() {
        assertThat(FIG.paretoRows()).hasSize(3 + 2 * 6);
        ComplexityRow lagc5 = par("LAGC M_G=5");
        assertThat(lagc5.groupSize()).isEqualTo(5);
        assertThat(lagc5.waitFor()).isEqualTo(2);
        assertThat(lagc5.load()).isEqualTo(4);
        assertThat(par("G-LAG M_G=2").load()).isEqualTo(2);
        String md = FIG.toMarkdown();
        assertThat(md.lines().filter(l -> l.startsWith("| ")).count()).isEqualTo(1 + 15);
        assertThat(md).contains("| GD | 1 | 1 | 1 | 0.728899 | 0.179887 | 40 | 1 |");
        assertThat(md).contains("| G-LAG M_G=4 | 4 | 1 | 4 | ≤0.027199 | ≤0.0801175 |");
        assertThat(md).contains("| ≤11.3636 | ≤1.81818 |");
        String single = LagcComplexityTable.toMarkdown(FIG.exponentialRows());
        assertThat(single).contains("| GC (F = 17) | 20 | 17 | 4 | 0.352881 | 37 | 4 |");
        assertThat(LagcComplexityTable.number(12.197)).isEqualTo("12.197");
    }

    @Test
    void rejectsGroupSizesThatDoNotDivideM() {
        LagcComplexityTable t =
                new LagcComplexityTable(
                        LagcSetting.paperFigures(OrderStatistics.exponential(0.05)));
        assertThatThrownBy(() -> t.groupedGd(3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> t.lazyGrouped(6)).isInstanceOf(IllegalArgumentException.class);
    }
}
