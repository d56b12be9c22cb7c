package io.codedyarn.placement.repro;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.DynamicClustering;
import io.codedyarn.placement.latency.GilbertElliot;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.TimeVaryingRates;
import io.codedyarn.placement.scheme.GcDc;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.sim.CodewordAssigner;
import io.codedyarn.placement.sim.Simulation;
import io.codedyarn.placement.sim.TimeSimulator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;

/**
 * GC-DC (Buyukates et al., gc-dc digest §6): mean per-iteration completion time of GC, GC-SC, GC-DC
 * (imperfect and perfect straggler-state information) and the lower bound LB (the P(ℓ−r+1)-th
 * smallest of all K times), T iterations per run, a fresh placement (membership matrix) per run,
 * common random numbers across schemes within a run.
 */
public final class GcDcReproduction implements Reproduction {

    /** One setting: K workers, P clusters, r = s+1, n memberships, a latency model, τ (hetero). */
    record Setting(
            String name,
            int workers,
            int clusters,
            int stragglers,
            int memberships,
            LongFunction<LatencyModel> model,
            double tau,
            double paperImperfect,
            double paperPerfect,
            double digestImperfect,
            double digestPerfect,
            String digestNote) {}

    static List<Setting> settings() {
        return List.of(
                new Setting(
                        "homogeneous GE, K=20, P=5, r=3, n=3",
                        20,
                        5,
                        2,
                        3,
                        seed ->
                                GilbertElliot.homogeneous(
                                        20, 0.05, 0.01, 0.1, 10, Seeds.generator(seed)),
                        0,
                        34,
                        45,
                        35.2,
                        46.6,
                        ""),
                new Setting(
                        "homogeneous GE, K=12, P=4, r=2, n=2",
                        12,
                        4,
                        1,
                        2,
                        seed ->
                                GilbertElliot.homogeneous(
                                        12, 0.05, 0.01, 0.1, 10, Seeds.generator(seed)),
                        0,
                        Double.NaN,
                        Double.NaN,
                        10.9,
                        13.7,
                        ""),
                new Setting(
                        "heterogeneous GE τ=0.5, K=20, P=5, r=3, n=3",
                        20,
                        5,
                        2,
                        3,
                        seed ->
                                GilbertElliot.heterogeneous(
                                        20, 0.05, 0.01, 5, 10, Seeds.generator(seed)),
                        0.5,
                        Double.NaN,
                        Double.NaN,
                        Double.NaN,
                        Double.NaN,
                        "; digest (fixed A_cluster, 4 seeds): −22 to −30 % imperfect, −26 to −33 %"
                                + " perfect"),
                new Setting(
                        "time-varying τ=1, K=20, P=5, r=3, n=3",
                        20,
                        5,
                        2,
                        3,
                        seed -> new TimeVaryingRates(20, 0.05, 0.01, 1, 5, Seeds.generator(seed)),
                        1,
                        16,
                        20,
                        Double.NaN,
                        Double.NaN,
                        "; digest (fixed A_cluster, 4 seeds): −13 to −14 % imperfect, −14 to −15 %"
                                + " perfect"));
    }

    @Override
    public String id() {
        return "gc-dc";
    }

    @Override
    public String title() {
        return "GC-DC: gradient coding with dynamic clustering (Buyukates et al., IEEE TCOM 2022)";
    }

    /** Per-run mean iteration times of GC, GC-SC, GC-DC imperfect, GC-DC perfect, LB. */
    static RunStats[] simulate(Setting st, long seed, int runs, int iterations) {
        RunStats[] stats = {
            new RunStats(), new RunStats(), new RunStats(), new RunStats(), new RunStats()
        };
        for (int run = 0; run < runs; run++) {
            long planSeed = Simulation.runSeed(seed, run);
            long latencySeed = Simulation.runSeed(~seed, run);
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
            stats[0].add(meanTime(gc, st.model().apply(latencySeed), null, st, iterations, false));
            stats[1].add(meanTime(sc, st.model().apply(latencySeed), null, st, iterations, false));
            stats[2].add(
                    meanTime(
                            dc,
                            st.model().apply(latencySeed),
                            GcDc.clustering(dc),
                            st,
                            iterations,
                            false));
            stats[3].add(
                    meanTime(
                            dc,
                            st.model().apply(latencySeed),
                            GcDc.clustering(dc),
                            st,
                            iterations,
                            true));
            stats[4].add(lowerBound(st, st.model().apply(latencySeed), iterations));
        }
        return stats;
    }

    private static double meanTime(
            Plan plan,
            LatencyModel model,
            DynamicClustering clustering,
            Setting st,
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
    private static double lowerBound(Setting st, LatencyModel model, int iterations) {
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
        int runs = Math.max(8, (int) Math.round(200 * scale));
        int iterations = 400;
        List<ReproducedNumber> out = new ArrayList<>();
        for (Setting st : settings()) {
            RunStats[] s = simulate(st, seed, runs, iterations);
            String setting =
                    st.name()
                            + String.format(
                                    Locale.ROOT, "; %d runs × %d iterations", runs, iterations);
            String times =
                    String.format(
                            Locale.ROOT,
                            "mean times GC %.4g, GC-SC %.4g, GC-DC %.4g / %.4g (imperfect/perfect), LB %.4g",
                            s[0].mean(),
                            s[1].mean(),
                            s[2].mean(),
                            s[3].mean(),
                            s[4].mean());
            for (int perfect = 0; perfect <= 1; perfect++) {
                RunStats dc = s[2 + perfect];
                double reduction = 100 * (1 - dc.mean() / s[1].mean());
                out.add(
                        new ReproducedNumber(
                                "GC-DC vs GC-SC iteration time ("
                                        + (perfect == 1 ? "perfect" : "imperfect")
                                        + " SSI)",
                                setting,
                                -reduction,
                                -(perfect == 1 ? st.paperPerfect() : st.paperImperfect()),
                                -(perfect == 1 ? st.digestPerfect() : st.digestImperfect()),
                                100 * RunStats.ratioStandardError(dc, s[1]),
                                "%",
                                perfect == 0
                                        ? times
                                        : "ordering LB < GC-DC < GC-SC < GC: " + ordered(s)));
            }
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
