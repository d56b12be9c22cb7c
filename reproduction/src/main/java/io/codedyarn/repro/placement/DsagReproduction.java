package io.codedyarn.repro.placement;

import io.codedyarn.placement.loadbalance.EventDrivenSimulator;
import io.codedyarn.repro.placement.Replications.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * DSAG's time-related headline numbers (digest {@code shared/notes/dsag.md} §3.2, §5.3, §6.6 items
 * 2 and 4), recomputed with {@link EventDrivenSimulator}, the latency profiler and the load
 * balancer. The paper's traces are not public, so the clusters are drawn from documented
 * distributions; the claims reproduced are relations (who underestimates, by how much the balanced
 * system is faster), not the paper's absolute seconds.
 *
 * <ol>
 *   <li>Fig. 6, N = 72: mean iteration latency over 100-iteration jobs from the event-driven model
 *       vs the one-shot E[w-th order statistic] of §IV-A, for w = 9 and w = N. For w = N the two
 *       are the same random variable (every worker idle at each start, latency = max_i X_i), so
 *       their ratio validates the one-shot estimator against the simulator; for w = 9 the one-shot
 *       model ignores workers still busy from earlier iterations and underestimates.
 *   <li>Fig. 7, N = w = 8: {@link DsagLoadBalanceScenario}, unbalanced/balanced latency over the
 *       last 20 of 120 iterations.
 * </ol>
 *
 * Standard errors come from independent replications (batch means): R event-driven jobs, R one-shot
 * batches of 100 rounds, R closed-loop scenarios; ratios use the delta method (paired for the
 * closed loop, whose two arms share their draws).
 *
 * <p>Seed 1, scale 1 (≈ 5 s): w = 9: 0.01429 s event-driven vs 0.01283 s one-shot, ratio 1.114 ±
 * 0.0002; w = 72: 0.01981 vs 0.01980 s, ratio 1.0008 ± 0.0004; Fig. 7 (the paper's protocol,
 * headline free values, ≈ 66 s with the sensitivity table): 0.577 s unbalanced vs 0.315 s balanced
 * over iterations 101–120, ratio 1.835 ± 0.009 (1.96 over 111–120), below the paper's "> 2".
 */
public final class DsagReproduction implements Reproduction {
    /** Fig. 6: N = 72 workers, jobs of 100 iterations, w = 9 and w = N. */
    static final int N = 72;

    static final int W_SMALL = 9;
    static final int JOB = 100;
    static final int ONE_SHOT_BATCH = 100;

    /** Table I, AWS PCA: computation 1.3–1.6·10⁻² s, communication 1.5·10⁻⁴–10⁻³ s. */
    static final double COMP = 0.0145;

    static final double COMP_CV = 0.1;
    static final double COMM_LO = 1.5e-4;
    static final double COMM_HI = 1e-3;

    private static final int JOBS = 400;
    private static final int SCENARIOS = 60;

    private String lastTable = "";
    private long lastSeed;
    private int lastReps = SCENARIOS;

    @Override
    public String id() {
        return "dsag";
    }

    @Override
    public String title() {
        return "DSAG (Severinson, Rosnes, El Rouayheb, Graell i Amat, IEEE Trans. Commun. 2023)";
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        List<ReproducedNumber> out = new ArrayList<>();
        List<ReproducedNumber> fig6 = new ArrayList<>();
        predictionNumbers(seed, Replications.count(JOBS, scale, 20), fig6);
        fig6.forEach(n -> out.add(n.deviating(FIG6_CLUSTER)));
        loadBalanceNumbers(seed, Replications.count(SCENARIOS, scale, 10), out);
        return out;
    }

    /** The N = 72 cluster of item 1: per-worker gamma moments drawn once per seed. */
    static EventDrivenSimulator fig6Cluster(long seed) {
        RandomGenerator rng = Replications.stream(seed, 100);
        double[] ym = new double[N];
        double[] yv = new double[N];
        double[] zm = new double[N];
        double[] zv = new double[N];
        double kappa = COMP_CV * COMP_CV * COMP; // variance ∝ mean (Fig. 1): v_Z = κ·e_Z
        for (int i = 0; i < N; i++) {
            zm[i] = COMP * rng.nextDouble(0.9, 1.1);
            zv[i] = kappa * zm[i];
            ym[i] = rng.nextDouble(COMM_LO, COMM_HI);
            yv[i] = ym[i] * ym[i];
        }
        return new EventDrivenSimulator(ym, yv, zm, zv);
    }

    private void predictionNumbers(long seed, int reps, List<ReproducedNumber> out) {
        EventDrivenSimulator sim = fig6Cluster(seed);
        String cluster =
                String.format(
                        Locale.ROOT,
                        "per-worker gamma, e_Z ~ %.4g·U[0.9,1.1] s with v_Z = %.2g²·%.4g·e_Z"
                                + " (variance ∝ mean, Fig. 1), e_Y ~ U[%.2g, %.2g] s with"
                                + " v_Y = e_Y²; drawn once per seed (the paper's AWS traces are"
                                + " not public; ranges from Table I, AWS PCA, whose load ≈ Fig."
                                + " 6's c = 7.575e6)",
                        COMP,
                        COMP_CV,
                        COMP,
                        COMM_LO,
                        COMM_HI);
        int[] ws = {W_SMALL, N};
        for (int k = 0; k < ws.length; k++) {
            int w = ws[k];
            RandomGenerator evRng = Replications.stream(seed, 101 + 2L * k);
            RandomGenerator osRng = Replications.stream(seed, 102 + 2L * k);
            double[] ev = new double[reps];
            double[] os = new double[reps];
            for (int r = 0; r < reps; r++) {
                ev[r] = sim.run(JOB, w, evRng).meanLatency();
                os[r] = sim.oneShotOrderStatistic(w, ONE_SHOT_BATCH, osRng);
            }
            Estimate e = Replications.of(ev);
            Estimate o = Replications.of(os);
            Estimate q = Replications.ratioIndependent(e, o);
            String setting = String.format(Locale.ROOT, "N=%d, w=%d", N, w);
            out.add(
                    ReproducedNumber.measured(
                            "Fig. 6: event-driven mean iteration latency",
                            setting,
                            e.mean(),
                            e.standardError(),
                            "s",
                            String.format(
                                    Locale.ROOT,
                                    "T^(100)/100 of %d independent %d-iteration jobs from an"
                                            + " all-idle start, 2%% grace; %s",
                                    reps,
                                    JOB,
                                    cluster)));
            out.add(
                    ReproducedNumber.measured(
                            "Fig. 6: one-shot E[w-th order statistic] (§IV-A)",
                            setting,
                            o.mean(),
                            o.standardError(),
                            "s",
                            String.format(
                                    Locale.ROOT,
                                    "Monte Carlo + Quickselect, %d batches of %d rounds, same"
                                            + " cluster",
                                    reps,
                                    ONE_SHOT_BATCH)));
            out.add(
                    ReproducedNumber.measured(
                            "Fig. 6: event-driven / one-shot",
                            setting,
                            q.mean(),
                            q.standardError(),
                            "",
                            w < N
                                    ? "paper: the one-shot model underestimates for w = 9"
                                            + " (workers stay busy across iterations); no"
                                            + " value given, and ours depends on the assumed"
                                            + " variability (comp CV 0.1). Delta-method s.e."
                                    : "paper: both models accurate for w = N; here the same"
                                            + " random variable (max_i X_i), so this checks"
                                            + " the one-shot estimator against the"
                                            + " simulator: expected 1"));
        }
    }

    /** Iteration windows [from, to) of the Fig. 7 table, 0-based; the last is the headline. */
    static int[][] windows(int iterations) {
        return new int[][] {
            {0, DsagLoadBalanceScenario.SLOW_AFTER},
            {DsagLoadBalanceScenario.SLOW_AFTER, DsagLoadBalanceScenario.FAST_AFTER},
            {DsagLoadBalanceScenario.FAST_AFTER, iterations},
            {iterations - 10, iterations},
            {iterations - DsagLoadBalanceScenario.LAST, iterations}
        };
    }

    static final int[][] WINDOWS = windows(DsagLoadBalanceScenario.Params.headline().iterations());

    /** Per replication r and window k: mean latency with and without balancing. */
    record Fig7(double[][] balanced, double[][] unbalanced, double[] rebalances) {
        Estimate balanced(int k) {
            return Replications.of(balanced[k]);
        }

        Estimate unbalanced(int k) {
            return Replications.of(unbalanced[k]);
        }

        /** unbalanced/balanced in window k, paired. */
        Estimate ratio(int k) {
            return Replications.ratioPaired(unbalanced[k], balanced[k]);
        }

        /** unbalanced/balanced over the final 20 iterations (the paper's claim). */
        Estimate headlineRatio() {
            return ratio(unbalanced.length - 1);
        }
    }

    /** {@code reps} independent closed-loop replications of the Fig. 7 scenario. */
    static Fig7 fig7(long seed, int reps, DsagLoadBalanceScenario.Params params) {
        int[][] windows = windows(params.iterations());
        double[][] bal = new double[windows.length][reps];
        double[][] unb = new double[windows.length][reps];
        double[] rebalances = new double[reps];
        for (int r = 0; r < reps; r++) {
            DsagLoadBalanceScenario.Outcome o =
                    new DsagLoadBalanceScenario(seed * 1_000_003L + r, params).run();
            for (int k = 0; k < windows.length; k++) {
                int a = windows[k][0];
                int b = windows[k][1];
                bal[k][r] = DsagLoadBalanceScenario.mean(o.balanced(), a, b);
                unb[k][r] = DsagLoadBalanceScenario.mean(o.unbalanced(), a, b);
            }
            rebalances[r] = o.rebalances();
        }
        return new Fig7(bal, unb, rebalances);
    }

    static Fig7 fig7(long seed, int reps) {
        return fig7(seed, reps, DsagLoadBalanceScenario.Params.headline());
    }

    /** Fig. 6's cluster is a model of the paper's: its recorded AWS traces are not published. */
    static final String FIG6_CLUSTER =
            "per-worker latency moments drawn from Table I's AWS PCA ranges with an assumed"
                    + " computation CV of 0.1, not the paper's recorded AWS traces (not published)";

    /** Where the paper states its Fig. 7 number. */
    static final String FIG7_CAPTION =
            "Fig. 7 caption: \"For the final 20 iterations, the overall latency of the unbalanced"
                    + " system is more than twice that of the system with load-balancing\"";

    /** Fig. 7's cluster is ours: the paper's AWS workers' latencies are not published. */
    static final String FIG7_CLUSTER =
            "a simulated 8-worker cluster (gamma latencies, ±10 % per-worker spread), not the"
                    + " paper's AWS workers, whose latencies are not published";

    private void loadBalanceNumbers(long seed, int reps, List<ReproducedNumber> out) {
        DsagLoadBalanceScenario.Params hp = DsagLoadBalanceScenario.Params.headline();
        Fig7 f = fig7(seed, reps, hp);
        int last = WINDOWS.length - 1;
        Estimate b = f.balanced(last);
        Estimate u = f.unbalanced(last);
        Estimate q = f.ratio(last);
        String setting =
                String.format(
                        Locale.ROOT,
                        "N=w=8, p0=20, 3 workers comp ×%.0f after it. 40, 3 others ×1/%.0f after"
                                + " it. 90, e_Z = %.2f s at p0, optimizer D = %.1f s",
                        hp.factor(),
                        hp.factor(),
                        hp.iterationSeconds(),
                        hp.optimizerSeconds());
        String how =
                String.format(
                        Locale.ROOT,
                        "mean latency of iterations %d–%d, over %d closed-loop replications"
                                + " (cluster: e_Z·U[0.9,1.1] per worker at p0, comp CV 0.1, e_Y ="
                                + " 0.1·e_Z·U[0.5,1.5]; changed workers and draws re-drawn per"
                                + " replication; both arms share their draws); the paper's"
                                + " protocol: profiler 10 s window (10–90%% trimming, 10 samples),"
                                + " optimizer restarted whenever it finishes, publishes only at"
                                + " ≥ 10%% improvement",
                        hp.iterations() - DsagLoadBalanceScenario.LAST + 1,
                        hp.iterations(),
                        reps);
        out.add(
                ReproducedNumber.measured(
                                "Fig. 7: iteration latency with load balancing, last 20 iterations",
                                setting,
                                b.mean(),
                                b.standardError(),
                                "s",
                                how)
                        .deviating(FIG7_CLUSTER));
        out.add(
                ReproducedNumber.measured(
                                "Fig. 7: iteration latency without load balancing, last 20 iterations",
                                setting,
                                u.mean(),
                                u.standardError(),
                                "s",
                                how)
                        .deviating(FIG7_CLUSTER));
        ReproducedNumber ratio =
                ReproducedNumber.measured(
                                "Fig. 7: unbalanced / balanced latency, last 20 iterations (paper: > 2)",
                                setting,
                                q.mean(),
                                q.standardError(),
                                "",
                                "ratio of the two means, paired delta-method s.e.; the paper's"
                                        + " \"more than twice\" is a lower bound, shown as 2")
                        .withPaperAtLeast(2.0, 0)
                        .from(FIG7_CAPTION)
                        .withDigest(2.0);
        out.add(
                ratio.deviating(
                                String.format(
                                        Locale.ROOT,
                                        "the paper fixes neither the slow-down factor, the"
                                                + " iteration time nor the optimizer's run time;"
                                                + " ours are factor %.0f, e_Z = %.2f s, D = %.1f s"
                                                + " (chosen and varied in the sensitivity table"
                                                + " below), at which ours %s; ≥ 2 is reached at"
                                                + " factor 3 with e_Z = 0.1–0.25 s, or factor 2 at"
                                                + " e_Z = 0.4 s",
                                        hp.factor(),
                                        hp.iterationSeconds(),
                                        hp.optimizerSeconds(),
                                        ratio.agreesWithPaper()
                                                ? "meets the bound"
                                                : "is below the bound"))
                        .deviating(FIG7_CLUSTER));
        lastSeed = seed;
        lastTable = table(f, reps);
        lastReps = reps;
    }

    private static String table(Fig7 f, int reps) {
        StringBuilder sb = new StringBuilder();
        sb.append(
                String.format(
                        Locale.ROOT,
                        "DSAG Fig. 7 scenario, mean iteration latency per window (s, mean ± s.e."
                                + " over %d replications; %.1f re-partitionings published per"
                                + " run on average):%n%n",
                        reps,
                        Replications.of(f.rebalances()).mean()));
        sb.append("| iterations | balanced | unbalanced | unbalanced / balanced |\n");
        sb.append("|---|---|---|---|\n");
        for (int k = 0; k < WINDOWS.length; k++) {
            Estimate b = f.balanced(k);
            Estimate u = f.unbalanced(k);
            Estimate q = f.ratio(k);
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "| %d–%d | %.4f ± %.4f | %.4f ± %.4f | %.3f ± %.3f |%n",
                            WINDOWS[k][0] + 1,
                            WINDOWS[k][1],
                            b.mean(),
                            b.standardError(),
                            u.mean(),
                            u.standardError(),
                            q.mean(),
                            q.standardError()));
        }
        return sb.toString();
    }

    /**
     * The per-window table of the last {@link #run} with this seed (at its scale; computed at scale
     * 1 when there was none) and the sensitivity table over the values the paper leaves open
     * ({@link DsagFig7Sensitivity}, computed here: it is the slow part).
     */
    @Override
    public String extraMarkdown(long seed) {
        if (lastTable.isEmpty() || lastSeed != seed) {
            loadBalanceNumbers(seed, SCENARIOS, new ArrayList<>());
        }
        return lastTable + "\n" + DsagFig7Sensitivity.table(seed, lastReps);
    }
}
