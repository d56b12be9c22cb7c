package io.codedyarn.repro.placement;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.bcc.BccThresholds;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.scheme.Bcc;
import io.codedyarn.placement.scheme.BccHetero;
import io.codedyarn.placement.sim.CodewordAssigner;
import io.codedyarn.placement.sim.SchemeSummary;
import io.codedyarn.placement.sim.Simulation;
import java.io.IOException;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The Monte-Carlo experiments and exact side values behind {@link BccReproduction}. Every estimate
 * averages over independent placements, each drawn from its own seed (mixed from the experiment's
 * seed and the placement index), and over several latency draws per placement; the per-placement
 * means are i.i.d., so their spread gives the standard error. Placements run in parallel, but each
 * result depends only on its own seed and the reduction is in index order, so the numbers are the
 * same for any thread count.
 */
final class BccExperiments {
    private BccExperiments() {}

    /** A Monte-Carlo mean and its standard error. */
    record Estimate(double mean, double standardError) {}

    /**
     * Generalized BCC's coverage time (Fig. 5).
     *
     * @param time E[T | covered] with its s.e.
     * @param failure P(a placement leaves some example uncovered), from the redraws
     * @param failureSe its s.e.
     */
    record HeteroResult(Estimate time, double failure, double failureSe) {}

    static final LatencySpec.Files NO_FILES =
            path -> {
                throw new IOException("no files in the BCC reproduction");
            };

    /** Seed of item {@code index} of experiment {@code tag} (SplitMix mixing, twice). */
    static long seedOf(long seed, int tag, int index) {
        return Simulation.runSeed(Simulation.runSeed(seed, tag), index);
    }

    /**
     * Mean number of workers heard from until every batch is covered, for the {@code bcc} scheme:
     * {@code placements} i.i.d. placements (kept as drawn: one with an unpicked batch waits for all
     * n) × {@code orders} i.i.d. finishing orders each. The latency model is i.i.d. across workers
     * with equal loads (r | m), so the finishing order is a uniformly random permutation
     * independent of the placement, as Theorem 1 assumes.
     */
    static Estimate threshold(int m, int n, int r, int placements, int orders, long seed, int tag) {
        if (m % r != 0) {
            // A short last batch would finish sooner under a load-scaled model and bias the order.
            throw new IllegalArgumentException("simulate only r | m, got m=" + m + ", r=" + r);
        }
        LatencySpec latency = LatencySpec.parse("shifted-exp:alpha=1,mu=1");
        double[] perPlacement =
                IntStream.range(0, placements)
                        .parallel()
                        .mapToDouble(
                                p -> {
                                    long s = seedOf(seed, tag, p);
                                    SchemeParams params =
                                            SchemeParams.of(n, 0, s).withPartitions(m).withLoad(r);
                                    Plan plan = Bcc.random().place(params, Seeds.generator(s));
                                    SchemeSummary sum =
                                            new Simulation(
                                                            latency,
                                                            new double[0],
                                                            NO_FILES,
                                                            orders,
                                                            1,
                                                            Simulation.runSeed(s, 1),
                                                            false)
                                                    .run(plan, CodewordAssigner::fixed);
                                    requireDecoded(sum);
                                    return sum.meanWorkersWaited();
                                })
                        .toArray();
        return meanAndSe(perPlacement);
    }

    /**
     * Each of {@code placements} i.i.d. {@code bcc} placements' own expected threshold under a
     * uniformly random finishing order (exact, the scheme's diagnostic; n for an uncovered one).
     */
    static double[] placementThresholds(int m, int r, int placements, long seed, int tag) {
        return IntStream.range(0, placements)
                .parallel()
                .mapToDouble(
                        p -> {
                            long s = seedOf(seed, tag, p);
                            SchemeParams params =
                                    SchemeParams.of(m, 0, s).withPartitions(m).withLoad(r);
                            return Bcc.random()
                                    .place(params, Seeds.generator(s))
                                    .diagnostics()
                                    .get("expected_threshold");
                        })
                .toArray();
    }

    /**
     * Exact E[K] of the paper's i.i.d. placement kept as drawn: K = min(coupon-collector time, n)
     * (an uncovered placement waits for all n workers), so E[K] = Σ_{k=0}^{n−1} P(not covered after
     * k); tends to N·H_N as n → ∞ (the digest's truncated formula, §3).
     */
    static double truncatedThreshold(int batches, int workers) {
        double e = 0;
        for (int k = 0; k < workers; k++) {
            e += 1 - BccThresholds.coverageProbability(batches, k);
        }
        return e;
    }

    /**
     * Exact E[K | the n workers cover all N batches] for i.i.d. uniform picks and a random order:
     * the labels in arrival order are i.i.d. uniform, K is the coupon-collector time, and
     * conditioning on coverage is conditioning on K ≤ n, so E[K | K ≤ n] = Σ_{k=0}^{n−1} (P(K ≤ n)
     * − P(K ≤ k)) / P(K ≤ n). Tends to N·H_N as n → ∞ (eq. 13).
     */
    static double conditionalThreshold(int batches, int workers) {
        double pn = BccThresholds.coverageProbability(batches, workers);
        double e = 0;
        for (int k = 0; k < workers; k++) {
            e += (pn - BccThresholds.coverageProbability(batches, k)) / pn;
        }
        return e;
    }

    /**
     * Generalized BCC (Remark 6) on the Fig. 5 cluster, through {@code bcc-hetero} (every draw
     * kept; an uncovered one waits for all workers) or {@code bcc-hetero-redraw} and the time
     * simulator: {@code placements} placements (each from a fresh seed) × {@code draws} latency
     * draws each, T_i = r_i(a + E/μ_i), eq. (15). P(fail): kept draws give a Bernoulli fraction;
     * with redraws the draws per placement are geometric with success probability q, so q̂ =
     * placements / Σ draws with Var ≈ q²(1 − q)/placements.
     */
    static HeteroResult hetero(
            BccHetero scheme,
            int m,
            double a,
            double[] mu,
            int placements,
            int draws,
            long seed,
            int tag) {
        int n = mu.length;
        // The paper's model is per example (r_i examples: r_i·a + Exp(μ_i/r_i)); the simulator
        // charges n/N-example shares (LoadUnit: r_i examples of m are r_i·n/m shares). The same
        // model per share: shift a·m/n, rate μ_i·n/m, so that (r_i·n/m)·(a·m/n + E/(μ_i·n/m)) =
        // r_i·(a + E/μ_i).
        LatencySpec latency =
                LatencySpec.parse("shifted-exp:alpha=" + a * m / n + ",mu=" + (double) n / m);
        double[][] perPlacement = new double[placements][];
        IntStream.range(0, placements)
                .parallel()
                .forEach(
                        p -> {
                            long s = seedOf(seed, tag, p);
                            SchemeParams params =
                                    SchemeParams.of(n, 0, s)
                                            .withPartitions(m)
                                            .withSpeeds(mu)
                                            .withShift(a);
                            Plan plan = scheme.place(params, Seeds.generator(s));
                            SchemeSummary sum =
                                    new Simulation(
                                                    latency,
                                                    mu,
                                                    NO_FILES,
                                                    draws,
                                                    1,
                                                    Simulation.runSeed(s, 1),
                                                    false)
                                            .run(plan, CodewordAssigner::fixed);
                            requireDecoded(sum);
                            perPlacement[p] =
                                    new double[] {
                                        sum.meanIterationTime(),
                                        plan.diagnostics().get("draws"),
                                        plan.diagnostics().get("uncovered_partitions") > 0 ? 1 : 0
                                    };
                        });
        double[] times = new double[placements];
        double totalDraws = 0;
        double uncovered = 0;
        for (int p = 0; p < placements; p++) {
            times[p] = perPlacement[p][0];
            totalDraws += perPlacement[p][1];
            uncovered += perPlacement[p][2];
        }
        if (totalDraws > placements) { // redrawn: the draws per placement are geometric
            double q = placements / totalDraws;
            return new HeteroResult(meanAndSe(times), 1 - q, q * Math.sqrt((1 - q) / placements));
        }
        double f = uncovered / placements; // kept as drawn: a Bernoulli fraction
        return new HeteroResult(meanAndSe(times), f, Math.sqrt(f * (1 - f) / placements));
    }

    /**
     * E[T̂(s)], eq. (18): the time until the master holds s partial gradients, repetitions counted,
     * for fixed loads (it does not depend on which examples are held), by Monte Carlo over {@code
     * draws} draws of the same latency model.
     */
    static Estimate collectionTime(
            int[] loads, double a, double[] mu, long s, int draws, long seed, int tag) {
        int n = loads.length;
        LatencyModel model =
                LatencySpec.parse("shifted-exp:alpha=" + a + ",mu=1")
                        .build(n, mu, Seeds.generator(seedOf(seed, tag, 0)), NO_FILES);
        double[] load = Arrays.stream(loads).asDoubleStream().toArray();
        double[] t = new double[n];
        Integer[] order = new Integer[n];
        double[] samples = new double[draws];
        for (int d = 0; d < draws; d++) {
            model.sample(d, load, t);
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (x, y) -> Double.compare(t[x], t[y]));
            long got = 0;
            double when = Double.POSITIVE_INFINITY;
            for (int i : order) {
                got += loads[i];
                if (got >= s) {
                    when = t[i];
                    break;
                }
            }
            samples[d] = when;
        }
        return meanAndSe(samples);
    }

    /**
     * E[max_i T_i] for independent shifted exponentials T_i = shift_i + Exp(mean_i): below the
     * largest shift t0 the maximum is surely not yet reached, so E = t0 + ∫_{t0}^∞ (1 − Π_i F_i(t))
     * dt, F_i(t) = 1 − e^{−(t − shift_i)/mean_i}. The integrand decays like e^{−(t − t0)/max mean};
     * composite Simpson on [t0, t0 + 60·max mean] (tail < e^{−60}).
     */
    static double expectedMaximum(double[] shift, double[] mean) {
        double t0 = Arrays.stream(shift).max().orElseThrow();
        double width = 60 * Arrays.stream(mean).max().orElseThrow();
        int intervals = 20_000; // even
        double h = width / intervals;
        double sum = 0;
        for (int k = 0; k <= intervals; k++) {
            double t = t0 + k * h;
            double logAll = 0; // log Π F_i(t)
            for (int i = 0; i < shift.length; i++) {
                logAll += Math.log1p(-Math.exp(-(t - shift[i]) / mean[i]));
            }
            double f = -Math.expm1(logAll);
            double w = k == 0 || k == intervals ? 1 : (k % 2 == 1 ? 4 : 2);
            sum += w * f;
        }
        return t0 + sum * h / 3;
    }

    /**
     * Load balancing by simulation: every worker's time T_i = r_i(a + E/μ_i) from the same latency
     * model, the master waits for all (T_LB = max_i T_i).
     */
    static Estimate loadBalancing(double[] loads, double a, double[] mu, int draws, long seed) {
        int n = loads.length;
        LatencyModel model =
                LatencySpec.parse("shifted-exp:alpha=" + a + ",mu=1")
                        .build(n, mu, Seeds.generator(seed), NO_FILES);
        double[] t = new double[n];
        double[] samples = new double[draws];
        for (int d = 0; d < draws; d++) {
            model.sample(d, loads, t);
            samples[d] = Arrays.stream(t).max().orElseThrow();
        }
        return meanAndSe(samples);
    }

    static Estimate meanAndSe(double[] x) {
        double mean = Arrays.stream(x).average().orElseThrow();
        double ss = 0;
        for (double v : x) {
            ss += (v - mean) * (v - mean);
        }
        double var = x.length > 1 ? ss / (x.length - 1) : 0;
        return new Estimate(mean, Math.sqrt(var / x.length));
    }

    private static void requireDecoded(SchemeSummary s) {
        if (s.undecodable() > 0) {
            throw new IllegalStateException(
                    s.scheme() + ": " + s.undecodable() + " iterations never decoded");
        }
    }
}
