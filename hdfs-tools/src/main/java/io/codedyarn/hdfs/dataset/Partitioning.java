package io.codedyarn.hdfs.dataset;

import io.codedyarn.placement.Ranges;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a dataset's rows into K nearly equal consecutive partitions with the DSAG paper's 1-based
 * convention (DSAG §III): partition k (1 ≤ k ≤ K) is [p_start(n, K, k), p_stop(n, K, k)] with
 * p_start = ⌊(k−1)·n/K⌋ + 1 and p_stop = ⌊k·n/K⌋ ({@link Ranges}). Partition sizes differ by at
 * most one row, and the partitions tile 1..n. Placement plans index partitions 0-based: plan
 * partition j is partition k = j + 1 here.
 */
public final class Partitioning {
    private Partitioning() {}

    /** Partition k (1-based) of K over {@code totalRows} rows. Needs 1 ≤ K ≤ totalRows. */
    public static RowInterval rows(long totalRows, long partitions, long k) {
        return new RowInterval(
                Ranges.pStart(totalRows, partitions, k), Ranges.pStop(totalRows, partitions, k));
    }

    /** All K partitions in order. */
    public static List<RowInterval> all(long totalRows, int partitions) {
        List<RowInterval> out = new ArrayList<>(partitions);
        for (int k = 1; k <= partitions; k++) {
            out.add(rows(totalRows, partitions, k));
        }
        return out;
    }

    /** The 1-based partition holding 1-based row {@code row}. */
    public static long partitionOf(long totalRows, long partitions, long row) {
        if (row < 1 || row > totalRows) {
            throw new IllegalArgumentException("row " + row + " outside 1.." + totalRows);
        }
        // The largest k with p_start(k) = ⌊(k−1)n/K⌋ + 1 ≤ row, i.e. k = ⌊(row·K − 1)/n⌋ + 1
        // (row ≥ ⌊(k−1)n/K⌋ + 1 ⇔ row − 1 ≥ ⌊(k−1)n/K⌋ ⇔ row > (k−1)n/K ⇔ (k−1) < row·K/n).
        return Math.floorDiv(Math.multiplyExact(row, partitions) - 1, totalRows) + 1;
    }
}
