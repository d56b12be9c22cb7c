package io.codedyarn.placement.sim;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.coding.KOfNPromise;
import io.codedyarn.placement.method.DecodeRound;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The deterministic setting of the heterogeneity-aware GC optimality theorem: worker times are
 * fixed, and an adversary makes s workers never return, choosing them to make the decode time as
 * late as possible. Exhaustive over the C(n, s) choices when there are at most {@link
 * #EXHAUSTIVE_LIMIT}, otherwise greedy (remove, one at a time, the worker whose loss delays
 * decoding most), which is a lower bound on the true worst case.
 */
public final class WorstCaseStragglers {
    public static final double EXHAUSTIVE_LIMIT = 20_000;

    private WorstCaseStragglers() {}

    /**
     * @return the worst-case decode time (∞ when some choice of s stragglers prevents decoding)
     */
    public static double time(Plan plan, int[] assignment, double[] times, int s) {
        int n = plan.workers();
        if (s == 0) {
            return decodeTime(plan, assignment, times, new BitSet(n));
        }
        if (KOfNPromise.binomial(n, s) <= EXHAUSTIVE_LIMIT) {
            double[] worst = {0};
            KOfNPromise.firstN(n, s)
                    .forEach(
                            dead ->
                                    worst[0] =
                                            Math.max(
                                                    worst[0],
                                                    decodeTime(plan, assignment, times, dead)));
            return worst[0];
        }
        BitSet dead = new BitSet(n);
        for (int k = 0; k < s; k++) {
            int best = -1;
            double bestTime = -1;
            for (int i = 0; i < n; i++) {
                if (dead.get(i)) {
                    continue;
                }
                dead.set(i);
                double t = decodeTime(plan, assignment, times, dead);
                dead.clear(i);
                if (t > bestTime) {
                    bestTime = t;
                    best = i;
                }
            }
            dead.set(best);
        }
        return decodeTime(plan, assignment, times, dead);
    }

    /**
     * Time of the first decodable prefix of arrivals when the {@code dead} workers never return.
     */
    static double decodeTime(Plan plan, int[] assignment, double[] times, BitSet dead) {
        int n = plan.workers();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(times[a], times[b]));
        DecodeRound round = new DecodeRound(plan.decoder(), plan.codewords().size());
        for (int w : order) {
            if (dead.get(w) || assignment[w] < 0) {
                continue;
            }
            if (round.arrive(plan.sends(w, assignment[w])).isPresent()) {
                return times[w];
            }
        }
        return Double.POSITIVE_INFINITY;
    }
}
