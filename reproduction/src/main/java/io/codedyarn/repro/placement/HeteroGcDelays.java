package io.codedyarn.repro.placement;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.CompletionTime;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.repro.placement.Replications.Estimate;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Hetero-GC Figs. 2–3 under the paper's delay model (hetero-gc digest, "Results" and "Derived
 * benchmark targets"), beside the worst case of {@link HeteroGcReproduction}: every iteration an
 * artificial delay δ is added to s workers drawn at random (δ = ∞: they fail), optionally on top of
 * multiplicative lognormal speed noise; the iteration ends when the arrivals decode (naive =
 * uncoded: all workers). Times are in units of the ideal T* = (s + 1)/Σ r_i passes.
 *
 * <pre>
 *   t_i = (load_i / K) / (r_i · e^{σ Z_i}) + δ·[i delayed],   Z_i ~ N(0, 1)
 *   T   = arrival time of the shortest decodable prefix (∞ if none)
 * </pre>
 *
 * The paper's Fig. 2 (cluster A, s = 1 and 2) and Fig. 3 (clusters B–D) report wall-clock curves
 * whose numbers were lost in the paper's text; its only surviving number is "up to 3×" over cyclic
 * GC. The SSP comparison of Fig. 4 and the resource usage of Fig. 5 are trained for real in {@code
 * repro.HeteroGcTraining}.
 */
final class HeteroGcDelays {
    /** δ in units of T*; the last is a failure. */
    static final double[] DELAYS = {0, 0.5, 1, 2, Double.POSITIVE_INFINITY};

    static final String[] SCHEMES = {"uncoded", "cyclic", "hetero", "hetero-group"};
    static final String[] LABELS = {"naive", "cyclic", "heter-aware", "group-based"};

    private HeteroGcDelays() {}

    static Plan plan(String scheme, double[] speeds, int s, long seed) {
        SchemeParams p = SchemeParams.of(speeds.length, scheme.equals("uncoded") ? 0 : s, seed);
        if (scheme.startsWith("hetero")) {
            p = p.withSpeeds(speeds);
        }
        return Schemes.byName(scheme).place(p, Seeds.generator(seed));
    }

    /** The time of one iteration: the first arrival at which the arrived codewords decode. */
    static double iteration(Plan plan, double[] t) {
        Integer[] order = new Integer[t.length];
        for (int i = 0; i < t.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(t[a], t[b]));
        BitSet arrived = new BitSet(plan.codewords().size());
        for (Integer i : order) {
            if (t[i] == Double.POSITIVE_INFINITY) {
                break;
            }
            if (plan.assignment(i) >= 0) {
                arrived.set(plan.assignment(i));
                if (plan.decoder().decode(arrived).isPresent()) {
                    return t[i];
                }
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * Mean iteration time / T* over {@code reps} batches of {@code batch} iterations (∞ if any
     * iteration never decodes), s delayed workers per iteration.
     */
    static Estimate relativeTime(
            Plan plan,
            double[] speeds,
            int s,
            double delay,
            double sigma,
            int reps,
            int batch,
            RandomGenerator rng) {
        double star = CompletionTime.lowerBound(speeds, s);
        double[] base = CompletionTime.finishTimes(plan, speeds);
        int n = speeds.length;
        double[] means = new double[reps];
        double[] t = new double[n];
        int[] idx = new int[n];
        for (int r = 0; r < reps; r++) {
            double sum = 0;
            for (int b = 0; b < batch; b++) {
                for (int i = 0; i < n; i++) {
                    t[i] = base[i] / Math.exp(sigma * rng.nextGaussian());
                    idx[i] = i;
                }
                for (int k = 0; k < s; k++) { // s distinct random workers (partial shuffle)
                    int j = k + rng.nextInt(n - k);
                    int x = idx[k];
                    idx[k] = idx[j];
                    idx[j] = x;
                    t[idx[k]] += delay * star;
                }
                sum += iteration(plan, t);
            }
            means[r] = sum / batch / star;
        }
        if (Arrays.stream(means).anyMatch(Double::isInfinite)) {
            return new Estimate(Double.POSITIVE_INFINITY, 0);
        }
        return Replications.of(means);
    }

    /** One table: rows δ, columns the four schemes, for a cluster, s and σ. */
    static String table(int cluster, int s, double sigma, int reps, long seed, double[] delays) {
        double[] speeds = HeteroGcReproduction.speeds(cluster);
        StringBuilder sb = new StringBuilder();
        sb.append(
                String.format(
                        Locale.ROOT,
                        "Cluster %c (n = %d), s = %d, speed noise σ = %.1f: mean iteration time /"
                                + " T* (mean ± s.e., %d batches of 100 iterations)%n%n",
                        'A' + cluster,
                        speeds.length,
                        s,
                        sigma,
                        reps));
        sb.append("| delay δ / T* |");
        for (String l : LABELS) {
            sb.append(' ').append(l).append(" |");
        }
        sb.append("\n|---|").append("---|".repeat(LABELS.length)).append('\n');
        for (int d = 0; d < delays.length; d++) {
            double delay = delays[d];
            sb.append(Double.isInfinite(delay) ? "| ∞ (failure) |" : fmtRow(delay));
            for (int k = 0; k < SCHEMES.length; k++) {
                Plan plan = plan(SCHEMES[k], speeds, s, seed);
                RandomGenerator rng = Replications.stream(seed, 1000L * cluster + 100L * s + d);
                Estimate e = relativeTime(plan, speeds, s, delay, sigma, reps, 100, rng);
                sb.append(
                        Double.isInfinite(e.mean())
                                ? " ∞ |"
                                : String.format(
                                        Locale.ROOT,
                                        " %.3f ± %.3f |",
                                        e.mean(),
                                        e.standardError()));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * Fig. 2 (cluster A, s = 1 and 2, every delay, exact and noisy speeds) and Fig. 3 (clusters
     * B–D, s = 1, noisy speeds, no delay and failure).
     */
    static String tables(long seed, int reps) {
        StringBuilder sb =
                new StringBuilder(
                        "Under the paper's delay model (Figs. 2–3): every iteration a delay δ is"
                                + " added to s random workers (δ = ∞: they fail), speeds ∝ vCPUs"
                                + " times lognormal noise e^{σZ}; naive = uncoded, waiting for"
                                + " all. The paper's curves lost their numbers; it states \"up to"
                                + " 3×\" over cyclic GC, and that cyclic is often worse than naive"
                                + " (Fig. 3). SSP (Fig. 4) and resource usage (Fig. 5) are"
                                + " trained on the simulated cluster in the section \"Hetero-GC"
                                + " Figs. 4–5\" (`reproduce hetero-gc-training`).\n\n");
        for (int s = 1; s <= 2; s++) {
            for (double sigma : new double[] {0, 0.3}) {
                sb.append(table(0, s, sigma, reps, seed, DELAYS)).append('\n');
            }
        }
        for (int c = 1; c < HeteroGcReproduction.CLUSTERS.length; c++) {
            sb.append(table(c, 1, 0.3, reps, seed, new double[] {0, Double.POSITIVE_INFINITY}))
                    .append('\n');
        }
        return sb.toString();
    }

    private static String fmtRow(double delay) {
        return String.format(Locale.ROOT, "| %.1f |", delay);
    }
}
