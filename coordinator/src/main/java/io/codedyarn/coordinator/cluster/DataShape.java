package io.codedyarn.coordinator.cluster;

/**
 * What the coordinator knows of the data (from the placed dataset's manifest): n rows, d columns
 * (before any intercept column), rows per plan partition (partition j = rows {@code
 * Partitioning.rows(n, K, j + 1)}).
 */
public record DataShape(long rows, int cols, long[] partitionRows) {
    public DataShape {
        partitionRows = partitionRows.clone();
    }

    @Override
    public long[] partitionRows() {
        return partitionRows.clone();
    }

    public int partitions() {
        return partitionRows.length;
    }
}
