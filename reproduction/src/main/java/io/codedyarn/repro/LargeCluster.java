package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.Reproduction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Learning curves for a cluster far larger than this machine: N = 1,000 in-process workers (the
 * real coordinator and kernels; time from the latency model) training LR on a higgs-like set of 100
 * rows per worker, DSAG (w = 900, p = 1) against GD (uncoded, all N), 3 latency realizations each.
 * The rows are the simulated time to a gap with its standard error over realizations; the wall time
 * the simulation took and the heap in use after it describe this machine, not the method, so they
 * go in the prose (normalised by {@code .ci/golden-reproduce}), never in a row. The partitions are
 * one shared in-memory block per plan partition ({@code InProcessWorkers} copies each once, not per
 * holder), so memory is about twice the dataset plus per-task iterate copies.
 */
public final class LargeCluster implements Reproduction {
    static final int WORKERS = 1000;
    static final String LATENCY = DsagCurves.LATENCY;

    private Map<String, List<Trace>> results = Map.of();
    private Map<String, double[]> exact = Map.of();
    private double heapMb = Double.NaN;
    private double wallSeconds = Double.NaN;
    private DsagCurves.Scale lastScale = scaleOf(1);

    @Override
    public String id() {
        return "large-cluster";
    }

    @Override
    public String title() {
        return "Learning curves at N = 1,000 simulated workers (LR, DSAG vs GD)";
    }

    /** No paper ran this size: the section extends DSAG's LR experiment. */
    @Override
    public List<String> setupDeviations() {
        return List.of(
                "N = 1,000 simulated workers on higgs-like 100,000 × 28, a size no paper ran"
                        + " (the largest is DSAG's N = 100 on AWS): an extension of DSAG's"
                        + " logistic-regression experiment, not a reproduction of one of its"
                        + " figures");
    }

    /**
     * Rows per worker shrink with the scale (at least 10); 3 latency realizations at every scale
     * (at least 2 are needed for a standard error, and the runs are the cheap part at small n).
     */
    static DsagCurves.Scale scaleOf(double scale) {
        return new DsagCurves.Scale(
                REALIZATIONS, Math.max(10, (int) Math.round(100 * scale)), 10.0);
    }

    static final int REALIZATIONS = 3;

    static List<TrainingCase> cases() {
        return List.of(
                new TrainingCase(
                        "DSAG w=900", "dsag", TrainingCase.params(WORKERS, 0, 0, 0, 1), null, 900),
                new TrainingCase(
                        "GD", "uncoded", TrainingCase.params(WORKERS, 0, 0, 0, 0), "gd", 0));
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        lastScale = scaleOf(scale);
        DenseRows data = HiggsLikeLr.data(seed, WORKERS * lastScale.rowsPerWorker());
        double ref = HiggsLikeLr.reference(data);
        long start = System.nanoTime();
        results = DsagCurves.simulate(seed, data, ref, lastScale, cases(), LATENCY);
        wallSeconds = (System.nanoTime() - start) / 1e9;
        exact = new java.util.LinkedHashMap<>();
        for (String l : results.keySet()) {
            exact.put(l, HiggsLikeLr.exactFinalGaps(results.get(l), data, ref));
        }
        Runtime rt = Runtime.getRuntime();
        rt.gc(); // live data only: the traces, the dataset and its partition copies
        heapMb = (rt.totalMemory() - rt.freeMemory()) / 1048576.0;
        List<ReproducedNumber> out = new ArrayList<>();
        String setting =
                String.format(
                        Locale.ROOT,
                        "N = %d, n = %d, d = 28, %d realizations",
                        WORKERS,
                        WORKERS * lastScale.rowsPerWorker(),
                        lastScale.realizations());
        for (String l : results.keySet()) {
            List<Trace> ts = results.get(l);
            double[] t = TimesToGap.timeTo(ts, 1e-2);
            double[] its = new double[ts.size()];
            for (int r = 0; r < its.length; r++) {
                its[r] = ts.get(r).iterations();
            }
            out.add(
                    ReproducedNumber.measured(
                            l + ": simulated s to gap 1e−2",
                            setting,
                            TimesToGap.meanTimeTo(ts, 1e-2, exact.get(l)),
                            Stats.standardError(t),
                            "s",
                            String.format(
                                    Locale.ROOT,
                                    "mean over latency realizations, s.e. over realizations;"
                                            + " %.0f iterations, exact final gap %.2e (means)",
                                    Stats.mean(its),
                                    Stats.mean(exact.get(l)))));
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
                new Setup(
                                Setup.f(
                                        "%d in-process workers, higgs-like %d × 28 (+ intercept),"
                                                + " λ = 1/n, `--latency %s`, %d realizations per"
                                                + " curve, runs stopped after %.0f simulated s",
                                        WORKERS,
                                        WORKERS * lastScale.rowsPerWorker(),
                                        LATENCY,
                                        lastScale.realizations(),
                                        lastScale.timeLimit()),
                                "none at this size (the largest cluster in the DSAG paper is N ="
                                        + " 100 on AWS)",
                                Setup.LOGGED_GAP_TIMES
                                        + " The curves below are the first realization's.")
                        .markdown());
        sb.append(
                String.format(
                        Locale.ROOT,
                        "Cost of the simulation (this machine, not a result). Live heap after the"
                                + " runs: %.0f MiB (the dataset is %.1f MiB). Wall time of all %d"
                                + " runs: %.1f s on this machine.%n%n",
                        heapMb,
                        WORKERS * lastScale.rowsPerWorker() * 29 * 8 / 1048576.0,
                        cases().size() * lastScale.realizations(),
                        wallSeconds));
        sb.append("| log10 gap at t = |");
        double[] ts = {0.5, 1, 2, 5, 10};
        for (double t : ts) {
            sb.append(String.format(Locale.ROOT, " %.3g s |", t));
        }
        sb.append("\n|---|").append("---|".repeat(ts.length)).append('\n');
        for (String l : results.keySet()) {
            Trace tr = results.get(l).get(0);
            sb.append("| ").append(l).append(" |");
            for (double t : ts) {
                double g = tr.at(tr.gap(), t);
                sb.append(
                        Double.isNaN(g) || g <= 0
                                ? " – |"
                                : String.format(Locale.ROOT, " %.2f |", Math.log10(g)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
