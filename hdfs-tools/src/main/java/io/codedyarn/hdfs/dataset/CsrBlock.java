package io.codedyarn.hdfs.dataset;

/**
 * CSR rows in memory: row r's entries are {@code colIdx[k], values[k]} for {@code rowPtr[r] ≤ k <
 * rowPtr[r+1]}, rowPtr[0] = 0, column indices strictly increasing within a row. Binary blocks
 * (stored without values on disk) are materialised with values 1.0. Arrays are shared.
 */
public final class CsrBlock implements RowBlock {
    private final long firstRow;
    private final int rows;
    private final int cols;
    private final int[] rowPtr;
    private final int[] colIdx;
    private final double[] values;
    private final double[] labels;

    public CsrBlock(
            long firstRow,
            int rows,
            int cols,
            int[] rowPtr,
            int[] colIdx,
            double[] values,
            double[] labels) {
        if (rowPtr.length != rows + 1 || rowPtr[0] != 0) {
            throw new IllegalArgumentException("rowPtr must have rows+1 entries starting at 0");
        }
        int nnz = rowPtr[rows];
        if (colIdx.length != nnz || values.length != nnz) {
            throw new IllegalArgumentException("colIdx/values length != rowPtr[rows] = " + nnz);
        }
        if (labels != null && labels.length != rows) {
            throw new IllegalArgumentException("labels.length " + labels.length + " != " + rows);
        }
        this.firstRow = firstRow;
        this.rows = rows;
        this.cols = cols;
        this.rowPtr = rowPtr;
        this.colIdx = colIdx;
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

    public int[] rowPtr() {
        return rowPtr;
    }

    public int[] colIdx() {
        return colIdx;
    }

    public double[] values() {
        return values;
    }

    @Override
    public double[] labels() {
        return labels;
    }

    @Override
    public long nnz() {
        return rowPtr[rows];
    }

    /** Row r as a dense array of length cols (for tests and small conversions). */
    public double[] denseRow(int r) {
        double[] out = new double[cols];
        for (int k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
            out[colIdx[k]] = values[k];
        }
        return out;
    }
}
