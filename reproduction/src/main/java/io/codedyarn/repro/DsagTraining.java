package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.Reproduction;
import java.util.ArrayList;
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
 *
 * <p>This class makes the rows; the run grid is {@link DsagCurves}, the LR problem {@link
 * HiggsLikeLr}, the times to a gap {@link TimesToGap} and the tables and claims {@link
 * DsagTrainingReport}.
 */
public final class DsagTraining implements Reproduction {
    private TimesToGap times = new TimesToGap(Map.of(), Map.of());
    private DsagCurves.Scale lastScale = DsagCurves.Scale.of(1);

    @Override
    public String id() {
        return "dsag-training";
    }

    @Override
    public String title() {
        return "DSAG vs SAG, SGD, GD and coded GD trained on the simulated cluster (N = 49, LR)";
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        lastScale = DsagCurves.Scale.of(scale);
        DenseRows data = HiggsLikeLr.data(seed, DsagCurves.WORKERS * lastScale.rowsPerWorker());
        double reference = HiggsLikeLr.reference(data);
        times =
                TimesToGap.of(
                        DsagCurves.simulate(
                                seed,
                                data,
                                reference,
                                lastScale,
                                DsagCurves.cases(DsagCurves.WORKERS),
                                DsagCurves.LATENCY),
                        data,
                        reference);
        List<ReproducedNumber> out = new ArrayList<>();
        for (double gap : new double[] {1e-3, 1e-4}) {
            double[] q = times.pairedRatios("DSAG w=10", "SAG w=N", gap);
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
            out.add(gap <= 1e-4 ? n.withPaper(30, 5).from(SAG_30) : n);
        }
        double[] gdOverDsag = times.pairedRatios("GD", "DSAG w=10", 1e-3);
        out.add(
                ReproducedNumber.measured(
                                "GD time / DSAG w=10 time, gap 1e−3",
                                "N = 49, ramp 0.4, p = 10",
                                Stats.mean(gdOverDsag),
                                Stats.standardError(gdOverDsag),
                                "×",
                                "paper (§VII-B): stochastic methods more than 2× faster than GD (a"
                                        + " lower bound, shown as 2); paired per realization")
                        .withPaperAtLeast(2, 0)
                        .from(TWICE_GD));
        double[] mdsOverGd = times.pairedRatios(DsagCurves.MDS, "GD", 1e-2);
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

    @Override
    public String extraMarkdown(long seed) {
        if (times.traces().isEmpty()) {
            return "";
        }
        return new DsagTrainingReport(times, lastScale).markdown();
    }
}
