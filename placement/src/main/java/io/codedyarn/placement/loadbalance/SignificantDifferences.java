package io.codedyarn.placement.loadbalance;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The latency differences between workers that the profiler's window can tell from noise (issue 28
 * §3). Algorithm 1 equalises the workers' mean latencies, but each mean comes from the ≈ 10–20
 * samples of a 10 s window: with 200 identically distributed workers whose task times are
 * exponential, the trimmed means of such windows spread over a factor of about 4 (max/min), so the
 * balancer re-cut the workers' subpartitions after nearly every solve, chasing noise. Each re-cut
 * evicted cache entries (DSAG §VI-C), the cache never settled, and DSAG on PCA stopped at a
 * relative gap of 1e-6 instead of 1e-14.
 *
 * <p>Here a worker keeps its own mean only when it differs significantly from the others'; every
 * other worker gets their pooled mean. Task times are multiplicative (a slow host scales them), and
 * their noise is proportional to their mean (exponential, gamma), so the test compares log means,
 * whose standard error r_i = se_i/m_i is about the same for every worker. For means m_i with
 * squared standard errors se²_i (the profiler's Tukey–McLaughlin errors of its trimmed means) over
 * h_i samples:
 *
 * <pre>
 *   r²_i = max(se²_i/m²_i, median_j(h_j·se²_j/m²_j) / h_i)     at least a typical worker's error
 *   z = Φ⁻¹(1 − α/(2N))                                        two-sided, Bonferroni over N workers
 *   first pass:  distinct_i = |ln m_i − ln median(m)| &gt; z·r_i
 *   pooled μ = mean of m_i over the k workers not distinct, r²_μ = Σ se²_i / (k·μ)²
 *   second pass: distinct_i = |ln m_i − ln μ| &gt; z·√(r²_i + r²_μ);   m'_i = distinct_i ? m_i : μ
 * </pre>
 *
 * The floor on r_i matters: a window of a few unusually short tasks has both a low mean and a low
 * spread, and its own error would make a lucky worker look significantly fast. The floor pools the
 * relative spread over all workers, so the normal quantile applies (z ≈ 4.1 for N = 200, α =
 * {@value #ALPHA}). With exponential task times and ≈ 13 samples kept per window (r ≈ 0.3), a
 * worker 8× slower stands out at once and one 2× slower after ≈ 50 samples; identical workers show
 * a false difference in about one solve of a hundred, for one worker. When every worker differs
 * from the median, nothing is pooled; the median, not the mean, is the first centre, so a few slow
 * workers do not pull it towards them. The spreads (variances) are left as measured: they only
 * shape the simulated contribution h.
 */
public final class SignificantDifferences {
    /** Family-wise false-alarm probability per solve. */
    public static final double ALPHA = 0.01;

    private SignificantDifferences() {}

    /**
     * {@code stats} with the computation and communication means of the workers that do not differ
     * significantly pooled, and how many differ. Without standard errors, {@code stats} as it is.
     */
    public static Result pool(LatencyStats stats) {
        int n = stats.workers();
        if (!stats.hasErrors()) {
            return new Result(stats, n, n);
        }
        double[] comp = values(n, stats::compMean);
        double[] comm = values(n, stats::commMean);
        int[] samples = java.util.stream.IntStream.range(0, n).map(stats::samples).toArray();
        double z = threshold(n, ALPHA);
        int distinctComp = pool(comp, values(n, stats::compMeanError), samples, z);
        int distinctComm = pool(comm, values(n, stats::commMeanError), samples, z);
        LatencyStats pooled = stats.withMeans(comm, comp);
        return new Result(pooled, distinctComp, distinctComm);
    }

    /**
     * What {@link #pool(LatencyStats)} found.
     *
     * @param stats the moments with the pooled means
     * @param distinctComputation workers whose computation mean kept its own value
     * @param distinctCommunication workers whose communication mean kept its own value
     */
    public record Result(LatencyStats stats, int distinctComputation, int distinctCommunication) {}

    private static double[] values(int n, java.util.function.IntToDoubleFunction f) {
        return java.util.stream.IntStream.range(0, n).mapToDouble(f).toArray();
    }

    /** z = Φ⁻¹(1 − α/(2N)). */
    static double threshold(int workers, double alpha) {
        return new NormalDistribution(null, 0, 1)
                .inverseCumulativeProbability(1 - alpha / (2.0 * workers));
    }

    /**
     * Pools the means m (all &gt; 0) in place (the two passes above); returns how many kept their
     * own value.
     */
    static int pool(double[] m, double[] se2, int[] samples, double z) {
        int n = m.length;
        double[] r2 = relativeErrors(m, se2, samples);
        double median = median(m.clone());
        double sum = 0;
        double err = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (Math.abs(Math.log(m[i] / median)) <= z * Math.sqrt(r2[i])) {
                sum += m[i];
                err += se2[i];
                k++;
            }
        }
        if (k == 0) {
            return n;
        }
        double mu = sum / k;
        double muError = err / ((double) k * k * mu * mu);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (Math.abs(Math.log(m[i] / mu)) > z * Math.sqrt(r2[i] + muError)) {
                distinct++;
            } else {
                m[i] = mu;
            }
        }
        return distinct;
    }

    /** r²_i = max(se²_i/m²_i, median_j(h_j·se²_j/m²_j)/h_i). */
    private static double[] relativeErrors(double[] m, double[] se2, int[] samples) {
        int n = m.length;
        double[] own = new double[n];
        double[] perSample = new double[n];
        for (int i = 0; i < n; i++) {
            own[i] = se2[i] / (m[i] * m[i]);
            perSample[i] = own[i] * samples[i];
        }
        double typical = median(perSample);
        for (int i = 0; i < n; i++) {
            own[i] = Math.max(own[i], typical / Math.max(1, samples[i]));
        }
        return own;
    }

    /** The median (sorts a). */
    private static double median(double[] a) {
        Arrays.sort(a);
        int n = a.length;
        return n % 2 == 1 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
    }
}
