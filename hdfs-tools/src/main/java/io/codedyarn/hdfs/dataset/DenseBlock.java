package io.codedyarn.hdfs.dataset;

/**
 * Dense rows in memory: {@code values[r·cols + c]} is row r, column c (row-major, as on disk).
 * Arrays are shared, not copied.
 */
public final class DenseBlock implements RowBlock {
    private final long firstRow;
    private final int rows;
    private final int cols;
    private final double[] values;
    private final double[] labels;

    /**
     * @param firstRow global 1-based index of row 0
     * @param values rows·cols values, row-major
     * @param labels rows labels, or null
     */
    public DenseBlock(long firstRow, int rows, int cols, double[] values, double[] labels) {
        if ((long) rows * cols != values.length) {
            throw new IllegalArgumentException(
                    "values.length " + values.length + " != rows·cols " + (long) rows * cols);
        }
        if (labels != null && labels.length != rows) {
            throw new IllegalArgumentException("labels.length " + labels.length + " != " + rows);
        }
        this.firstRow = firstRow;
        this.rows = rows;
        this.cols = cols;
        this.values = values;
        this.labels = labels;
    }

    @Override
    public long firstRow() {
        return firstRow;
    }

    @Override
    public int rows() {
        return rows;
    }

    @Override
    public int cols() {
        return cols;
    }

    /** Row-major values (shared). */
    public double[] values() {
        return values;
    }

    /** Value at row r, column c (0-based within the block). */
    public double get(int r, int c) {
        return values[r * cols + c];
    }

    @Override
    public double[] labels() {
        return labels;
    }

    @Override
    public long nnz() {
        long n = 0;
        for (double v : values) {
            if (v != 0) {
                n++;
            }
        }
        return n;
    }
}
