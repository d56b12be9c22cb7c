package io.codedyarn.placement.latency;

import io.codedyarn.placement.Plan;

/**
 * The unit of load every {@link LatencyModel} charges: <b>one worker's uncoded share of the
 * dataset, n/N rows</b> (n rows, N workers). A task that touches a fraction f of the dataset has
 * load f·N, whatever the scheme's partitioning: so an uncoded worker has load 1, a cyclic or
 * fractional worker tolerating s stragglers has load s+1, and two schemes with different partition
 * counts K are charged for the same rows alike.
 *
 * <p>Why not partitions: a plan's {@link Plan#load} counts partitions of n/K rows, and K differs
 * between schemes (hetero-gc picks K = R/gcd(R, s+1), BCC-hetero K = m examples, uncoded, SAG and
 * DSAG take {@code --partitions}). Charging partitions made a scheme with finer partitions look
 * slower by K/N for the same rows. For K = N the two units coincide, and the conversions below are
 * then exact (the factor N/K is exactly 1.0).
 */
public final class LoadUnit {
    private LoadUnit() {}

    /**
     * Load of {@code partitions} partitions (possibly fractional) of a plan with {@code k}
     * partitions and {@code workers} workers: partitions · N/K.
     */
    public static double ofPartitions(double partitions, int k, int workers) {
        if (k < 1 || workers < 1) {
            throw new IllegalArgumentException(
                    "need partitions K >= 1 and workers N >= 1, got K=" + k + ", N=" + workers);
        }
        if (!(partitions >= 0) || Double.isInfinite(partitions)) {
            throw new IllegalArgumentException(
                    "a load in partitions must be finite and >= 0, got " + partitions);
        }
        return partitions * ((double) workers / k);
    }

    /** Per worker, the plan's load ({@link Plan#load}, in partitions) in this unit. */
    public static double[] of(Plan plan) {
        double[] load = new double[plan.workers()];
        for (int i = 0; i < load.length; i++) {
            load[i] = ofPartitions(plan.load(i), plan.partitions(), plan.workers());
        }
        return load;
    }

    /**
     * Load of {@code rows} rows of a dataset of {@code totalRows} rows over {@code workers}
     * workers: rows / (n/N). With n/N computed first, as {@code SimulatedCluster} always did with
     * n/K, so that K = N gives the same bits as before.
     */
    public static double ofRows(long rows, long totalRows, int workers) {
        if (totalRows < 1 || workers < 1 || rows < 0) {
            throw new IllegalArgumentException(
                    "need rows >= 0, a dataset of >= 1 row and >= 1 worker, got rows="
                            + rows
                            + " of "
                            + totalRows
                            + ", N="
                            + workers);
        }
        return rows / ((double) totalRows / workers);
    }
}
