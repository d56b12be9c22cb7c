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
 * TrainingCase#stopGap}). The (8 LR + 10 PCA curves) × realizations runs are independent and run on
 * one thread per core ({@link Parallel}): at scale 1 (5 realizations), under 20 minutes on this
 * 2-core machine (docs/reproduction-dsag-lb-full.md has the time), about a minute on 16 cores
 * ({@code .ci/device-dsag-lb}).
 *
 * <p>Measured at scale 1, seed 1 (docs/reproduction-dsag-lb-full.md): LR, time to 1e−4: DSAG-LB
 * 15.9 s vs DSAG 18.8 s (15.4 ± 0.3 % faster; at the paper's acceptance 0.9, 15.3 ± 0.4 %); PCA:
 * DSAG-LB reaches every gap to 1e−8 (147 s vs DSAG's 151 s; exact final gap 8.9e−12), −2.2 ± 0.7 %
 * at 1e−4, the same at 0.9 (the runs were identical: no solution's ratio fell between the two
 * thresholds) and at the paper's η = 0.9 (XᵀX's eigenvalues dwarf the (1 − η)V term). Before the
 * balancer's fix (issue 28 §3) DSAG-LB PCA stopped at an exact 1.1e−6.
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

    /** The label of DSAG-LB at the paper's acceptance threshold (its "e.g., 10 %", §VI). */
    static final String DSAG_LB_PAPER_ACCEPTANCE = "DSAG-LB w=10, accept 0.9";

    /** The paper's example threshold: publish a re-cut that is 10 % better (§VI). */
    static final double PAPER_ACCEPTANCE = 0.9;

    /** The paper's PCA step for SGD, SAG and DSAG (§VII; ours is the power method's η = 1). */
    static final double PAPER_PCA_STEP = 0.9;

    /** DSAG and DSAG-LB at the paper's PCA step: the PCA-only curves of the η sensitivity. */
    static final String DSAG_PAPER_STEP = "DSAG w=10, η=0.9";

    static final String DSAG_LB_PAPER_STEP = "DSAG-LB w=10, η=0.9";

    /**
     * A curve: the case, whether the coordinator balances it, and the balancer's acceptance
     * threshold (the default's, except for the sensitivity curve at the paper's 0.9).
     */
    record Curve(TrainingCase c, boolean balance, double acceptance) {
        Curve(TrainingCase c, boolean balance) {
            this(c, balance, BalanceSchedule.DEFAULT_ACCEPTANCE);
        }

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
        Curve paper = curve(DSAG_LB_PAPER_ACCEPTANCE, "dsag", workers, sub, W, step, true);
        out.add(new Curve(paper.c(), true, PAPER_ACCEPTANCE));
        if (p.workload() == Workload.PCA) {
            // for PCA the case's step is η itself (spec)
            out.add(curve(DSAG_PAPER_STEP, "dsag", workers, sub, W, PAPER_PCA_STEP, false));
            out.add(curve(DSAG_LB_PAPER_STEP, "dsag", workers, sub, W, PAPER_PCA_STEP, true));
        }
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
                // LR: a multiple of 1/L; PCA: η itself (NaN: the power method's η = 1)
                lr && !Double.isNaN(c.stepTimesL())
                        ? c.stepTimesL() / smoothness
                        : lr ? Double.NaN : c.stepTimesL(),
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
                                        schedule.withAcceptance(curves.get(k).acceptance())));
        return DsagCurves.withMdsBound(curves.stream().map(Curve::label).toList(), runs, workers);
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

    /** The parameters the paper leaves open or sets otherwise, as chosen here. */
    @Override
    public List<String> setupDeviations() {
        return List.of(
                "the load balancer publishes a new partition only when it improves the"
                        + " objective of eq. (4) by "
                        + DsagLbTrainingReport.improvement(BalanceSchedule.DEFAULT_ACCEPTANCE)
                        + " (acceptance threshold "
                        + BalanceSchedule.DEFAULT_ACCEPTANCE
                        + ", the balancer's default, coded-yarn.dsag.load-balance.acceptance):"
                        + " the paper's §VI"
                        + " says only \"e.g., 10 %\" (0.9, the value of its Fig. 7 and of our"
                        + " DSAG section's Fig. 7 rows); the curve \""
                        + DSAG_LB_PAPER_ACCEPTANCE
                        + "\" and its rows measure the headline at 0.9",
                "PCA: step η = 1 for SGD, SAG and DSAG (the coordinator's power-method step), not"
                        + " the paper's η = 0.9, except in the curves \""
                        + DSAG_PAPER_STEP
                        + "\" and \""
                        + DSAG_LB_PAPER_STEP
                        + "\", whose row measures the PCA headline at η = 0.9");
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
            // a row per balanced DSAG curve, against DSAG at the same step
            for (Curve c : curves(p, workers)) {
                if (c.balance() && c.label().startsWith("DSAG-LB")) {
                    String base =
                            c.label().equals(DSAG_LB_PAPER_STEP) ? DSAG_PAPER_STEP : "DSAG w=10";
                    out.add(
                            DsagLbTrainingReport.headline(
                                    p, workers, res, ref, c.label(), base, c.acceptance()));
                }
            }
        }
        return out;
    }

    @Override
    public String extraMarkdown(long seed) {
        if (results.isEmpty()) {
            return "";
        }
        return DsagLbTrainingReport.markdown(results, references, realizations);
    }
}
