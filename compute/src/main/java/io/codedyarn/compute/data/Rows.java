package io.codedyarn.compute.data;

/**
 * An in-memory block of samples (one sample per row) with optional labels: what a worker holds for
 * one partition after reading it. Two layouts: {@link DenseRows} (row-major) and {@link CsrRows}
 * (compressed sparse rows). Subpartitions are row ranges: {@link #range(int, int)} is a view, it
 * copies nothing.
 *
 * <p>Blocks are immutable by contract: the arrays are taken as given (no defensive copy, they may
 * be hundreds of megabytes) and must not be modified afterwards.
 */
public sealed interface Rows permits DenseRows, CsrRows {
    /** Number of rows (samples). */
    int rows();

    /** Number of columns (features). */
    int cols();

    /** One label per row, or {@code null} when the block has none (e.g. PCA data). */
    double[] labels();

    /** Label of row {@code i}; throws when the block has no labels. */
    default double label(int i) {
        double[] y = labels();
        if (y == null) {
            throw new IllegalStateException("this block has no labels");
        }
        return y[i];
    }

    /** The whole block as a range. */
    default RowRange all() {
        return new RowRange(this, 0, rows());
    }

    /** Rows {@code first .. first+count-1} as a view. */
    default RowRange range(int first, int count) {
        return new RowRange(this, first, count);
    }
}
