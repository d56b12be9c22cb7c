package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.Reference;
import io.codedyarn.hdfs.generate.GenotypeGenerator;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.Reproduction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * DSAG's load-balancing comparison (§VII-B, Fig. 8 top row, digest dsag.md §6.4): logistic
 * regression and PCA on N = 49 simulated workers with the paper's eX3 latencies (Table I) and ramp
 * (worker i slowed by 0.4·i/N), methods GD, the ideal MDS bound (r = 45/49), SGD w = 10 on
 * subpartitions, SAG w = N, SAG w = 10, SAG-LB w = 10, DSAG w = 10 and DSAG-LB w = 10. The balancer
 * is the coordinator's (DSAG §VI, {@code coded-yarn.dsag.load-balance}) re-solving every 0.5 s for
 * LR and 7 s for PCA, the paper's time to a solution for each (§VII-B).
 *
 * <p>Scaling (stated in the report): 49 × 400 higgs-like rows (paper: HIGGS 11·10⁶ × 28) and 49 ×
 * 200 genotype-like rows × 60 columns at density 5 % (paper: 1000 Genomes 81·10⁶ × 2504); PCA keeps
 * p = 100 subpartitions (2 rows each), LR p = 10; at scale 1 the paper's 5 runs per curve as 5
 * latency realizations (at least 2 at any scale); the release of workers 40–49 after 1 s is left
 * out (the ramp model releases by iteration, and the methods' iterations differ 10-fold in length).
 * Only GD stops at the target gap; SGD, SAG and DSAG run to the time budget (see {@link
 * TrainingCase#stopGap}). The 2 × 7 × realizations runs are independent and run on one thread per
 * core ({@link Parallel}): about 25 minutes at scale 0.5 on this loaded 2-core machine, a few
 * minutes at scale 1 on 16 cores ({@code .ci/device-dsag-lb}).
 *
 * <p>Measured (seed 1, scale 0.4 = 2 realizations, 2 threads on a loaded 2-core machine: LR 14 runs
 * in 510 s wall, 136 s process CPU; PCA 14 runs in 1798 s wall, 224 s CPU; the longest runs are PCA
 * SAG-LB and DSAG-LB, which now run the whole 400 s budget): LR, time to 1e−4: DSAG-LB 15.9 s vs
 * DSAG 18.8 s (15.3 ± 0.05 % faster), SAG w = 10 reaches exact 2.9e−5 in 30 s (before the stopping
 * rule it stopped at 1.2e−3); PCA, time to 1e−4: DSAG-LB 59.7 s vs DSAG 90.7 s, exact final gaps
 * 6.2e−7 and 1.1e−12 (before, DSAG-LB and SAG-LB stopped early on negative logged estimates at
 * exact 8.2e−4 and 3.8e−3).
 */
public final class DsagLbTraining implements Reproduction {
    static final int WORKERS = 49;
    static final int W = 10;

    /** One of the two workloads: data, latency, subpartitions, step, balancer period, budget. */
    record Problem(
            String name,
            Workload workload,
            int rowsPerWorker,
            int cols,
            int subpartitions,
            String latency,
            double stochasticStepTimesL,
            double balancePeriod,
            double timeLimit,
            double[] gaps,
            double headlineGap) {}

    /** eX3 LR (Table I): computation ≈ 2·10⁻³ s per subpartition of p = 10, comm ≈ 2·10⁻⁵ s. */
    static final Problem LR =
            new Problem(
                    "LR",
                    Workload.LR,
                    400,
                    HiggsLikeLr.COLS,
                    10,
                    DsagCurves.LATENCY,
                    DsagCurves.STOCHASTIC_STEP,
                    0.5,
                    30.0,
                    new double[] {1e-3, 1e-4, 1e-6, 1e-8},
                    1e-4);

    /**
     * eX3 PCA (Table I): computation 2.2–3.1·10⁻² s per subpartition of p = 100, i.e. ≈ 2.6 s per
     * whole block, comm ≈ 4·10⁻⁵ s; variance ∝ mean as in Fig. 1.
     */
    static final Problem PCA =
            new Problem(
                    "PCA",
                    Workload.PCA,
                    200,
                    60,
                    100,
                    "gamma:comm_mean=4e-5,comm_var=4e-10,comp_mean=2.6,comp_var=6.8e-2+ramp:factor=0.4",
                    Double.NaN,
                    7.0,
                    400.0,
                    new double[] {1e-3, 1e-4, 1e-6, 1e-8},
                    1e-4);

    /** A curve: the case, and whether the coordinator balances it. */
    record Curve(TrainingCase c, boolean balance) {
        String label() {
            return c.label();
        }
    }

    static List<Curve> curves(Problem p, int workers) {
        double step = p.stochasticStepTimesL();
        int sub = p.subpartitions();
        List<Curve> out = new ArrayList<>();
        out.add(
                new Curve(
                        new TrainingCase(
                                "GD", "uncoded", TrainingCase.params(workers, 0, 0, 0, 0), "gd", 0),
                        false));
        out.add(curve("SGD w=10", "sgd", workers, sub, W, step, false));
        out.add(curve("SAG w=N", "sag", workers, sub, workers, step, false));
        out.add(curve("SAG w=10", "sag", workers, sub, W, step, false));
        out.add(curve("SAG-LB w=10", "sag", workers, sub, W, step, true));
        out.add(curve("DSAG w=10", "dsag", workers, sub, W, step, false));
        out.add(curve("DSAG-LB w=10", "dsag", workers, sub, W, step, true));
        return out;
    }

    private static Curve curve(
            String label, String scheme, int n, int sub, int w, double step, boolean lb) {
        return new Curve(
                new TrainingCase(
                        label, scheme, TrainingCase.params(n, 0, 0, 0, sub), null, w, step),
                lb);
    }

    static DenseRows data(Problem p, long seed, int workers) {
        int rows = workers * p.rowsPerWorker();
        return p.workload() == Workload.LR
                ? HiggsLikeLr.data(seed, rows)
                : SimulatedRuns.generate(
                        new GenotypeGenerator(
                                rows, p.cols(), GenotypeGenerator.DEFAULT_DENSITY, seed),
                        rows,
                        p.cols());
    }

    static TrainSpec spec(
            Problem p, TrainingCase c, double reference, double smoothness, long seed) {
        boolean lr = p.workload() == Workload.LR;
        return new TrainSpec(
                p.workload(),
                c.scheme(),
                c.paramsWithSeed(seed),
                3,
                Double.NaN,
                lr,
                Optimizer.parse(c.optimizer()),
                lr && !Double.isNaN(c.stepTimesL()) ? c.stepTimesL() / smoothness : Double.NaN,
                1_000_000,
                c.stopGap(p.gaps()[p.gaps().length - 1]),
                p.timeLimit(),
                c.waitFor(),
                reference,
                LatencySpec.ofNullable(p.latency()),
                StraggleSpec.parse("none"),
                seed);
    }

    /**
     * Every curve of {@code p}, {@code realizations} latency seeds each, plus the MDS bound; the
     * runs are independent (each its own coordinator, cluster and seed), so they run on {@link
     * Parallel#threads()} threads and the result is the same for any thread count.
     */
    static Map<String, List<Trace>> simulate(
            Problem p, long seed, DenseRows data, double ref, int realizations, int workers) {
        double l = p.workload() == Workload.LR ? HiggsLikeLr.smoothness(data, seed) : Double.NaN;
        BalanceSchedule schedule = BalanceSchedule.period(p.balancePeriod());
        List<Curve> curves = curves(p, workers);
        List<List<SimulatedRuns.Run>> runs =
                Parallel.realizations(
                        "dsag-lb-training " + p.name(),
                        curves.size(),
                        realizations,
                        seed,
                        Parallel.threads(),
                        (k, s) ->
                                SimulatedRuns.runFull(
                                        spec(p, curves.get(k).c(), ref, l, s),
                                        data,
                                        curves.get(k).balance(),
                                        schedule));
        return DsagCurves.withMdsBound(curves.stream().map(Curve::label).toList(), runs, workers);
    }

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

    private final Map<Problem, Map<String, List<Trace>>> results = new LinkedHashMap<>();
    private final Map<Problem, Double> references = new LinkedHashMap<>();
    private int realizations;

    @Override
    public String id() {
        return "dsag-lb-training";
    }

    @Override
    public String title() {
        return "DSAG with and without load balancing, LR and PCA, trained on the simulated cluster"
                + " (N = 49)";
    }

    /** Latency realizations per curve: the paper's 5 runs at scale 1, at least 2 (an s.e.). */
    static int realizations(double scale) {
        return Math.max(2, (int) Math.round(5 * scale));
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        return run(seed, realizations(scale), List.of(LR, PCA), WORKERS);
    }

    /** The rows for {@code problems} on {@code workers} workers (the tests' tiny problems). */
    List<ReproducedNumber> run(long seed, int realizations, List<Problem> problems, int workers) {
        this.realizations = realizations;
        results.clear();
        references.clear();
        List<ReproducedNumber> out = new ArrayList<>();
        for (Problem p : problems) {
            DenseRows data = data(p, seed, workers);
            double ref =
                    p.workload() == Workload.LR
                            ? HiggsLikeLr.reference(data)
                            : Reference.compute(Workload.PCA, data, false, 0, 3);
            Map<String, List<Trace>> res = simulate(p, seed, data, ref, realizations, workers);
            results.put(p, res);
            references.put(p, ref);
            out.add(headline(p, workers, res, ref));
        }
        return out;
    }

    /**
     * DSAG-LB against DSAG at the problem's headline gap ({@link Problem#headlineGap}: 1e−4 for
     * both, the lowest every DSAG curve reaches within the budget at our sizes; the paper's LR
     * claim is at 1e−6 to 1e−12).
     */
    private static ReproducedNumber headline(
            Problem p, int workers, Map<String, List<Trace>> res, double ref) {
        double gap = p.headlineGap();
        double[] q = pairedRatios(p, res, ref, "DSAG-LB w=10", "DSAG w=10", gap);
        double[] speedup = new double[q.length];
        for (int r = 0; r < q.length; r++) {
            speedup[r] = 100 * (1 - q[r]);
        }
        boolean lr = p.workload() == Workload.LR;
        ReproducedNumber n =
                ReproducedNumber.measured(
                        String.format(
                                Locale.ROOT,
                                "DSAG-LB w=10 speed-up over DSAG w=10, time to gap %.0e, %s",
                                gap,
                                p.name()),
                        String.format(
                                Locale.ROOT,
                                "N = %d, ramp 0.4, p = %d, %d realizations",
                                workers,
                                p.subpartitions(),
                                res.get("DSAG w=10").size()),
                        Stats.mean(speedup),
                        Stats.standardError(speedup),
                        "%",
                        "mean over realizations of the paired speed-up (same latency seed), s.e."
                                + " over realizations");
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
        if (lr) {
            return n.withPaper(30)
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
        return n.withPaper(0)
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

    @Override
    public String extraMarkdown(long seed) {
        if (results.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(
                new Setup(
                                Setup.f(
                                        "%d in-process workers, w = %d; LR on higgs-like %d × %d"
                                                + " (+ intercept, λ = 1/n, p = %d, step 0.25/L for"
                                                + " SGD, SAG, DSAG), PCA k = 3 on genotype-like %d"
                                                + " × %d at density 5 %% (p = %d, the"
                                                + " coordinator's power-method step); %d latency"
                                                + " realization(s) per curve; balancer period %.1f"
                                                + " s (LR) and %.0f s (PCA); GD stops at gap %.0e"
                                                + " (its logged gap is exact), the others after"
                                                + " %.0f s (LR) and %.0f s (PCA) simulated",
                                        WORKERS,
                                        W,
                                        WORKERS * LR.rowsPerWorker(),
                                        LR.cols(),
                                        LR.subpartitions(),
                                        WORKERS * PCA.rowsPerWorker(),
                                        PCA.cols(),
                                        PCA.subpartitions(),
                                        realizations,
                                        LR.balancePeriod(),
                                        PCA.balancePeriod(),
                                        LR.gaps()[LR.gaps().length - 1],
                                        LR.timeLimit(),
                                        PCA.timeLimit()),
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
