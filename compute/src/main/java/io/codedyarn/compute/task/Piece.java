package io.codedyarn.compute.task;

/**
 * One term of a work unit: {@code coefficient ·} (kernel over rows [firstRow, firstRow + rowCount)
 * of the worker's stored plan partition {@code partition}). Rows are 0-based within the partition;
 * {@code rowCount < 0} means "to the end of the partition".
 */
public record Piece(int partition, int firstRow, int rowCount, double coefficient) {
    public Piece {
        if (partition < 0 || firstRow < 0) {
            throw new IllegalArgumentException(
                    "piece needs partition >= 0 and firstRow >= 0, got "
                            + partition
                            + "/"
                            + firstRow);
        }
    }

    /** The whole partition with coefficient 1. */
    public static Piece whole(int partition) {
        return new Piece(partition, 0, -1, 1.0);
    }
}
