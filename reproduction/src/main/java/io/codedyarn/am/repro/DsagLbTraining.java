package io.codedyarn.am.repro;

import io.codedyarn.coordinator.BalanceSchedule;
import io.codedyarn.coordinator.TrainSpec;
import io.codedyarn.hdfs.generate.GenotypeGenerator;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.repro.ReproducedNumber;
import io.codedyarn.placement.repro.Reproduction;
import io.codedyarn.worker.data.DenseRows;
import io.codedyarn.worker.task.Workload;
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
 * p = 100 subpartitions (2 rows each), LR p = 10; 2–3 latency realizations instead of 5 runs; the
 * release of workers 40–49 after 1 s is left out (the ramp model releases by iteration, and the
 * methods' iterations differ 10-fold in length).
 *
 * <p>Recorded run (seed 1, scale 0.5 = 2 realizations, ≈ 25 min on a loaded 2-core machine; not run
 * at scale 1): LR, time to exact gap 1e−4: DSAG-LB 15.9 s vs DSAG 18.8 s (15.3 ± 0.05 % faster;
 * paper ≈ 30–40 % at 1e−6 and below), SAG w = N 26.3 s, GD and the MDS bound never (3.99e−4 after
 * 30 s); SAG-LB w = 10 reaches 9.2e−6 where SAG w = 10 stalls at 1.2e−3 (the paper: balancing makes
 * SAG's participation more uniform); SGD stalls at 4.1e−2. PCA, time to 1e−3: DSAG 57.1 s, DSAG-LB
 * 49.5 s, SAG w = 10 148 s, GD 154 s, MDS bound 150 s, SAG w = N 225 s; only DSAG without balancing
 * gets below 1e−5 (7.1e−6), the balanced runs stop early (see {@link #headlineGap}).
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
            double[] gaps) {}

    /** eX3 LR (Table I): computation ≈ 2·10⁻³ s per subpartition of p = 10, comm ≈ 2·10⁻⁵ s. */
    static final Problem LR =
            new Problem(
                    "LR",
                    Workload.LR,
                    400,
                    DsagTraining.COLS,
                    10,
                    DsagTraining.LATENCY,
                    DsagTraining.STOCHASTIC_STEP,
                    0.5,
                    30.0,
                    new double[] {1e-3, 1e-4, 1e-6, 1e-8});

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
                    new double[] {1e-3, 1e-4, 1e-6, 1e-8});

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
                ? DsagTraining.data(seed, rows)
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
                c.optimizer(),
                lr && !Double.isNaN(c.stepTimesL()) ? c.stepTimesL() / smoothness : Double.NaN,
                1_000_000,
                p.gaps()[p.gaps().length - 1],
                p.timeLimit(),
                c.waitFor(),
                reference,
                p.latency(),
                "none",
                seed);
    }

    /** Every curve of {@code p}, {@code realizations} latency seeds each, plus the MDS bound. */
    static Map<String, List<Trace>> simulate(
            Problem p, long seed, DenseRows data, double ref, int realizations, int workers) {
        double l = p.workload() == Workload.LR ? DsagTraining.smoothness(data, seed) : Double.NaN;
        BalanceSchedule schedule = BalanceSchedule.period(p.balancePeriod());
        Map<String, List<Trace>> out = new LinkedHashMap<>();
        for (Curve cv : curves(p, workers)) {
            List<Trace> traces = new ArrayList<>();
            List<Trace> mds = new ArrayList<>();
            for (int r = 0; r < realizations; r++) {
                long s = Seeds.generator(seed ^ (2000L + r)).nextLong();
                SimulatedRuns.Run run =
                        SimulatedRuns.runFull(
                                spec(p, cv.c(), ref, l, s), data, cv.balance(), schedule);
                traces.add(run.trace());
                if (cv.label().equals("GD")) {
                    mds.add(
                            IdealMdsBound.of(
                                    run.result(), run.trace(), workers, DsagTraining.MDS_RATE));
                }
            }
            out.put(cv.label(), traces);
            if (!mds.isEmpty()) {
                out.put(DsagTraining.MDS, mds);
            }
        }
        return out;
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
     * model's exact gap is also ≤ {@code gap} (as {@link DsagTraining#meanTimeTo}).
     */
    static double[] timeTo(Problem p, List<Trace> traces, double ref, double gap) {
        double[] t = DsagTraining.timeTo(traces, gap);
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
     * The headline gap per workload: one every DSAG curve reached at our sizes (the paper's LR
     * claim is at 1e−6 to 1e−12). PCA: 1e−3, because the runs stop when the LOGGED gap reaches the
     * last target, and DSAG-LB's and SAG-LB's logged PCA estimates turn negative after cache
     * invalidations (seed 1, scale 0.5: exact final gaps 8.2e−4 and 3.8e−3 when they stopped).
     */
    static double headlineGap(Problem p) {
        return p.workload() == Workload.PCA ? 1e-3 : 1e-4;
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

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        realizations = Math.max(2, (int) Math.round(3 * scale));
        results.clear();
        List<ReproducedNumber> out = new ArrayList<>();
        for (Problem p : List.of(LR, PCA)) {
            DenseRows data = data(p, seed, WORKERS);
            double ref =
                    p.workload() == Workload.LR
                            ? DsagTraining.reference(data)
                            : io.codedyarn.coordinator.simulated.Reference.compute(
                                    Workload.PCA, data, false, 0, 3);
            Map<String, List<Trace>> res = simulate(p, seed, data, ref, realizations, WORKERS);
            results.put(p, res);
            references.put(p, ref);
            double gap = headlineGap(p);
            double[] q = pairedRatios(p, res, ref, "DSAG-LB w=10", "DSAG w=10", gap);
            double[] speedup = new double[q.length];
            for (int r = 0; r < q.length; r++) {
                speedup[r] = 100 * (1 - q[r]);
            }
            boolean lr = p.workload() == Workload.LR;
            out.add(
                    new ReproducedNumber(
                            String.format(
                                    Locale.ROOT,
                                    "DSAG-LB w=10 speed-up over DSAG w=10, time to gap %.0e, %s",
                                    gap,
                                    p.name()),
                            "N = 49, ramp 0.4, p = " + p.subpartitions(),
                            Stats.mean(speedup),
                            lr ? 30 : 0,
                            Double.NaN,
                            Stats.standardError(speedup),
                            "%",
                            lr
                                    ? "paper eX3 LR (§VII-B): load balancing gives about 30–40 %"
                                            + " lower latency for gaps 1e−6 to 1e−12 (lower end"
                                            + " shown); ours at 1e−4, which DSAG reaches in the"
                                            + " 30 s budget at our size; paired per latency seed"
                                    : "paper eX3 PCA (§VII-B): \"load-balancing does not result"
                                            + " in a speedup for PCA\" (shown as 0); ours at 1e−3:"
                                            + " the LB runs stop early on a biased logged gap (see"
                                            + " the table's exact column); paired per latency"
                                            + " seed"));
        }
        return out;
    }

    @Override
    public String extraMarkdown(long seed) {
        if (results.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(
                String.format(
                        Locale.ROOT,
                        "Setup: %d in-process workers, w = %d; LR on higgs-like %d × %d (+"
                                + " intercept, λ = 1/n, p = %d, step 0.25/L for SGD, SAG, DSAG),"
                                + " PCA k = 3 on genotype-like %d × %d at density 5 %% (p = %d,"
                                + " the coordinator's power-method step); %d latency"
                                + " realization(s) per curve; balancer period %.1f s (LR) and"
                                + " %.0f s (PCA). Paper: HIGGS 11·10⁶ × 28 and 1000 Genomes"
                                + " 81·10⁶ × 2504 on eX3, 5 runs. Times are simulated seconds"
                                + " until the logged gap reaches the target (mean over"
                                + " realizations; – if one missed it, or if the exact gap of its"
                                + " final model, evaluated once by the coordinator, is above"
                                + " the target: the logged gaps of SGD, SAG w < N and DSAG are"
                                + " the methods' own estimates and can be negative).%n%n",
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
                        PCA.balancePeriod()));
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
