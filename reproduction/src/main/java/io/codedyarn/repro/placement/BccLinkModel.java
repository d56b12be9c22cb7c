package io.codedyarn.repro.placement;

import java.util.Locale;
import java.util.Random;
import java.util.function.Predicate;

/**
 * BCC's EC2 runs (§III-C, Tables I and II: t2.micro instances, p = 8,000, 100 iterations) as a
 * per-worker latency model that the product's workers inject ({@code --straggle trace:file=...}),
 * fitted to the paper's per-iteration figures. Worker i's time in iteration t is
 *
 * <pre>
 *   latency(t, i) = D · (compute(t, i) + c · slot(t, i))
 *   slot(t, ·)    = a uniformly random permutation of 1..n (fresh each iteration)
 *   compute(t, i) = r · Exp(mean β)   (eq. 15's shifted exponential, shift a = 0)
 * </pre>
 *
 * The slot is the worker's place in the order the master's link receives the iteration's messages,
 * one every c seconds: the paper's own account of its tables ("lower recovery threshold yields a
 * lower communication load that is directly proportional to the communication time"), so waiting
 * for K messages costs about K·c. c is the least-squares slope through the origin of the tables'
 * six communication times per iteration against the recovery thresholds the paper observed; β the
 * least-squares fit of the computation column (the maximum compute time over the K received
 * workers, E = r·β·H_K for K independent exponentials) with the shift a held at 0, because the
 * two-parameter fit puts a below 0. D (the dilation) stretches every time so that the injected
 * model, not this machine's own scheduling, sets the pace; reductions are ratios and do not depend
 * on it.
 */
public record BccLinkModel(double secondsPerMessage, double computePerUnit, double dilation) {

    /**
     * Tables I and II, per scheme: recovery threshold K the paper observed, load r (units of 100
     * points), communication and computation seconds over 100 iterations.
     */
    static final double[][] TABLES = {
        {50, 1, 28.556, 0.230}, // scenario one: uncoded
        {41, 10, 12.031, 1.959}, // cyclic repetition
        {11, 10, 3.043, 1.162}, // BCC
        {100, 1, 31.567, 1.453}, // scenario two: uncoded
        {91, 10, 24.698, 4.784}, // cyclic repetition
        {25, 10, 7.246, 1.685} // BCC
    };

    /** The iterations the tables' times cover. */
    static final int PAPER_ITERATIONS = 100;

    public BccLinkModel {
        if (!(secondsPerMessage > 0 && computePerUnit >= 0 && dilation > 0)) {
            throw new IllegalArgumentException(
                    "BccLinkModel: need c > 0, β >= 0, D > 0, got "
                            + secondsPerMessage
                            + ", "
                            + computePerUnit
                            + ", "
                            + dilation);
        }
    }

    /** The model fitted to Tables I and II, every time stretched by {@code dilation}. */
    public static BccLinkModel fitted(double dilation) {
        double kc = 0;
        double kk = 0;
        double hy = 0;
        double hh = 0;
        for (double[] row : TABLES) {
            double k = row[0];
            double comm = row[2] / PAPER_ITERATIONS;
            double comp = row[3] / PAPER_ITERATIONS;
            kc += k * comm;
            kk += k * k;
            double x = row[1] * harmonic((int) k);
            hy += x * comp;
            hh += x * x;
        }
        return new BccLinkModel(kc / kk, hy / hh, dilation);
    }

    /**
     * The mean communication time of an iteration that waits for {@code k} messages (undilated).
     */
    public double communication(int k) {
        return k * secondsPerMessage;
    }

    /**
     * The mean largest compute time among {@code k} workers of load {@code load} (undilated):
     * r·β·H_k for independent exponentials.
     */
    public double computation(int k, double load) {
        return load * computePerUnit * harmonic(k);
    }

    static double harmonic(int k) {
        double h = 0;
        for (int i = 1; i <= k; i++) {
            h += 1.0 / i;
        }
        return h;
    }

    /**
     * One draw of the model for {@code workers} workers of load {@code load} over {@code
     * iterations} iterations, dilated: [iteration][worker].
     */
    public record Draw(double[][] latency, double[][] compute) {
        /** As {@code latency-trace.csv}'s columns that {@code --straggle trace:file=} replays. */
        public String traceCsv() {
            StringBuilder b = new StringBuilder("iteration,worker,latency\n");
            for (int t = 0; t < latency.length; t++) {
                for (int w = 0; w < latency[t].length; w++) {
                    b.append(String.format(Locale.ROOT, "%d,%d,%.6f%n", t, w, latency[t][w]));
                }
            }
            return b.toString();
        }
    }

    /** The model's times, seeded: the same seed gives the same draw. */
    public Draw draw(int workers, double load, int iterations, long seed) {
        if (workers < 1 || iterations < 1 || !(load > 0)) {
            throw new IllegalArgumentException(
                    "BccLinkModel.draw: need workers, iterations >= 1 and load > 0");
        }
        Random rnd = new Random(seed);
        double[][] latency = new double[iterations][workers];
        double[][] compute = new double[iterations][workers];
        for (int t = 0; t < iterations; t++) {
            int[] slot = Replications.permutation(workers, rnd);
            for (int w = 0; w < workers; w++) {
                double comp = load * computePerUnit * -Math.log(1 - rnd.nextDouble());
                compute[t][w] = dilation * comp;
                latency[t][w] = dilation * (comp + secondsPerMessage * (slot[w] + 1));
            }
        }
        return new Draw(latency, compute);
    }

    /**
     * One iteration as the model predicts it when the master takes messages in arrival order until
     * {@code done} holds for the workers received so far: how many it received (K), when the last
     * of them arrived, and the largest compute time among them (the paper's computation time).
     */
    public record Round(int received, double seconds, double compute) {}

    public static Round round(double[] latency, double[] compute, Predicate<boolean[]> done) {
        Integer[] order = new Integer[latency.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(latency[a], latency[b]));
        boolean[] got = new boolean[latency.length];
        double comp = 0;
        for (int k = 0; k < order.length; k++) {
            int w = order[k];
            got[w] = true;
            comp = Math.max(comp, compute[w]);
            if (done.test(got)) {
                return new Round(k + 1, latency[w], comp);
            }
        }
        throw new IllegalStateException("the round never completes, even with every worker");
    }

    /**
     * The model's mean time of an iteration of uncoded (load m/n, waits for all n), cyclic
     * repetition (load r, waits for n − r + 1) and BCC (load r, each worker one of N = m/r batches
     * drawn uniformly, the draw repeated until every batch has a worker; waits for coverage), n = m
     * units, over {@code iterations} draws (undilated seconds, same order).
     */
    public double[] meanIterations(int n, int r, int iterations, long seed) {
        if (n % r != 0) {
            throw new IllegalArgumentException("meanIterations: r must divide n = m");
        }
        int batches = n / r;
        Random rnd = new Random(seed);
        int[] batch = new int[n];
        boolean covering = false;
        while (!covering) {
            boolean[] picked = new boolean[batches];
            for (int w = 0; w < n; w++) {
                batch[w] = rnd.nextInt(batches);
                picked[batch[w]] = true;
            }
            covering = true;
            for (boolean p : picked) {
                covering &= p;
            }
        }
        BccLinkModel undilated = new BccLinkModel(secondsPerMessage, computePerUnit, 1);
        Draw one = undilated.draw(n, 1, iterations, seed + 1);
        Draw loaded = undilated.draw(n, r, iterations, seed + 1);
        double[] sum = new double[3];
        for (int t = 0; t < iterations; t++) {
            sum[0] += round(one.latency()[t], one.compute()[t], got -> count(got) == n).seconds();
            sum[1] +=
                    round(loaded.latency()[t], loaded.compute()[t], got -> count(got) > n - r)
                            .seconds();
            sum[2] +=
                    round(
                                    loaded.latency()[t],
                                    loaded.compute()[t],
                                    got -> {
                                        boolean[] c = new boolean[batches];
                                        int k = 0;
                                        for (int w = 0; w < n; w++) {
                                            if (got[w] && !c[batch[w]]) {
                                                c[batch[w]] = true;
                                                k++;
                                            }
                                        }
                                        return k == batches;
                                    })
                            .seconds();
        }
        for (int i = 0; i < 3; i++) {
            sum[i] /= iterations;
        }
        return sum;
    }

    /** How many workers {@code got} holds. */
    public static int count(boolean[] got) {
        int c = 0;
        for (boolean g : got) {
            c += g ? 1 : 0;
        }
        return c;
    }
}
