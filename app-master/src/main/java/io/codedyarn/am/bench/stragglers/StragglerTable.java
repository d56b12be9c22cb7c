package io.codedyarn.am.bench.stragglers;

import java.util.List;
import java.util.Locale;

/** {@code bench stragglers}' text output: one table per scenario. */
public final class StragglerTable {
    private StragglerTable() {}

    /** The tables, with a legend. */
    public static String text(List<MethodRow> rows, int workers, double targetGap) {
        StringBuilder b = new StringBuilder();
        String scenario = null;
        for (MethodRow r : rows) {
            if (!r.scenario().equals(scenario)) {
                scenario = r.scenario();
                Scenario s = Scenario.parse(scenario);
                b.append(
                        String.format(
                                Locale.ROOT,
                                "%nscenario %s: %s (--straggle '%s'), N = %d, target gap %s%n",
                                scenario,
                                s.description(),
                                s.straggle(workers),
                                workers,
                                targetGap));
                b.append(
                        String.format(
                                Locale.ROOT,
                                "%-20s %9s %17s %8s %10s %10s %10s%n",
                                "method",
                                "median s",
                                "min-max s",
                                "reached",
                                "/uncod-gd",
                                "/unc-lbfgs",
                                "agreement"));
            }
            b.append(
                    String.format(
                            Locale.ROOT,
                            "%-20s %9s %17s %8s %10s %10s %10s%n",
                            r.method(),
                            num(r.timeToTarget(), "%.2f"),
                            num(r.spread().min(), "%.2f") + "-" + num(r.spread().max(), "%.2f"),
                            r.reached() + "/" + r.runs(),
                            num(r.ratioToUncoded(), "%.3f"),
                            num(r.ratioToLbfgs(), "%.3f"),
                            num(r.agreement(), "%.3f")));
        }
        b.append(
                "\nmedian: over the runs, a run that did not reach the target counting as the"
                        + " slowest (-: the median is such a run); min-max: over the runs that"
                        + " reached it (max -: some did not); /uncod-gd and /unc-lbfgs: the median"
                        + " divided by uncoded GD's and uncoded L-BFGS's (below 1: faster)\n");
        return b.toString();
    }

    private static String num(Double v, String format) {
        return v == null ? "-" : String.format(Locale.ROOT, format, v);
    }
}
