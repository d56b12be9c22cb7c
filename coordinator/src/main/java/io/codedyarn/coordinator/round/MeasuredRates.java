package io.codedyarn.coordinator.round;

import java.util.Arrays;

/**
 * Each worker's rate estimated from measured latencies, for GC-DC's rate-based Algorithm 1 (gc-dc
 * §VI-B, digest gc-dc.md §3.5 and §4.3: columns sorted by rate, fastest first; a worker is a
 * straggler iff its rate μ_k &lt; τ). On a cluster nobody reports μ_k, so it is estimated.
 *
 * <p>Model (gc-dc eq. 21): a task of r units of load takes X = r(α + E/μ_k), E ~ Exp(1), so the
 * time per unit s = X/r has mean α + 1/μ_k. Each measured service time T (queueing excluded, {@link
 * RoundEngine#serviceSeconds}) of a task of load r gives one sample T/r, averaged exponentially:
 *
 * <pre>
 *   ŝ_k ← T/r                         (first sample)
 *   ŝ_k ← (1 − β)·ŝ_k + β·T/r         (later ones),   μ̂_k = 1/ŝ_k
 * </pre>
 *
 * The average is over times, not over 1/T: 1/mean is the rate's maximum-likelihood estimate for
 * exponential times, while E[1/X] is infinite for them. μ̂_k is the throughput 1/(α + 1/μ_k): equal
 * to μ_k up to the factor 1/(1 + αμ_k), ≥ 0.95 in the paper's settings (α = 0.01, μ ≤ 5); it is
 * what sets the completion times, whatever the distribution.
 *
 * <p>Why an exponential average with β = {@value #WEIGHT}, not a window: the paper's rates jump
 * (the Gilbert–Elliot state flips, eq. 22 resamples μ, each with probability p = 0.05 per
 * iteration: a mean sojourn of 20 iterations) and imperfect SSI clusters on the newest state. The
 * average's mean age is (1 − β)/β = 4 samples ≪ 20, with O(1) state per worker and no window length
 * in seconds to tune to the task time; its relative noise for exponential times is √(β/(2 − β)) ≈
 * 0.33, small against the 10× slow/fast ratio of the models. A window of equal noise (9 samples)
 * would weigh a 9-sample-old state as much as the newest.
 */
final class MeasuredRates {
    /** β, the weight of the newest sample. */
    static final double WEIGHT = 0.2;

    private final double[] perUnit;

    MeasuredRates(int workers) {
        perUnit = new double[workers];
        Arrays.fill(perUnit, Double.NaN);
    }

    /** One measured task: {@code seconds} of service for {@code load} units. Ignores NaN/≤ 0. */
    void record(int worker, double seconds, double load) {
        if (!(seconds > 0) || !(load > 0) || !Double.isFinite(seconds / load)) {
            return;
        }
        double x = seconds / load;
        perUnit[worker] =
                Double.isNaN(perUnit[worker]) ? x : (1 - WEIGHT) * perUnit[worker] + WEIGHT * x;
    }

    /** μ̂ per worker (units of load per second), or null until every worker has a sample. */
    double[] rates() {
        double[] mu = new double[perUnit.length];
        for (int k = 0; k < mu.length; k++) {
            if (Double.isNaN(perUnit[k])) {
                return null;
            }
            mu[k] = 1 / perUnit[k];
        }
        return mu;
    }
}
