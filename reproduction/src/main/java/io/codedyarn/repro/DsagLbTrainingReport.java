package io.codedyarn.repro;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.repro.DsagLbTraining.Problem;
import io.codedyarn.repro.placement.ReproducedNumber;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@link DsagLbTraining} reports from its runs: the exact final gaps and the times to a gap (a
 * logged gap counts only when the final model's exact gap also reaches it), the headline row
 * (DSAG-LB's paired speed-up over DSAG, against the paper's claim), and the Markdown after the rows
 * (the setup paragraph and one table per problem).
 */
final class DsagLbTrainingReport {
    private DsagLbTrainingReport() {}

    /**
     * The exact relative gap of each realization's final model: the coordinator evaluates it once
     * at the end (LR: F, PCA: explained variance), unlike the logged values of SGD, SAG and DSAG,
     * which are the methods' own estimates and can even be negative.
     */
    static double[] exactFinalGaps(Problem p, List<Trace> traces, double ref) {
        double[] g = new double[traces.size()];
        for (int r = 0; r < g.length; r++) {
            double f = traces.get(r).finalObjective();
            g[r] = p.workload() == Workload.PCA ? (ref - f) / ref : (f - ref) / Math.abs(ref);
        }
        return g;
    }

    /**
     * Per realization: simulated seconds to {@code gap} by the logged gap, NaN unless the final
     * model's exact gap is also ≤ {@code gap} (as {@link TimesToGap#meanTimeTo}).
     */
    static double[] timeTo(Problem p, List<Trace> traces, double ref, double gap) {
        double[] t = TimesToGap.timeTo(traces, gap);
        double[] exact = exactFinalGaps(p, traces, ref);
        for (int r = 0; r < t.length; r++) {
            if (exact[r] > gap) {
                t[r] = Double.NaN;
            }
        }
        return t;
    }

    /** Per realization: time(a)/time(b) to {@code gap} (paired by latency seed); NaN if missed. */
    static double[] pairedRatios(
            Problem p, Map<String, List<Trace>> res, double ref, String a, String b, double gap) {
        double[] ta = timeTo(p, res.get(a), ref, gap);
        double[] tb = timeTo(p, res.get(b), ref, gap);
        double[] q = new double[ta.length];
        for (int r = 0; r < q.length; r++) {
            q[r] = ta[r] / tb[r];
        }
        return q;
    }

    /**
     * The balanced curve {@code lb} (DSAG-LB at the default or the paper's acceptance threshold, or
     * at the paper's PCA step) against {@code base} (DSAG at the same step) at the problem's
     * headline gap ({@link Problem#headlineGap}: 1e−4 for both, the lowest every DSAG curve reaches
     * within the budget at our sizes; the paper's LR claim is at 1e−6 to 1e−12).
     */
    static ReproducedNumber headline(
            Problem p,
            int workers,
            Map<String, List<Trace>> res,
            double ref,
            String lb,
            String base,
            double acceptance) {
        double gap = p.headlineGap();
        double[] q = pairedRatios(p, res, ref, lb, base, gap);
        double[] speedup = new double[q.length];
        for (int r = 0; r < q.length; r++) {
            speedup[r] = 100 * (1 - q[r]);
        }
        boolean lr = p.workload() == Workload.LR;
        ReproducedNumber n =
                ReproducedNumber.measured(
                        String.format(
                                Locale.ROOT,
                                "%s speed-up over %s, time to gap %.0e, %s",
                                lb,
                                base,
                                gap,
                                p.name()),
                        String.format(
                                Locale.ROOT,
                                "N = %d, ramp 0.4, p = %d, %d realizations",
                                workers,
                                p.subpartitions(),
                                res.get(base).size()),
                        Stats.mean(speedup),
                        Stats.standardError(speedup),
                        "%",
                        "mean over realizations of the paired speed-up (same latency seed), s.e."
                                + " over realizations; no unit test compares it with the paper:"
                                + " that needs the full-size run (docs/reproduction-dsag-lb-full.md,"
                                + " with its run time), and DsagLbTrainingTest"
                                + " checks only the rows' form on tiny problems");
        String scaled =
                String.format(
                        Locale.ROOT,
                        "%d × %d rows instead of %s (a test machine); latency realizations of the"
                                + " gamma model with the paper's ramp, not runs on eX3; workers"
                                + " 40–49 are not released after 1 s (the ramp releases by"
                                + " iteration)",
                        workers * p.rowsPerWorker(),
                        p.cols(),
                        lr ? "HIGGS's 11·10⁶ × 28" : "1000 Genomes' 81·10⁶ × 2504");
        if (acceptance != DsagLbTraining.PAPER_ACCEPTANCE) {
            n =
                    n.deviating(
                            "the balancer's acceptance threshold "
                                    + acceptance
                                    + " (a "
                                    + improvement(acceptance)
                                    + " better partition is published), not the paper's example "
                                    + DsagLbTraining.PAPER_ACCEPTANCE
                                    + " (\""
                                    + DsagLbTraining.DSAG_LB_PAPER_ACCEPTANCE
                                    + "\" row)");
        }
        if (lr) {
            return n.withPaperAtLeast(30, 5)
                    .from(
                            "§VII-B, Fig. 8 text: \"about 30% to 40% lower latency when the"
                                    + " suboptimality gap is between 10^-6 and 10^-12\" (lower"
                                    + " end)")
                    .deviating(scaled)
                    .deviating(
                            String.format(
                                    Locale.ROOT,
                                    "ours at gap %.0e, not 1e−6 to 1e−12: our DSAG reaches no"
                                            + " lower gap in the %.0f s budget at this size",
                                    gap,
                                    p.timeLimit()));
        }
        return n.withPaper(0, 5)
                .from(
                        "§VII-B, Fig. 8 text: \"load-balancing does not result in a speedup for"
                                + " PCA\" (0)")
                .deviating(scaled)
                .deviating(
                        "our PCA runs make about 20,000 iterations with p = 100 subpartitions, so"
                                + " the cache refills soon after a re-partitioning invalidates it;"
                                + " the paper's reason for no speedup is invalidations when the"
                                + " subpartitions are many relative to the iterations (§VII-B;"
                                + " its iteration counts are not printed)");
    }

    /** How much better a partition must be to be published at {@code acceptance}: "2 %" at 0.98. */
    static String improvement(double acceptance) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * (1 - acceptance));
    }

    /** The setup paragraph and one table per problem ({@link DsagLbTraining#extraMarkdown}). */
    static String markdown(
            Map<Problem, Map<String, List<Trace>>> results,
            Map<Problem, Double> references,
            int realizations) {
        StringBuilder sb = new StringBuilder();
        sb.append(
                new Setup(
                                Setup.f(
                                        "%d in-process workers, w = %d; LR on higgs-like %d × %d"
                                                + " (+ intercept, λ = 1/n, p = %d, step 0.25/L for"
                                                + " SGD, SAG, DSAG), PCA k = 3 on genotype-like %d"
                                                + " × %d at density 5 %% (p = %d, η = 1: the"
                                                + " coordinator's power-method step, and 0.9 in"
                                                + " the two η curves); %d latency"
                                                + " realization(s) per curve; balancer period %.1f"
                                                + " s (LR) and %.0f s (PCA); GD stops at gap %.0e"
                                                + " (its logged gap is exact), the others after"
                                                + " %.0f s (LR) and %.0f s (PCA) simulated",
                                        DsagLbTraining.WORKERS,
                                        DsagLbTraining.W,
                                        DsagLbTraining.WORKERS * DsagLbTraining.LR.rowsPerWorker(),
                                        DsagLbTraining.LR.cols(),
                                        DsagLbTraining.LR.subpartitions(),
                                        DsagLbTraining.WORKERS * DsagLbTraining.PCA.rowsPerWorker(),
                                        DsagLbTraining.PCA.cols(),
                                        DsagLbTraining.PCA.subpartitions(),
                                        realizations,
                                        DsagLbTraining.LR.balancePeriod(),
                                        DsagLbTraining.PCA.balancePeriod(),
                                        DsagLbTraining.LR
                                                .gaps()[DsagLbTraining.LR.gaps().length - 1],
                                        DsagLbTraining.LR.timeLimit(),
                                        DsagLbTraining.PCA.timeLimit()),
                                "HIGGS 11·10⁶ × 28 and 1000 Genomes 81·10⁶ × 2504 on eX3, 5 runs",
                                Setup.LOGGED_GAP_TIMES
                                        + " Means over realizations (– if one missed it).")
                        .markdown());
        for (Map.Entry<Problem, Map<String, List<Trace>>> e : results.entrySet()) {
            sb.append(table(e.getKey(), e.getValue(), references.get(e.getKey()))).append('\n');
        }
        return sb.toString();
    }

    private static String table(Problem p, Map<String, List<Trace>> res, double ref) {
        StringBuilder sb = new StringBuilder("| " + p.name() + " method |");
        for (double g : p.gaps()) {
            sb.append(String.format(Locale.ROOT, " t(gap %.0e) s |", g));
        }
        sb.append(" iterations | final gap (logged) | final gap (exact) |\n|---|");
        sb.append("---|".repeat(p.gaps().length + 3)).append('\n');
        for (Map.Entry<String, List<Trace>> e : res.entrySet()) {
            sb.append("| ").append(e.getKey()).append(" |");
            for (double g : p.gaps()) {
                double[] t = timeTo(p, e.getValue(), ref, g);
                double m = Stats.mean(t);
                boolean all = java.util.Arrays.stream(t).noneMatch(Double::isNaN);
                sb.append(all ? String.format(Locale.ROOT, " %.3g |", m) : " – |");
            }
            double[] its = new double[e.getValue().size()];
            double[] fin = new double[its.length];
            for (int r = 0; r < its.length; r++) {
                Trace t = e.getValue().get(r);
                its[r] = t.iterations();
                fin[r] = t.gap()[t.iterations() - 1];
            }
            sb.append(
                    String.format(
                            Locale.ROOT,
                            " %.0f | %.2e | %.2e |%n",
                            Stats.mean(its),
                            Stats.mean(fin),
                            Stats.mean(exactFinalGaps(p, e.getValue(), ref))));
        }
        return sb.toString();
    }
}
