package io.codedyarn.repro.placement;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.DynamicClustering;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.scheme.GcDc;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.sim.CodewordAssigner;
import io.codedyarn.placement.sim.Simulation;
import io.codedyarn.placement.sim.TimeSimulator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * GC-DC (Buyukates et al., gc-dc digest §6): mean per-iteration completion time of GC, GC-SC, GC-DC
 * (imperfect and perfect straggler-state information) and the lower bound LB (the P(ℓ−r+1)-th
 * smallest of all K times), T = 400 iterations per run, common random numbers across schemes within
 * a run.
 *
 * <p>Two protocols per setting ({@link GcDcSetting}): the paper's (§VI-B: "averaged over 30
 * independent simulations for a fixed A_cluster"), one membership matrix drawn from the seed and 30
 * runs; and 200 runs with a fresh matrix each, which averages over matrices as well. For Fig. 6 (τ
 * = 1), whose printed gains our 200-run mean misses by about 10 standard errors, {@link #spread}
 * repeats the paper's protocol over many fixed matrices: how far one 30-run, one-matrix figure can
 * land from the mean.
 */
public final class GcDcReproduction implements Reproduction {

    /** Runs with a fresh membership matrix each (at scale 1). */
    static final int FRESH_RUNS = 200;

    /** The paper's runs per fixed matrix (§VI-B). */
    static final int PAPER_RUNS = 30;

    /** Fixed matrices of the Fig. 6 spread (at scale 1), 30 runs each. */
    static final int SPREAD_MATRICES = 16;

    static final int ITERATIONS = 400;

    @Override
    public String id() {
        return "gc-dc";
    }

    @Override
    public String title() {
        return "GC-DC: gradient coding with dynamic clustering (Buyukates et al., IEEE TCOM 2022)";
    }

    /**
     * Per-run mean iteration times of GC, GC-SC, GC-DC imperfect, GC-DC perfect, LB. Run i draws
     * its latencies from seed (latencyBase, i); its membership matrix (and codes) from (seed, i)
     * when {@code fixedMatrix} is null, else from that one seed for every run. Runs go in parallel;
     * each depends only on its seeds and the statistics are added in run order.
     */
    static RunStats[] simulate(
            GcDcSetting st, long seed, long latencyBase, int runs, Long fixedMatrix) {
        double[][] perRun =
                IntStream.range(0, runs)
                        .parallel()
                        .mapToObj(
                                run ->
                                        oneRun(
                                                st,
                                                fixedMatrix != null
                                                        ? fixedMatrix
                                                        : Simulation.runSeed(seed, run),
                                                Simulation.runSeed(latencyBase, run)))
                        .toArray(double[][]::new);
        RunStats[] stats = {
            new RunStats(), new RunStats(), new RunStats(), new RunStats(), new RunStats()
        };
        for (double[] r : perRun) {
            for (int k = 0; k < stats.length; k++) {
                stats[k].add(r[k]);
            }
        }
        return stats;
    }

    private static double[] oneRun(GcDcSetting st, long planSeed, long latencySeed) {
        int iterations = ITERATIONS;
        SchemeParams p =
                SchemeParams.of(st.workers(), st.stragglers(), planSeed)
                        .withClusters(st.clusters())
                        .withMemberships(st.memberships());
        Plan gc =
                Schemes.byName("cyclic")
                        .place(
                                SchemeParams.of(st.workers(), st.stragglers(), planSeed),
                                Seeds.generator(planSeed));
        Plan sc = Schemes.byName("clustered").place(p, Seeds.generator(planSeed));
        Plan dc = Schemes.byName(GcDc.NAME).place(p, Seeds.generator(planSeed));
        DynamicClustering clustering = GcDc.clustering(dc);
        return new double[] {
            meanTime(gc, st.model().apply(latencySeed), null, st, iterations, false),
            meanTime(sc, st.model().apply(latencySeed), null, st, iterations, false),
            meanTime(dc, st.model().apply(latencySeed), clustering, st, iterations, false),
            meanTime(dc, st.model().apply(latencySeed), clustering, st, iterations, true),
            lowerBound(st, st.model().apply(latencySeed), iterations)
        };
    }

    private static double meanTime(
            Plan plan,
            LatencyModel model,
            DynamicClustering clustering,
            GcDcSetting st,
            int iterations,
            boolean perfect) {
        CodewordAssigner assigner =
                clustering == null
                        ? CodewordAssigner.fixed(plan)
                        : dynamic(clustering, model, st.tau());
        TimeSimulator sim = new TimeSimulator(plan, model, assigner, perfect);
        double sum = 0;
        for (int t = 0; t < iterations; t++) {
            sum += sim.step(t).time();
        }
        return sum / iterations;
    }

    /**
     * Homogeneous: Algorithm 1 on the predicted states (previous iteration's, or this one's with
     * perfect SSI). Heterogeneous (τ > 0): Algorithm 1 on the predicted rates, columns sorted by
     * rate, slow iff rate < τ (gc-dc digest §4.3).
     */
    private static CodewordAssigner dynamic(
            DynamicClustering clustering, LatencyModel model, double tau) {
        if (tau <= 0) {
            return state -> {
                boolean[] fast = new boolean[state.slow().length];
                for (int i = 0; i < fast.length; i++) {
                    fast[i] = !state.slow()[i];
                }
                return clustering.assign(fast).codewordOf();
            };
        }
        return state -> clustering.assign(state.rates(), tau).codewordOf();
    }

    /** LB: the P(ℓ−r+1)-th smallest of all K times of load r (gc-dc digest §5 item 4). */
    private static double lowerBound(GcDcSetting st, LatencyModel model, int iterations) {
        int k = st.workers();
        int ell = k / st.clusters();
        int index = st.clusters() * (ell - st.stragglers()) - 1;
        double[] load = new double[k];
        Arrays.fill(load, st.stragglers() + 1);
        double[] times = new double[k];
        double sum = 0;
        for (int t = 0; t < iterations; t++) {
            model.sample(t, load, times);
            double[] sorted = times.clone();
            Arrays.sort(sorted);
            sum += sorted[index];
        }
        return sum / iterations;
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        List<ReproducedNumber> out = new ArrayList<>();
        for (GcDcSetting st : GcDcSetting.all()) {
            out.addAll(rows(st, seed, scale));
        }
        out.addAll(spread(fig6(), seed, scale));
        out.addAll(sharedSwitch(seed, scale));
        return out;
    }

    /** Fig. 6 under eq. (22) read literally (one a_t for all workers), fresh matrices. */
    static List<ReproducedNumber> sharedSwitch(long seed, double scale) {
        List<ReproducedNumber> out = new ArrayList<>();
        int runs = Replications.count(FRESH_RUNS, scale, 8);
        GcDcSetting st = GcDcSetting.fig6SharedSwitch();
        add(
                out,
                st,
                simulate(st, seed, ~seed, runs, null),
                "fresh A_cluster per run",
                runs,
                "eq. (22) read literally: a_{t+1} has no worker index, so every worker resamples"
                        + " in the same iterations (the text: \"each worker re-samples its rate"
                        + " with probability p\"); a fresh membership matrix for every run");
        return out;
    }

    /** The τ = 1 setting (Fig. 6). */
    static GcDcSetting fig6() {
        return GcDcSetting.all().stream()
                .filter(st -> st.figure().equals("Fig. 6"))
                .findFirst()
                .orElseThrow();
    }

    /** The paper's protocol (one fixed matrix, 30 runs) and the fresh-matrix one (200 runs). */
    static List<ReproducedNumber> rows(GcDcSetting st, long seed, double scale) {
        List<ReproducedNumber> out = new ArrayList<>();
        int paperRuns = Replications.count(PAPER_RUNS, scale, 8);
        long matrix = Simulation.runSeed(seed ^ MATRIX_TAG, 0);
        RunStats[] fixed = simulate(st, seed, ~seed, paperRuns, matrix);
        String fixedDeviation =
                st.paperRuns() > 0
                        ? ""
                        : "the paper does not state its runs for "
                                + st.figure()
                                + "; 30 runs with"
                                + " one fixed A_cluster as for Figs. 5–7";
        add(out, st, fixed, "one fixed A_cluster", paperRuns, fixedDeviation);
        int freshRuns = Replications.count(FRESH_RUNS, scale, 8);
        RunStats[] fresh = simulate(st, seed, ~seed, freshRuns, null);
        add(
                out,
                st,
                fresh,
                "fresh A_cluster per run",
                freshRuns,
                "a fresh membership matrix for every run (the paper fixes one): averages over"
                        + " matrices too, for a smaller standard error");
        return out;
    }

    /** Why a one-matrix figure can differ from the paper's one-matrix figure beyond its s.e. */
    static final String ONE_MATRIX =
            ": the s.e. of a one-matrix figure covers its 30 runs, not the draw of the matrix, and"
                    + " the paper's matrix is another (one such figure varies by about 1.4 points"
                    + " between matrices in the Fig. 6 spread rows); the fresh-matrix rows average"
                    + " over matrices";

    /** Why Fig. 6's printed gains are not matched (the spread rows give the numbers). */
    static final String FIG6_GAP =
            ": the paper's figure is one 30-run average over one fixed A_cluster, and with μ ~"
                    + " U[0, 5] (E[1/μ] = ∞) such a figure varies by about 1.4 points between"
                    + " matrices (Fig. 6 spread rows): the printed ≈16 % (imperfect SSI) lies"
                    + " within that spread, the ≈20 % (perfect SSI) hardly; eq. (22) read"
                    + " literally (one a_t for all workers, the last Fig. 6 rows) moves both gains"
                    + " up and within 3 s.e. of the paper's, while the per-worker reading of the"
                    + " text (these rows) does not reach them";

    private static final long MATRIX_TAG = 0x6D617472L; // "matr"

    private static void add(
            List<ReproducedNumber> out,
            GcDcSetting st,
            RunStats[] s,
            String protocol,
            int runs,
            String deviation) {
        String setting =
                String.format(
                        Locale.ROOT,
                        "%s (%s); %s, %d runs × %d iterations",
                        st.name(),
                        st.figure(),
                        protocol,
                        runs,
                        ITERATIONS);
        String times =
                String.format(
                        Locale.ROOT,
                        "mean times GC %.4g, GC-SC %.4g, GC-DC %.4g / %.4g (imperfect/perfect), LB"
                                + " %.4g",
                        s[0].mean(),
                        s[1].mean(),
                        s[2].mean(),
                        s[3].mean(),
                        s[4].mean());
        for (int perfect = 0; perfect <= 1; perfect++) {
            RunStats dc = s[2 + perfect];
            double paper = perfect == 1 ? st.paperPerfect() : st.paperImperfect();
            ReproducedNumber n =
                    ReproducedNumber.measured(
                                    "GC-DC vs GC-SC iteration time ("
                                            + (perfect == 1 ? "perfect" : "imperfect")
                                            + " SSI)",
                                    setting,
                                    -100 * (1 - dc.mean() / s[1].mean()),
                                    100 * RunStats.ratioStandardError(dc, s[1]),
                                    "%",
                                    (perfect == 0
                                                    ? times
                                                    : "ordering LB < GC-DC < GC-SC < GC: "
                                                            + ordered(s))
                                            + st.digestNote())
                            .withDigest(
                                    -(perfect == 1 ? st.digestPerfect() : st.digestImperfect()));
            if (!Double.isNaN(paper)) {
                n = n.withPaper(-paper, 0.5).from(st.source());
                double gap = Math.abs(n.ours() - n.paper());
                if (!n.agreesWithPaper()) {
                    n =
                            n.deviating(
                                    String.format(
                                            Locale.ROOT,
                                            "differs from the paper by %.1f points (%.1f s.e.)%s%s",
                                            gap,
                                            gap / n.standardError(),
                                            protocol.startsWith("one fixed") ? ONE_MATRIX : "",
                                            st.figure().equals("Fig. 6") ? FIG6_GAP : ""));
                }
            }
            out.add(deviation.isEmpty() ? n : n.deviating(deviation));
        }
    }

    /**
     * Fig. 6 under the paper's protocol, repeated over {@link #SPREAD_MATRICES} fixed matrices (30
     * runs each): the mean of the one-matrix figures, the spread of one such figure (sample sd over
     * matrices), and how many of them reach the paper's printed gain.
     */
    static List<ReproducedNumber> spread(GcDcSetting st, long seed, double scale) {
        int matrices = Replications.count(SPREAD_MATRICES, scale, 4);
        int runs = Replications.count(PAPER_RUNS, scale, 8);
        List<ReproducedNumber> out = new ArrayList<>();
        double[][] gain = new double[2][matrices];
        for (int j = 0; j < matrices; j++) {
            long matrix = Simulation.runSeed(seed ^ MATRIX_TAG, j);
            long latency = j == 0 ? ~seed : Simulation.runSeed(~seed, 1000 + j);
            RunStats[] s = simulate(st, seed, latency, runs, matrix);
            for (int perfect = 0; perfect <= 1; perfect++) {
                gain[perfect][j] = -100 * (1 - s[2 + perfect].mean() / s[1].mean());
            }
        }
        for (int perfect = 0; perfect <= 1; perfect++) {
            double paper = -(perfect == 1 ? st.paperPerfect() : st.paperImperfect());
            Replications.Estimate e = Replications.of(gain[perfect]);
            double sd = e.standardError() * Math.sqrt(matrices);
            long reach = Arrays.stream(gain[perfect]).filter(g -> g <= paper + 0.5).count();
            double[] sorted = gain[perfect].clone();
            Arrays.sort(sorted);
            out.add(
                    ReproducedNumber.measured(
                            "Fig. 6 spread: one-matrix 30-run GC-DC vs GC-SC ("
                                    + (perfect == 1 ? "perfect" : "imperfect")
                                    + " SSI), mean over matrices",
                            String.format(
                                    Locale.ROOT,
                                    "%s; %d fixed A_cluster × %d runs",
                                    st.name(),
                                    matrices,
                                    runs),
                            e.mean(),
                            e.standardError(),
                            "%",
                            String.format(
                                    Locale.ROOT,
                                    "one such figure (the paper's protocol) has sd %.2f points"
                                            + " between matrices (range %.1f to %.1f); %d of %d"
                                            + " reach the paper's %.0f %% (±0.5)",
                                    sd,
                                    sorted[0],
                                    sorted[matrices - 1],
                                    reach,
                                    matrices,
                                    paper)));
        }
        return out;
    }

    private static boolean ordered(RunStats[] s) {
        return s[4].mean() < s[3].mean()
                && s[3].mean() <= s[2].mean()
                && s[2].mean() < s[1].mean()
                && s[1].mean() < s[0].mean();
    }
}
