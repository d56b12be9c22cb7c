package io.codedyarn.compute.data;

/**
 * A sparse block in compressed sparse row form: the nonzeros of row i are {@code values[k]} at
 * column {@code colIdx[k]} for {@code rowPtr[i] <= k < rowPtr[i+1]}; optional labels (one per row).
 *
 * <p>Validated on construction: rowPtr starts at 0, is non-decreasing and ends at values.length;
 * columns are in [0, cols) and strictly increasing within a row (no duplicates). Kernels sum a
 * row's nonzeros in that (ascending column) order, which is why it is required.
 *
 * <p>Example: [[0, 2, 0], [1, 0, 3]] is rowPtr {0, 1, 3}, colIdx {1, 0, 2}, values {2, 1, 3}.
 *
 * @param rowPtr row starts, length rows+1
 * @param colIdx column of each nonzero
 * @param values value of each nonzero
 * @param cols number of columns, ≥ 1
 * @param labels one label per row, or {@code null}
 */
public record CsrRows(int[] rowPtr, int[] colIdx, double[] values, int cols, double[] labels)
        implements Rows {
    public CsrRows {
        if (cols < 1) {
            throw new IllegalArgumentException("need cols >= 1, got " + cols);
        }
        if (rowPtr == null || rowPtr.length < 1 || rowPtr[0] != 0) {
            throw new IllegalArgumentException("rowPtr must be non-empty and start at 0");
        }
        if (colIdx == null || values == null || colIdx.length != values.length) {
            throw new IllegalArgumentException("colIdx and values must have the same length");
        }
        int rows = rowPtr.length - 1;
        if (rowPtr[rows] != values.length) {
            throw new IllegalArgumentException(
                    "rowPtr ends at "
                            + rowPtr[rows]
                            + " but there are "
                            + values.length
                            + " nonzeros");
        }
        for (int i = 0; i < rows; i++) {
            if (rowPtr[i + 1] < rowPtr[i]) {
                throw new IllegalArgumentException("rowPtr decreases at row " + i);
            }
            int previous = -1;
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                int c = colIdx[k];
                if (c <= previous || c >= cols) {
                    throw new IllegalArgumentException(
                            "row "
                                    + i
                                    + ": column "
                                    + c
                                    + " is out of range [0, "
                                    + cols
                                    + ") or not strictly increasing");
                }
                previous = c;
            }
        }
        if (labels != null && labels.length != rows) {
            throw new IllegalArgumentException(
                    "labels must hold one value per row (" + rows + "), got " + labels.length);
        }
    }

    @Override
    public int rows() {
        return rowPtr.length - 1;
    }

    /** Number of stored nonzeros. */
    public int nonzeros() {
        return values.length;
    }

    /** Bytes of matrix data: 8 per value + 4 per column index + 4 per row pointer. */
    public long bytes() {
        return 12L * values.length + 4L * rowPtr.length;
    }

    /** The CSR form of a dense block (exact zeros dropped), labels shared. */
    public static CsrRows fromDense(DenseRows dense) {
        int rows = dense.rows();
        int cols = dense.cols();
        double[] x = dense.values();
        int nnz = 0;
        for (double value : x) {
            if (value != 0) {
                nnz++;
            }
        }
        int[] rowPtr = new int[rows + 1];
        int[] colIdx = new int[nnz];
        double[] values = new double[nnz];
        int k = 0;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                double value = x[i * cols + j];
                if (value != 0) {
                    colIdx[k] = j;
                    values[k++] = value;
                }
            }
            rowPtr[i + 1] = k;
        }
        return new CsrRows(rowPtr, colIdx, values, cols, dense.labels());
    }

    /** The dense form (for tests and small data). */
    public DenseRows toDense() {
        int rows = rows();
        double[] x = new double[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                x[i * cols + colIdx[k]] = values[k];
            }
        }
        return new DenseRows(rows, cols, x, labels);
    }
}
