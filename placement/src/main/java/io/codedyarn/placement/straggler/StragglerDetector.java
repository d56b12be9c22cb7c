package io.codedyarn.placement.straggler;

import java.util.Arrays;

/**
 * Robust per-worker fast/slow classification, the rule of HDFS's slow-node detector ({@code
 * OutlierDetector}): over a sliding window of each worker's last {@code window} latencies
 * (normalised per unit of load), take each worker's median m_i; across workers take the median M
 * and the scaled median absolute deviation MAD = 1.4826 · median_i |m_i − M|; worker i is slow iff
 *
 * <pre>m_i &gt; max(minimum, M · medianMultiplier, M + deviations · MAD)</pre>
 *
 * Medians resist the stragglers themselves (up to half the workers), unlike a mean ± σ rule. The
 * state feeds GC-DC's imperfect straggler-state information (window 1 = the last iteration) and the
 * heterogeneous schemes. Not thread-safe: owned by the coordinator thread.
 */
public final class StragglerDetector {
    /** Makes the MAD a consistent estimator of σ for normal data. */
    static final double MAD_SCALE = 1.4826;

    private final int workers;
    private final int window;
    private final double deviations;
    private final double medianMultiplier;
    private final double minimum;
    private final double[][] samples; // ring buffer per worker
    private final int[] count;
    private final boolean[] slow;
    private final double[] medians;
    private double clusterMedian = Double.NaN;

    /**
     * @param window samples per worker kept (≥ 1)
     * @param deviations k in M + k·MAD (HDFS: 3)
     * @param medianMultiplier a slow worker is also at least this many times the median (HDFS: 3; 1
     *     disables)
     * @param minimum latencies below this never count as slow (HDFS: a low threshold in ms)
     */
    public StragglerDetector(
            int workers, int window, double deviations, double medianMultiplier, double minimum) {
        if (workers < 1
                || window < 1
                || !(deviations >= 0)
                || !(medianMultiplier >= 1)
                || !(minimum >= 0)) {
            throw new IllegalArgumentException(
                    "bad detector settings: workers="
                            + workers
                            + ", window="
                            + window
                            + ", deviations="
                            + deviations
                            + ", medianMultiplier="
                            + medianMultiplier
                            + ", minimum="
                            + minimum);
        }
        this.workers = workers;
        this.window = window;
        this.deviations = deviations;
        this.medianMultiplier = medianMultiplier;
        this.minimum = minimum;
        this.samples = new double[workers][window];
        this.count = new int[workers];
        this.slow = new boolean[workers];
        this.medians = new double[workers];
        java.util.Arrays.fill(medians, Double.NaN);
    }

    /** HDFS's defaults: 3 MADs, 3× the median, no minimum. */
    public static StragglerDetector hdfsDefaults(int workers, int window) {
        return new StragglerDetector(workers, window, 3, 3, 0);
    }

    /** Records one latency per unit of load for {@code worker}. Non-finite values are rejected. */
    public void record(int worker, double latencyPerUnit) {
        if (!(latencyPerUnit >= 0) || Double.isInfinite(latencyPerUnit)) {
            throw new IllegalArgumentException(
                    "worker "
                            + worker
                            + ": latency must be finite and >= 0, got "
                            + latencyPerUnit);
        }
        samples[worker][count[worker] % window] = latencyPerUnit;
        count[worker]++;
    }

    /**
     * Re-classifies every worker with at least one sample; workers without samples keep their state
     * (fast initially). Returns the new states.
     */
    public boolean[] classify() {
        double[] med = new double[workers];
        int known = 0;
        double[] tmp = new double[window];
        for (int i = 0; i < workers; i++) {
            int c = Math.min(count[i], window);
            if (c > 0) {
                System.arraycopy(samples[i], 0, tmp, 0, c);
                med[known++] = median(tmp, c);
            }
        }
        if (known == 0) {
            return slow.clone();
        }
        double[] meds = Arrays.copyOf(med, known);
        double m = median(meds.clone(), known);
        double[] dev = new double[known];
        for (int k = 0; k < known; k++) {
            dev[k] = Math.abs(meds[k] - m);
        }
        double mad = MAD_SCALE * median(dev, known);
        clusterMedian = m;
        double limit = Math.max(minimum, Math.max(m * medianMultiplier, m + deviations * mad));
        int k = 0;
        for (int i = 0; i < workers; i++) {
            if (Math.min(count[i], window) > 0) {
                medians[i] = meds[k];
                slow[i] = meds[k++] > limit;
            }
        }
        return slow.clone();
    }

    /** Worker w's median at the last {@link #classify} (NaN before it had samples). */
    public double median(int worker) {
        return medians[worker];
    }

    /** The median of the workers' medians at the last {@link #classify}. */
    public double clusterMedian() {
        return clusterMedian;
    }

    /** Drops worker w's samples (a replaced worker starts afresh) and calls it fast. */
    public void forget(int worker) {
        count[worker] = 0;
        slow[worker] = false;
        medians[worker] = Double.NaN;
    }

    public boolean[] states() {
        return slow.clone();
    }

    /** Median of the first {@code n} values (sorts them in place). */
    static double median(double[] a, int n) {
        Arrays.sort(a, 0, n);
        return n % 2 == 1 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
    }
}
