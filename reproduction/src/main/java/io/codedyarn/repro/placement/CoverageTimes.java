package io.codedyarn.repro.placement;

import io.codedyarn.repro.placement.BccExperiments.Estimate;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * A direct simulator of generalized BCC's coverage time (eq. 16), independent of the scheme and the
 * time simulator, for the spread of Fig. 5 over the choices the paper leaves open: how the HCMM
 * loads r_i* are rounded and what an uncovered placement costs. Worker i holds loads[i] of the m
 * examples drawn without replacement (placement G0 of the proof); its time is T_i = r_i(a + E/μ_i),
 * eq. (15); T = the first time the received examples cover all m.
 *
 * <p>Coverage policies: {@link Policy#KEEP} keeps every placement as drawn; one that leaves an
 * example uncovered never reaches coverage and is charged max_i T_i, the time at which the master
 * has every result (T̂(Σ r_i*) in eq. (29)). {@link Policy#CONDITION} draws a placement again until
 * it covers (E[T | covered], the proof's "only consider the case where the coverage can be
 * achieved").
 */
final class CoverageTimes {
    private CoverageTimes() {}

    enum Policy {
        KEEP,
        CONDITION
    }

    /**
     * @param time E[T] (per-placement means over {@code draws} latency draws, i.i.d. placements)
     * @param uncovered fraction of drawn placements that left an example uncovered
     * @param uncoveredSe its binomial standard error
     */
    record Result(Estimate time, double uncovered, double uncoveredSe) {}

    static Result simulate(
            int m,
            int[] loads,
            double a,
            double[] mu,
            Policy policy,
            int placements,
            int draws,
            long seed,
            int tag) {
        int n = loads.length;
        double[] perPlacement = new double[placements];
        long drawn = 0;
        long uncovered = 0;
        int[] perm = new int[m];
        for (int j = 0; j < m; j++) {
            perm[j] = j;
        }
        int[][] held = new int[n][];
        double[] t = new double[n];
        Integer[] order = new Integer[n];
        for (int p = 0; p < placements; p++) {
            RandomGenerator rng = Replications.stream(BccExperiments.seedOf(seed, tag, p), 0);
            boolean covered;
            do {
                covered = place(held, loads, perm, rng);
                drawn++;
                if (!covered) {
                    uncovered++;
                }
            } while (!covered && policy == Policy.CONDITION);
            double sum = 0;
            for (int d = 0; d < draws; d++) {
                for (int i = 0; i < n; i++) {
                    t[i] = loads[i] * (a + -Math.log1p(-rng.nextDouble()) / mu[i]);
                    order[i] = i;
                }
                Arrays.sort(order, (x, y) -> Double.compare(t[x], t[y]));
                sum += covered ? coverageTime(held, order, t, m) : t[order[n - 1]];
            }
            perPlacement[p] = sum / draws;
        }
        double q = (double) uncovered / drawn;
        return new Result(
                BccExperiments.meanAndSe(perPlacement), q, Math.sqrt(q * (1 - q) / drawn));
    }

    /** Time at which the results received in {@code order} first cover all m examples. */
    private static double coverageTime(int[][] held, Integer[] order, double[] t, int m) {
        boolean[] hit = new boolean[m];
        int distinct = 0;
        for (int i : order) {
            for (int j : held[i]) {
                if (!hit[j]) {
                    hit[j] = true;
                    distinct++;
                }
            }
            if (distinct == m) {
                return t[i];
            }
        }
        throw new IllegalStateException("a covering placement did not cover");
    }

    /** Each worker's loads[i] examples, uniform without replacement; true when all m are held. */
    private static boolean place(int[][] held, int[] loads, int[] perm, RandomGenerator rng) {
        int m = perm.length;
        boolean[] hit = new boolean[m];
        int distinct = 0;
        for (int i = 0; i < loads.length; i++) {
            int[] mine = new int[loads[i]];
            for (int k = 0; k < loads[i]; k++) {
                int j = k + rng.nextInt(m - k);
                int swap = perm[k];
                perm[k] = perm[j];
                perm[j] = swap;
                mine[k] = perm[k];
                if (!hit[mine[k]]) {
                    hit[mine[k]] = true;
                    distinct++;
                }
            }
            held[i] = mine;
        }
        return distinct == m;
    }
}
