package io.codedyarn.repro;

import io.codedyarn.repro.HeteroGcTraining.Condition;
import io.codedyarn.repro.placement.ReproducedNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows and tables of {@link HeteroGcTraining}: per condition, SSP's time to the gap over the
 * codes', its staleness-bound hits and update staleness (Fig. 4's reasons), and every scheme's
 * resource usage (Fig. 5); the worst case's cyclic / heter-aware ratio against the paper's "up to
 * 3×". Standard errors are over realizations (paired ratios: same latency seed); the worst case is
 * deterministic (exact).
 */
final class HeteroGcTrainingReport {
    /** Where the paper states the usage of its schemes (Fig. 5 text, §VI-A). */
    static final String HALF_IDLE =
            "§VI-A, Fig. 5 text: \"still half of resource is idle due to communication overhead\"";

    static final String UP_TO_3X = "abstract: \"up to 3x\" lower time than cyclic GC";

    /** Fig. 4 text (§VI-A). */
    static final String FIG4 =
            "§VI-A, Fig. 4 text: \"our coding scheme converges smoother and faster than SSP\"";

    private HeteroGcTrainingReport() {}

    static String setting(Condition c) {
        return "cluster A (n=8), " + c.label;
    }

    /** Simulated seconds to the relative gap per realization (NaN if never). */
    static double[] timeTo(List<SimulatedRuns.Run> runs, double gap) {
        double[] t = new double[runs.size()];
        for (int r = 0; r < t.length; r++) {
            Trace tr = runs.get(r).trace();
            int i = tr.firstGapAtMost(gap);
            t[r] = i < 0 ? Double.NaN : tr.seconds()[i];
        }
        return t;
    }

    /** a's time over b's per realization (same latency seed). */
    static double[] ratio(Map<String, List<SimulatedRuns.Run>> runs, String a, String b) {
        double[] ta = timeTo(runs.get(a), HeteroGcTraining.GAP);
        double[] tb = timeTo(runs.get(b), HeteroGcTraining.GAP);
        double[] q = new double[ta.length];
        for (int r = 0; r < q.length; r++) {
            q[r] = ta[r] / tb[r];
        }
        return q;
    }

    static double[] usage(List<SimulatedRuns.Run> runs) {
        return runs.stream()
                .mapToDouble(r -> 100 * RunUsage.of(r.result(), HeteroGcTraining.WORKERS).usage())
                .toArray();
    }

    static double[] boundHits(List<SimulatedRuns.Run> runs) {
        return runs.stream()
                .mapToDouble(
                        r -> 100 * RunUsage.of(r.result(), HeteroGcTraining.WORKERS).boundHits())
                .toArray();
    }

    /** Mean staleness of the 2-vCPU worker 0's updates over the 12-vCPU worker 7's. */
    static double[] stalenessRatio(List<SimulatedRuns.Run> runs) {
        return runs.stream()
                .mapToDouble(
                        r -> {
                            double[] s =
                                    RunUsage.of(r.result(), HeteroGcTraining.WORKERS).staleness();
                            return s[0] / s[HeteroGcTraining.WORKERS - 1];
                        })
                .toArray();
    }

    private static ReproducedNumber row(
            String quantity, Condition c, double[] x, String unit, String note) {
        if (c == Condition.WORST_CASE) {
            return ReproducedNumber.exact(
                    quantity,
                    setting(c),
                    x[0],
                    unit,
                    note + "; deterministic model: one run is exact");
        }
        return ReproducedNumber.measured(
                quantity,
                setting(c),
                Stats.mean(x),
                Stats.standardError(x),
                unit,
                note + "; mean ± s.e. over " + x.length + " realizations");
    }

    static List<ReproducedNumber> rows(Map<Condition, Map<String, List<SimulatedRuns.Run>>> res) {
        List<ReproducedNumber> out = new ArrayList<>();
        String gap = String.format(Locale.ROOT, "gap %.0e", HeteroGcTraining.GAP);
        for (Condition c : Condition.values()) {
            Map<String, List<SimulatedRuns.Run>> runs = res.get(c);
            if (c == Condition.WORST_CASE) {
                out.add(
                        row(
                                        "cyclic / heter-aware, time to " + gap,
                                        c,
                                        ratio(runs, "cyclic", "heter-aware"),
                                        "×",
                                        "GD iterates are the same for every exact code, so the"
                                                + " ratio is that of the iteration times")
                                .withPaper(3, 0.5)
                                .from(UP_TO_3X));
                out.add(
                        row(
                                "group-based / heter-aware, time to " + gap,
                                c,
                                ratio(runs, "group-based", "heter-aware"),
                                "×",
                                "both at the optimum T* (Theorems 5–6)"));
            } else {
                for (String coded : new String[] {"heter-aware", "group-based"}) {
                    out.add(
                            row(
                                    HeteroGcTraining.SSP + " / " + coded + ", time to " + gap,
                                    c,
                                    ratio(runs, HeteroGcTraining.SSP, coded),
                                    "×",
                                    "paired per latency seed; exact gaps (SSP's replayed from its"
                                            + " log); the paper's claim ("
                                            + FIG4
                                            + ") is > 1"));
                }
                out.add(
                        row(
                                HeteroGcTraining.SSP + ": clocks that ended at the staleness bound",
                                c,
                                boundHits(runs.get(HeteroGcTraining.SSP)),
                                "%",
                                "a finished clock whose worker could not start the next at once;"
                                        + " paper: \"SSP will in fact easily reach the staleness"
                                        + " threshold nearly every step\" (§VI-A)"));
                out.add(
                        row(
                                HeteroGcTraining.SSP
                                        + ": update staleness, 2-vCPU worker / 12-vCPU worker",
                                c,
                                stalenessRatio(runs.get(HeteroGcTraining.SSP)),
                                "×",
                                "mean updates applied between a task's read and its own update;"
                                        + " paper: \"unbalanced contributions from different"
                                        + " data parts\" (§VI-A)"));
            }
            for (String label : HeteroGcTraining.LABELS) {
                if (c == Condition.WORST_CASE
                        && (label.equals("naive") || label.startsWith("SSP"))) {
                    continue; // they stall: no iteration finishes (see the table)
                }
                ReproducedNumber u =
                        row(
                                "resource usage, " + label,
                                c,
                                usage(runs.get(label)),
                                "%",
                                "Σ_i compute time / (N · wall time) over the run (Fig. 5;"
                                        + " the paper's formula was lost)");
                boolean ours = label.equals("heter-aware") || label.equals("group-based");
                if (ours && c == Condition.HETEROGENEOUS) {
                    u =
                            u.withPaper(50, 5)
                                    .from(HALF_IDLE)
                                    .deviating(
                                            "our simulated workers spend no time communicating;"
                                                    + " the paper attributes its idle half to"
                                                    + " communication, so only the waiting for"
                                                    + " the decoding set under speed noise is"
                                                    + " idle here");
                }
                out.add(u);
            }
        }
        return out;
    }
}
