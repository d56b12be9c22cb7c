package io.codedyarn.placement.bcc;

/**
 * Exact and expected recovery thresholds of the Batched Coupon's Collector family (Li, Kalan,
 * Avestimehr, Soltanolkotabi, "Near-Optimal Straggler Mitigation for Distributed Gradient
 * Methods"), in the paper's notation: m examples (our partitions K), load r, n workers, N = ⌈m/r⌉
 * batches. The recovery threshold is an <em>average</em> number of workers heard from (Def. 2),
 * duplicates included. Pure functions; {@code log} is the natural log throughout.
 *
 * <p>Example, m = n = 100, r = 10 (EC2 scenario 2): N = 10, {@link #bcc} = 10·H_10 = 29.29; the
 * balanced placement (10 copies of each batch, random finishing order) needs {@link
 * #expectedArrivals} = 25.09 on average; n = 100 i.i.d. picks leave some batch unpicked with
 * probability 1 − {@link #coverageProbability} = 2.66e-4.
 */
public final class BccThresholds {
    private BccThresholds() {}

    /** H_t = Σ_{k=1..t} 1/k (H_0 = 0). */
    public static double harmonic(int t) {
        double h = 0;
        for (int k = t; k >= 1; k--) { // smallest terms first
            h += 1.0 / k;
        }
        return h;
    }

    /** N = ⌈m/r⌉, the number of BCC batches (the last may be short). */
    public static int batches(int m, int r) {
        if (m < 1 || r < 1) {
            throw new IllegalArgumentException("need m, r >= 1, got m=" + m + ", r=" + r);
        }
        return (m + r - 1) / r;
    }

    /** Lower bound of Theorem 1: every worker heard from holds disjoint data, K*(r) ≥ m/r. */
    public static double lowerBound(int m, int r) {
        return (double) m / r;
    }

    /**
     * Eq. (13): K_BCC(r) = ⌈m/r⌉·H_⌈m/r⌉, the coupon-collector expectation for N = ⌈m/r⌉ batches,
     * each arriving worker an independent uniform draw (the n → ∞ value; Theorem 1).
     */
    public static double bcc(int m, int r) {
        int n = batches(m, r);
        return n * harmonic(n);
    }

    /**
     * The "simple randomized" baseline of Fig. 2 exactly (n → ∞): each worker holds r of the m
     * examples drawn uniformly without replacement; the expected number of workers until every
     * example is covered. Markov chain on the number c of covered examples: one more worker adds k
     * new ones with hypergeometric probability C(m−c,k)·C(c,r−k)/C(m,r), so E_c = (1 + Σ_{k≥1} P_k
     * E_{c+k}) / (1 − P_0), E_m = 0. r = 1 gives m·H_m; r = 10, m = 100 gives 49.95 (the digest's
     * table), against the approximation (m/r)·ln m = 46.05.
     */
    public static double randomized(int m, int r) {
        if (r < 1 || r > m) {
            throw new IllegalArgumentException("need 1 <= r <= m, got r=" + r + ", m=" + m);
        }
        double[] lf = logFactorials(m);
        double logTotal = logBinomial(lf, m, r);
        double[] e = new double[m + 1];
        for (int c = m - 1; c >= 0; c--) {
            double stay = 0;
            double acc = 1;
            for (int k = Math.max(0, r - c); k <= Math.min(r, m - c); k++) {
                double p =
                        Math.exp(logBinomial(lf, m - c, k) + logBinomial(lf, c, r - k) - logTotal);
                if (k == 0) {
                    stay = p;
                } else {
                    acc += p * e[c + k];
                }
            }
            e[c] = acc / (1 - stay);
        }
        return e[0];
    }

    /**
     * Probability that n workers, each picking one of N batches independently and uniformly, leave
     * no batch unpicked (the "sufficiently large n" condition of Theorem 1; P(fail) = Σ_j
     * (−1)^{j+1} C(N,j)(1−j/N)^n). Computed stably with the chain on the number of batches picked
     * so far, not by the alternating sum. N = 5, n = 50: 1 − 7.1e-5; N = 10, n = 100: 1 − 2.66e-4.
     */
    public static double coverageProbability(int batches, int workers) {
        double[] p = new double[batches + 1];
        p[0] = 1;
        for (int i = 0; i < workers; i++) {
            for (int c = Math.min(i + 1, batches); c >= 0; c--) {
                double same = p[c] * c / batches;
                double fresh = c > 0 ? p[c - 1] * (batches - c + 1) / batches : 0;
                p[c] = same + fresh;
            }
        }
        return p[batches];
    }

    /**
     * Union bound N·(1 − 1/N)^n on the probability that some batch is picked by nobody (used for
     * the default load).
     */
    public static double unpickedBound(int batches, int workers) {
        return batches == 1 ? 0 : batches * Math.pow(1 - 1.0 / batches, workers);
    }

    /**
     * The expected number of workers heard from until every group has one, for a <em>fixed</em>
     * placement where group g is held by {@code copies[g]} ≥ 1 workers and the workers finish in a
     * uniformly random order: E = Σ_{k=0}^{M−1} (1 − P(a random k-subset hits every group)), M = Σ
     * copies. P is built group by group: adding a group of s workers to M earlier ones, a k-subset
     * takes t ≥ 1 of the new group with hypergeometric probability C(s,t)·C(M,k−t)/C(M+s, k). All
     * terms are positive, so this is stable for any n.
     *
     * <p>Balanced BCC (round-robin): 5 batches × 10 copies gives 10.13, 10 × 10 gives 25.09 (the
     * digest's "balanced" values; EC2 observed 11 and 25).
     */
    public static double expectedArrivals(int[] copies) {
        int total = 0;
        for (int s : copies) {
            total += Math.max(s, 0);
        }
        double[] lf = logFactorials(total);
        double[] hit = {1.0}; // no group yet: every subset "hits every group"
        int m = 0;
        for (int s : copies) {
            if (s < 1) {
                throw new IllegalArgumentException("every group needs a copy, got " + s);
            }
            double[] next = new double[m + s + 1];
            for (int k = 1; k <= m + s; k++) {
                double logAll = logBinomial(lf, m + s, k);
                double sum = 0;
                for (int t = Math.max(1, k - m); t <= Math.min(s, k); t++) {
                    double w = Math.exp(logBinomial(lf, s, t) + logBinomial(lf, m, k - t) - logAll);
                    sum += w * hit[k - t];
                }
                next[k] = sum;
            }
            hit = next;
            m += s;
        }
        double e = 0;
        for (int k = 0; k < m; k++) {
            e += 1 - Math.min(1.0, hit[k]);
        }
        return e;
    }

    /** Copies per batch of the round-robin placement: ⌊n/N⌋ or ⌈n/N⌉ (worker i → batch i mod N). */
    public static int[] roundRobinCopies(int workers, int batches) {
        int[] c = new int[batches];
        for (int i = 0; i < workers; i++) {
            c[i % batches]++;
        }
        return c;
    }

    /**
     * Theorem 2's constant c = 2 + log(a + H_n/μ)/log m, a = max shift, μ = min straggler
     * parameter. Fig. 5's setup (m = 500, n = 100, a = 20, μ = 1) gives 2.519; the paper's
     * experiment nevertheless uses c = 1.
     */
    public static double theoremTwoC(int m, int n, double maxShift, double minMu) {
        return 2 + Math.log(maxShift + harmonic(n) / minMu) / Math.log(m);
    }

    /**
     * Generalized BCC: the expected number of the m examples that no worker holds when worker i
     * holds loads[i] examples drawn uniformly without replacement: m·Π_i (1 − r_i/m). For Fig. 5's
     * loads (95 × 32, 5 × 37 of 500) this is ≈ 0.63, so about 1 − e^{−0.63} ≈ 47 % of placements
     * miss an example (the digest's P(coverage fail) ≈ 0.47).
     */
    public static double expectedUncovered(int m, int[] loads) {
        double logMiss = 0;
        for (int r : loads) {
            if (r >= m) {
                return 0;
            }
            logMiss += Math.log1p(-(double) r / m);
        }
        return m * Math.exp(logMiss);
    }

    /** ln 0!, ln 1!, …, ln n! (so that a log-binomial is three lookups). */
    private static double[] logFactorials(int n) {
        double[] lf = new double[n + 1];
        for (int i = 2; i <= n; i++) {
            lf[i] = lf[i - 1] + Math.log(i);
        }
        return lf;
    }

    private static double logBinomial(double[] lf, int n, int k) {
        return lf[n] - lf[k] - lf[n - k];
    }
}
