package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.generate.LagcLeastSquaresGenerator;
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
 * LAGC Figs. 8–9 (digest lagc.md §5.1, §5.3) trained for real: the {@code Coordinator} on a {@code
 * SimulatedCluster} with M = 20 in-process workers on the {@code lagc-lsq} data (S = 20 partitions,
 * L_s = (1.3^(s−1)+1)², y = Xθ*, so min L = 0), α = 1/L, ξ = 1, D = 10, for GD (uncoded), GC
 * (cyclic, r = 4, F = 17), LAG, G-GD (M_G = r = 4), LAGC (M_G = 5, r = 4, F = 2) and G-LAG (M_G = r
 * = 4), under the Pareto (η = 0.05, β = 1.1) and exponential (η = 0.05) models with mean ∝ load.
 * Each run stops at L(θ) ≤ ε·L(θ⁰).
 *
 * <p>Reductions from the paper (100 realizations of ~17k iterations to ε = 1e−8 on MNIST): a
 * relative ε (default 1e−4), fewer realizations, 200 × 50 partitions (the digest's §5.5 stand-in).
 * Differences that are not reductions: our workers do not abandon a task when the round ends (a
 * straggler's backlog carries into the next iterations, "newest wins" only for queued tasks), while
 * the paper draws fresh i.i.d. times every iteration; and the lazy methods log Σ_g L_g(θ_g), the
 * groups' losses at their last refresh (the coordinator's estimate), so their ε-times are upper
 * bounds of the exact ones.
 */
public final class LagcTraining implements Reproduction {
    static final int WORKERS = 20;
    static final int COLS = 50;
    static final int ROWS_PER_PARTITION = 200;
    static final String PARETO = "pareto:eta=0.05,beta=1.1";
    static final String EXPONENTIAL = "exp:eta=0.05";

    /** Digest §5.5 expected times to ε = 1e−8 (Pareto, exponential), C and P; GD first. */
    static final Map<String, double[]> DIGEST = new LinkedHashMap<>();

    static {
        DIGEST.put("GD", new double[] {12646, 3121, 693_960, 17_349});
        DIGEST.put("GC", new double[] {1748, 6122, 641_913, 69_396});
        DIGEST.put("LAG", new double[] {4485, 2164, 221_026, 5_526});
        DIGEST.put("G-GD", new double[] {553, 1981, 433_725, 69_396});
        DIGEST.put("LAGC", new double[] {522, 1722, 155_071, 22_153});
        DIGEST.put("G-LAG", new double[] {438, 1119, 137_480, 21_997});
    }

    /**
     * The paper's model per iteration (digest §5.4, T̄/Ī for Pareto and exponential: i.i.d. fresh
     * times every iteration, stragglers' work abandoned); LAG, LAGC and G-LAG are upper bounds.
     */
    static final Map<String, double[]> MODEL_PER_ITERATION = new LinkedHashMap<>();

    static {
        MODEL_PER_ITERATION.put("GD", new double[] {0.72890, 0.17989});
        MODEL_PER_ITERATION.put("GC", new double[] {0.10076, 0.35288});
        MODEL_PER_ITERATION.put("LAG", new double[] {0.33580, 0.13875});
        MODEL_PER_ITERATION.put("G-GD", new double[] {0.03190, 0.11417});
        MODEL_PER_ITERATION.put("LAGC", new double[] {0.03235, 0.11514});
        MODEL_PER_ITERATION.put("G-LAG", new double[] {0.02720, 0.08012});
    }

    /** The run's size: realizations per curve and the relative target ε. */
    record Scale(int realizations, double epsilon, int rowsPerPartition) {
        static Scale of(double scale) {
            return new Scale(Math.max(2, (int) Math.round(10 * scale)), 1e-4, ROWS_PER_PARTITION);
        }
    }

    /** Per latency model and curve label: one trace per realization. */
    private Map<String, Map<String, List<Trace>>> results = Map.of();

    private Scale lastScale = Scale.of(1);

    @Override
    public String id() {
        return "lagc-training";
    }

    @Override
    public String title() {
        return "LAGC Figs. 8–9 trained on the simulated cluster (M = 20, r = 4, lagc-lsq)";
    }

    /** The paper's §VI setup against ours (every row of the section). */
    @Override
    public List<String> setupDeviations() {
        return List.of(
                String.format(
                        Locale.ROOT,
                        "lagc-lsq %d × %d (synthetic, partitions scaled to the paper's L_s ="
                                + " (1.3^(s−1)+1)²) for MNIST 60,000 × 784: its 2 × 6 curves × %d"
                                + " realizations through the coordinator take under a minute at"
                                + " this size",
                        WORKERS * ROWS_PER_PARTITION,
                        COLS,
                        Scale.of(1).realizations()),
                "ε = 1e-04·L(θ⁰), not 1e−8 absolute: at 1e−8 every curve would need about"
                        + " 17,350 iterations (the digest's derivation on a stand-in of this"
                        + " size, lagc.md §5.5; the paper prints no iteration count)",
                String.format(
                        Locale.ROOT,
                        "%d realizations per curve, not 100",
                        Scale.of(1).realizations()),
                "our workers keep a straggler busy into later rounds, as real ones do; the"
                        + " paper's model draws fresh times every iteration, abandoning"
                        + " stragglers' work for free (the paper's own model is the Fashion-MNIST"
                        + " section's)");
    }

    static List<TrainingCase> cases() {
        return List.of(
                new TrainingCase(
                        "GD", "uncoded", TrainingCase.params(WORKERS, 0, 0, 0, 0), "gd", 0),
                new TrainingCase("GC", "cyclic", TrainingCase.params(WORKERS, 3, 0, 0, 0), "gd", 0),
                new TrainingCase("LAG", "lag", TrainingCase.params(WORKERS, 0, 0, 0, 0), null, 0),
                new TrainingCase("G-GD", "g-gd", TrainingCase.params(WORKERS, 0, 4, 5, 0), null, 0),
                new TrainingCase("LAGC", "lagc", TrainingCase.params(WORKERS, 0, 4, 4, 0), null, 0),
                new TrainingCase(
                        "G-LAG", "g-lag", TrainingCase.params(WORKERS, 0, 4, 5, 0), null, 0));
    }

    static DenseRows data(long seed, int rowsPerPartition) {
        int rows = WORKERS * rowsPerPartition;
        return SimulatedRuns.generate(
                new LagcLeastSquaresGenerator(rows, COLS, WORKERS, seed), rows, COLS);
    }

    /**
     * The spec of one run. L(θ*) = 0 leaves the relative gap undefined, so the reference is shifted
     * to −L(θ⁰): the coordinator's rule (F − ref)/|ref| ≤ 1 + ε is then exactly L(θ) ≤ ε·L(θ⁰).
     */
    static TrainSpec spec(TrainingCase c, String latency, double loss0, double epsilon, long seed) {
        return new TrainSpec(
                Workload.LSQ,
                c.scheme(),
                c.paramsWithSeed(seed),
                1,
                0.0,
                false,
                Optimizer.parse(c.optimizer()),
                Double.NaN,
                1_000_000,
                1 + epsilon,
                Double.NaN,
                c.waitFor(),
                -loss0,
                LatencySpec.ofNullable(latency),
                StraggleSpec.parse("none"),
                seed);
    }

    /** L(θ⁰ = 0) = Σ y² (the paper's loss has no ½). */
    static double initialLoss(DenseRows data) {
        double s = 0;
        for (double y : data.labels()) {
            s += y * y;
        }
        return s;
    }

    /** Runs every case under both models, {@code scale.realizations} seeds each. */
    static Map<String, Map<String, List<Trace>>> simulate(long seed, Scale scale) {
        DenseRows data = data(seed, scale.rowsPerPartition());
        double loss0 = initialLoss(data);
        Map<String, Map<String, List<Trace>>> out = new LinkedHashMap<>();
        for (String latency : List.of(PARETO, EXPONENTIAL)) {
            Map<String, List<Trace>> byCase = new LinkedHashMap<>();
            for (TrainingCase c : cases()) {
                List<Trace> traces = new ArrayList<>();
                for (int r = 0; r < scale.realizations(); r++) {
                    long s = Seeds.generator(seed ^ (1000L + r)).nextLong();
                    traces.add(
                            SimulatedRuns.run(spec(c, latency, loss0, scale.epsilon(), s), data));
                }
                byCase.put(c.label(), traces);
            }
            out.put(latency, byCase);
        }
        return out;
    }

    /** Per-realization ε-quantities of one curve: T_ε, I_ε, C_ε, P_ε, wall seconds. */
    static double[][] atEpsilon(List<Trace> traces) {
        double[][] q = new double[5][traces.size()];
        for (int r = 0; r < traces.size(); r++) {
            Trace t = traces.get(r);
            int i = t.iterations() - 1; // the run stops at the first iteration with L ≤ ε·L⁰
            q[0][r] = t.seconds()[i];
            q[1][r] = i + 1;
            q[2][r] = t.comm()[i];
            q[3][r] = t.comp()[i];
            q[4][r] = t.wallSeconds();
        }
        return q;
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        lastScale = Scale.of(scale);
        results = simulate(seed, lastScale);
        List<ReproducedNumber> out = new ArrayList<>();
        int k = 0;
        for (String latency : results.keySet()) {
            Map<String, List<Trace>> byCase = results.get(latency);
            double gd = Stats.mean(atEpsilon(byCase.get("GD"))[0]);
            for (String label : byCase.keySet()) {
                double[] t = atEpsilon(byCase.get(label))[0];
                double[] digest = DIGEST.get(label);
                out.add(
                        ReproducedNumber.measured(
                                        "T_ε / T_ε(GD), " + label,
                                        (k == 0 ? "Pareto" : "exponential")
                                                + String.format(
                                                        Locale.ROOT,
                                                        ", ε = %.0e·L(θ⁰), %d runs",
                                                        lastScale.epsilon(),
                                                        lastScale.realizations()),
                                        Stats.mean(t) / gd,
                                        Stats.standardError(t) / gd,
                                        "",
                                        "coordinator on SimulatedCluster; digest: §5.5 at ε = 1e−8")
                                .withDigest(digest[k] / DIGEST.get("GD")[k]));
            }
            k++;
        }
        return out;
    }

    @Override
    public String extraMarkdown(long seed) {
        return LagcTrainingReport.markdown(results, lastScale);
    }
}
