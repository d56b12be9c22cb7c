package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.compute.model.Smoothness;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.Reference;
import io.codedyarn.hdfs.generate.HiggsLikeGenerator;
import io.codedyarn.placement.Seeds;
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
 * DSAG's eX3 comparison (digest dsag.md §6.4, Fig. 8 top row, LR) trained for real: the {@code
 * Coordinator} on a {@code SimulatedCluster} with N = 49 in-process workers on a higgs-like
 * logistic-regression set (d = 28 + intercept, λ = 1/n), per-worker gamma latencies with mean and
 * variance ∝ load and the paper's ramp (worker i slowed by 0.4·i/N). Curves: DSAG w = 10 and SAG w
 * = N (p = 10 subpartitions per worker), SAG w = 10, SGD (fastest-k, k = 10, whole partitions), GD
 * (uncoded, all N), the paper's coded baseline ({@link IdealMdsBound}: an MDS code of rate r =
 * 45/49 with free decoding, re-timed from each GD run) and, as a real code for contrast, cyclic
 * gradient coding with s = 3 (load ×4); step 1/L for all (the paper tunes η = 0.25 for the
 * stochastic methods and 1 for GD). Gaps are relative to an L-BFGS reference optimum; SAG/DSAG and
 * SGD log their own estimates of F (the coordinator evaluates the final model exactly once).
 *
 * <p>Reductions: 49 × 400 rows instead of HIGGS's 11·10⁶; a few realizations instead of 5 runs of a
 * real cluster; the release of workers 40–49 after 1 s is left out (our ramp releases by broadcast
 * count, and SAG's broadcasts are per worker).
 */
public final class DsagTraining implements Reproduction {
    static final int WORKERS = 49;
    static final int COLS = 28;
    static final int SUBPARTITIONS = 10;
    static final String LATENCY =
            "gamma:comm_mean=2e-5,comm_var=1e-11,comp_mean=0.02,comp_var=4e-7+ramp:factor=0.4";

    /** The paper's η = 0.25 for the stochastic methods against 1 for GD, as a multiple of 1/L. */
    static final double STOCHASTIC_STEP = 0.25;

    static final double[] GAPS = {1e-2, 1e-3, 1e-4, 1e-6};

    /** DSAG §VII-B: code rate r = 45/49 for N = 49 (the bound's load ×49/45). */
    static final double MDS_RATE = 45.0 / 49;

    static final String MDS = "coded, ideal MDS r=45/49";

    record Scale(int realizations, int rowsPerWorker, double timeLimit) {
        static Scale of(double scale) {
            // At least 2 realizations: every reported number carries a standard error.
            return new Scale(Math.max(2, (int) Math.round(3 * scale)), 400, 30.0);
        }
    }

    private Map<String, List<Trace>> results = Map.of();
    private Map<String, double[]> exactGaps = Map.of();
    private Scale lastScale = Scale.of(1);
    private double reference = Double.NaN;

    @Override
    public String id() {
        return "dsag-training";
    }

    @Override
    public String title() {
        return "DSAG vs SAG, SGD, GD and coded GD trained on the simulated cluster (N = 49, LR)";
    }

    static List<TrainingCase> cases(int workers) {
        return List.of(
                new TrainingCase(
                        "DSAG w=10",
                        "dsag",
                        TrainingCase.params(workers, 0, 0, 0, SUBPARTITIONS),
                        null,
                        10,
                        STOCHASTIC_STEP),
                new TrainingCase(
                        "SAG w=N",
                        "sag",
                        TrainingCase.params(workers, 0, 0, 0, SUBPARTITIONS),
                        null,
                        workers,
                        STOCHASTIC_STEP),
                new TrainingCase(
                        "SAG w=10",
                        "sag",
                        TrainingCase.params(workers, 0, 0, 0, SUBPARTITIONS),
                        null,
                        10,
                        STOCHASTIC_STEP),
                new TrainingCase(
                        "SGD k=10",
                        "fastest-k",
                        TrainingCase.params(workers, workers - 10, 0, 0, 0),
                        "gd",
                        0,
                        STOCHASTIC_STEP),
                new TrainingCase(
                        "GD", "uncoded", TrainingCase.params(workers, 0, 0, 0, 0), "gd", 0),
                new TrainingCase(
                        "coded GD cyclic s=3",
                        "cyclic",
                        TrainingCase.params(workers, 3, 0, 0, 0),
                        "gd",
                        0));
    }

    static DenseRows data(long seed, int rows) {
        return SimulatedRuns.generate(new HiggsLikeGenerator(rows, COLS, seed), rows, COLS);
    }

    static double reference(DenseRows data) {
        return Reference.compute(Workload.LR, data, true, 1.0 / data.rows(), 1);
    }

    /** L of the LR objective (with intercept, λ = 1/n), by power iteration. */
    static double smoothness(DenseRows data, long seed) {
        return Smoothness.logistic(
                List.of(Intercept.append(data).all()), 1.0 / data.rows(), Seeds.generator(seed));
    }

    static TrainSpec spec(
            TrainingCase c,
            String latency,
            double reference,
            double smoothness,
            double timeLimit,
            long seed) {
        return new TrainSpec(
                Workload.LR,
                c.scheme(),
                c.paramsWithSeed(seed),
                1,
                Double.NaN,
                true,
                Optimizer.parse(c.optimizer()),
                c.stepTimesL() / smoothness,
                1_000_000,
                c.stopGap(GAPS[GAPS.length - 1]),
                timeLimit,
                c.waitFor(),
                reference,
                LatencySpec.ofNullable(latency),
                StraggleSpec.parse("none"),
                seed);
    }

    /**
     * Every case, {@code scale.realizations} latency seeds each (on {@link Parallel#threads}
     * threads); a case labelled GD also yields the {@link #MDS} bound of each of its runs.
     */
    static Map<String, List<Trace>> simulate(
            long seed,
            DenseRows data,
            double ref,
            Scale scale,
            List<TrainingCase> cases,
            String latency) {
        double l = smoothness(data, seed);
        List<List<SimulatedRuns.Run>> runs =
                Parallel.realizations(
                        "simulate",
                        cases.size(),
                        scale.realizations(),
                        seed,
                        Parallel.threads(),
                        (k, s) ->
                                SimulatedRuns.runFull(
                                        spec(cases.get(k), latency, ref, l, scale.timeLimit(), s),
                                        data));
        return withMdsBound(
                cases.stream().map(TrainingCase::label).toList(),
                runs,
                cases.get(0).params().workers());
    }

    /**
     * Each curve's traces by label, in order, with the {@link #MDS} bound (re-timed from each GD
     * run, rate {@link #MDS_RATE}) right after the curve labelled GD.
     */
    static Map<String, List<Trace>> withMdsBound(
            List<String> labels, List<List<SimulatedRuns.Run>> runs, int workers) {
        Map<String, List<Trace>> out = new LinkedHashMap<>();
        for (int k = 0; k < labels.size(); k++) {
            List<SimulatedRuns.Run> mine = runs.get(k);
            out.put(labels.get(k), mine.stream().map(SimulatedRuns.Run::trace).toList());
            if (labels.get(k).equals("GD")) {
                out.put(
                        MDS,
                        mine.stream()
                                .map(
                                        r ->
                                                IdealMdsBound.of(
                                                        r.result(), r.trace(), workers, MDS_RATE))
                                .toList());
            }
        }
        return out;
    }

    /** Per realization: simulated seconds to reach {@code gap} (NaN if never). */
    static double[] timeTo(List<Trace> traces, double gap) {
        double[] t = new double[traces.size()];
        for (int r = 0; r < t.length; r++) {
            Trace tr = traces.get(r);
            int i = tr.firstGapAtMost(gap);
            t[r] = i < 0 ? Double.NaN : tr.seconds()[i];
        }
        return t;
    }

    /**
     * Mean time to {@code gap}, NaN unless every realization reached it: its logged gap (the
     * method's own estimate) fell to {@code gap} AND the exact gap of its final model is ≤ {@code
     * gap}. The second condition rejects biased estimates (SGD's rescaled fastest-k sum, SAG w &lt;
     * N's cache that never sees the slow workers' data) that dip below the true gap.
     */
    static double meanTimeTo(List<Trace> traces, double gap, double[] exactFinalGap) {
        double[] t = timeTo(traces, gap);
        for (int r = 0; r < t.length; r++) {
            if (Double.isNaN(t[r]) || exactFinalGap[r] > gap) {
                return Double.NaN;
            }
        }
        return Stats.mean(t);
    }

    /** Exact relative gap of each realization's final model (intercept appended, λ = 1/n). */
    static double[] exactFinalGaps(List<Trace> traces, DenseRows data, double reference) {
        LogisticObjective f =
                new LogisticObjective(List.of(Intercept.append(data).all()), 1.0 / data.rows());
        double[] g = new double[traces.size()];
        for (int r = 0; r < g.length; r++) {
            g[r] = (f.evaluate(traces.get(r).model())[0] - reference) / Math.abs(reference);
        }
        return g;
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        lastScale = Scale.of(scale);
        DenseRows data = data(seed, WORKERS * lastScale.rowsPerWorker());
        reference = reference(data);
        results = simulate(seed, data, reference, lastScale, cases(WORKERS), LATENCY);
        exactGaps = new LinkedHashMap<>();
        for (String label : results.keySet()) {
            exactGaps.put(label, exactFinalGaps(results.get(label), data, reference));
        }
        List<ReproducedNumber> out = new ArrayList<>();
        for (double gap : new double[] {1e-3, 1e-4}) {
            double[] q = pairedRatios("DSAG w=10", "SAG w=N", gap);
            double[] speedup = new double[q.length];
            for (int r = 0; r < q.length; r++) {
                speedup[r] = 100 * (1 - q[r]);
            }
            ReproducedNumber n =
                    ReproducedNumber.measured(
                            String.format(
                                    Locale.ROOT,
                                    "DSAG w=10 speed-up over SAG w=N, time to gap %.0e",
                                    gap),
                            "N = 49, ramp 0.4, p = 10",
                            Stats.mean(speedup),
                            Stats.standardError(speedup),
                            "%",
                            "paper eX3 LR (§VII-B): about 30 % faster for gap ≤ 1e−4; mean over"
                                    + " realizations of the paired speed-up (same latency seed),"
                                    + " s.e. over realizations");
            // The paper's 30 % is stated for gaps of 1e−4 and below only.
            out.add(gap <= 1e-4 ? n.withPaper(30).from(SAG_30) : n);
        }
        double[] gdOverDsag = pairedRatios("GD", "DSAG w=10", 1e-3);
        out.add(
                ReproducedNumber.measured(
                                "GD time / DSAG w=10 time, gap 1e−3",
                                "N = 49, ramp 0.4, p = 10",
                                Stats.mean(gdOverDsag),
                                Stats.standardError(gdOverDsag),
                                "×",
                                "paper (§VII-B): stochastic methods more than 2× faster than GD (a"
                                        + " lower bound, shown as 2); paired per realization")
                        .withPaper(2)
                        .from(TWICE_GD));
        double[] mdsOverGd = pairedRatios(MDS, "GD", 1e-2);
        out.add(
                ReproducedNumber.measured(
                        "ideal MDS (r = 45/49) time / GD time, gap 1e−2",
                        "N = 49, ramp 0.4",
                        Stats.mean(mdsOverGd),
                        Stats.standardError(mdsOverGd),
                        "×",
                        "paper (§VII-B): \"the straggler-resiliency afforded by coding is"
                                + " canceled out by the higher computational load\" (no"
                                + " number); the paper's bound, re-timed from the same GD run:"
                                + " the 45th of 49 workers with computation ×49/45"));
        return out.stream().map(n -> n.deviating(DEVIATION)).toList();
    }

    /** Where the paper states DSAG's advantage over SAG w = N for LR on eX3. */
    static final String SAG_30 =
            "§VII-B, Fig. 8 text: \"about 30% faster than SAG when the suboptimality gap is 10^-4 or"
                    + " lower\"";

    /** Where the paper bounds the stochastic methods' advantage over GD. */
    static final String TWICE_GD =
            "§VII-B, Fig. 8 text: \"more than twice as fast as GD for any suboptimality gap\"";

    /** What every row of this section departs from, with the reason. */
    static final String DEVIATION =
            "19,600 higgs-like rows, not HIGGS's 11·10⁶ (a 2-core machine); latency realizations"
                    + " of the gamma model with the paper's ramp, not 5 runs on eX3; workers 40–49"
                    + " are not released after 1 s (the ramp releases by broadcast count, and"
                    + " SAG's broadcasts are per worker); steps 0.25/L and 1/L, not the paper's"
                    + " η = 0.25 and 1 (our data's scale differs)";

    /**
     * Per realization r: time(a)/time(b) to {@code gap} (same latency seed, so paired); NaN where
     * either did not reach it (see {@link #meanTimeTo}).
     */
    private double[] pairedRatios(String a, String b, double gap) {
        double[] ta = timeTo(results.get(a), gap);
        double[] tb = timeTo(results.get(b), gap);
        double[] ga = exactGaps.get(a);
        double[] gb = exactGaps.get(b);
        double[] q = new double[ta.length];
        for (int r = 0; r < q.length; r++) {
            q[r] = ga[r] > gap || gb[r] > gap ? Double.NaN : ta[r] / tb[r];
        }
        return q;
    }

    private double time(String label, double gap) {
        return meanTimeTo(results.get(label), gap, exactGaps.get(label));
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
                                        "%d in-process workers, higgs-like %d × %d (+ intercept),"
                                                + " λ = 1/n, `--latency %s`, %d realization(s) per"
                                                + " curve, runs stopped after %.0f simulated s (GD"
                                                + " and the gradient code, whose logged gap is"
                                                + " exact, at gap 1e−6 if earlier); step 0.25/L for the stochastic"
                                                + " methods, 1/L for GD",
                                        WORKERS,
                                        WORKERS * lastScale.rowsPerWorker(),
                                        COLS,
                                        LATENCY,
                                        lastScale.realizations(),
                                        lastScale.timeLimit()),
                                "HIGGS 11·10⁶ × 28 on eX3 (N = 49), 5 runs",
                                Setup.LOGGED_GAP_TIMES
                                        + Setup.f(
                                                " \"%s\" is the paper's coded baseline (§VII-A):"
                                                        + " each GD run re-timed with the ⌈rN⌉-th"
                                                        + " fastest worker after computation ×1/r,"
                                                        + " GD's convergence per iteration (no"
                                                        + " wall time of its own); \"coded GD"
                                                        + " cyclic s=3\" is a real gradient code"
                                                        + " (load ×4), for contrast.",
                                                MDS))
                        .markdown());
        sb.append(timeTable());
        sb.append('\n').append(claims());
        return sb.toString();
    }

    private String timeTable() {
        StringBuilder sb = new StringBuilder("| method |");
        for (double g : GAPS) {
            sb.append(String.format(Locale.ROOT, " t(gap %.0e) s |", g));
        }
        sb.append(" iterations | final gap (logged) | final gap (exact) | wall s |\n|---|");
        sb.append("---|".repeat(GAPS.length + 4)).append('\n');
        for (String label : results.keySet()) {
            List<Trace> ts = results.get(label);
            sb.append("| ").append(label).append(" |");
            for (double g : GAPS) {
                double t = time(label, g);
                sb.append(Double.isNaN(t) ? " – |" : String.format(Locale.ROOT, " %.3g |", t));
            }
            double[] its = new double[ts.size()];
            double[] fin = new double[ts.size()];
            double[] wall = new double[ts.size()];
            for (int r = 0; r < ts.size(); r++) {
                Trace t = ts.get(r);
                its[r] = t.iterations();
                fin[r] = t.gap()[t.iterations() - 1];
                wall[r] = t.wallSeconds();
            }
            sb.append(
                    String.format(
                            Locale.ROOT,
                            " %.0f | %.2e | %.2e | %.2f |%n",
                            Stats.mean(its),
                            Stats.mean(fin),
                            Stats.mean(exactGaps.get(label)),
                            Stats.mean(wall)));
        }
        return sb.toString();
    }

    private String claims() {
        List<String> lines = new ArrayList<>();
        double gd3 = time("GD", 1e-3);
        double best3 = Math.min(time("DSAG w=10", 1e-3), time("SAG w=N", 1e-3));
        lines.add(
                mark(
                        gd3 >= 2 * best3,
                        String.format(
                                Locale.ROOT,
                                "a stochastic method is more than 2× faster than GD (gap 1e−3:"
                                        + " GD / best of DSAG, SAG = %.2f)",
                                gd3 / best3)));
        for (double gap : new double[] {1e-3, 1e-4}) {
            double best = Double.POSITIVE_INFINITY;
            String fastest = "none";
            for (String l : results.keySet()) {
                double t = time(l, gap);
                if (t < best) {
                    best = t;
                    fastest = l;
                }
            }
            lines.add(
                    mark(
                            fastest.equals("DSAG w=10"),
                            String.format(
                                    Locale.ROOT,
                                    "DSAG w = 10 is the fastest method to gap %.0e (fastest: %s)",
                                    gap,
                                    fastest)));
            double dsag = time("DSAG w=10", gap);
            double sag = time("SAG w=N", gap);
            lines.add(
                    mark(
                            dsag < sag,
                            String.format(
                                    Locale.ROOT,
                                    "DSAG w = 10 is faster than SAG w = N at gap %.0e (%.0f %%"
                                            + " faster; paper ≈ 30 %% at ≤ 1e−4)",
                                    gap,
                                    100 * (1 - dsag / sag))));
        }
        double coded = time(MDS, 1e-2);
        double cyclic = time("coded GD cyclic s=3", 1e-2);
        double gd2 = time("GD", 1e-2);
        lines.add(
                mark(
                        !(coded < 0.9 * gd2),
                        String.format(
                                Locale.ROOT,
                                "coded computing (the paper's ideal MDS bound, r = 45/49) is no"
                                        + " better than GD (gap 1e−2: coded / GD = %.2f; cyclic"
                                        + " gradient coding s = 3, load ×4: %.2f)",
                                coded / gd2,
                                cyclic / gd2)));
        lines.add(
                mark(
                        Stats.mean(exactGaps.get("SGD k=10")) > 1e-4,
                        String.format(
                                Locale.ROOT,
                                "SGD plateaus (exact final gap %.2e > 1e−4 after %.0f s)",
                                Stats.mean(exactGaps.get("SGD k=10")),
                                lastScale.timeLimit())));
        lines.add(
                mark(
                        Stats.mean(exactGaps.get("SAG w=10"))
                                > 10 * Stats.mean(exactGaps.get("DSAG w=10")),
                        String.format(
                                Locale.ROOT,
                                "SAG with w < N stalls while DSAG w < N converges (exact final"
                                        + " gaps %.2e vs %.2e)",
                                Stats.mean(exactGaps.get("SAG w=10")),
                                Stats.mean(exactGaps.get("DSAG w=10")))));
        StringBuilder sb = new StringBuilder("Claims (digest §6.4, §6.6 items 5 and 7):\n\n");
        for (String l : lines) {
            sb.append("- ").append(l).append('\n');
        }
        return sb.toString();
    }

    private static String mark(boolean holds, String text) {
        return (holds ? "**holds**: " : "**does not hold**: ") + text;
    }
}
