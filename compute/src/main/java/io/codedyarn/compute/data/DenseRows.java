package io.codedyarn.compute.data;

/**
 * A dense block: {@code rows × cols} doubles in one row-major array, x_ij = {@code values[i*cols +
 * j]}, plus optional labels (one per row).
 *
 * <p>Example: the 2×3 block [[1, 2, 3], [4, 5, 6]] with labels (+1, −1) is {@code new DenseRows(2,
 * 3, new double[] {1, 2, 3, 4, 5, 6}, new double[] {1, -1})}.
 *
 * @param rows number of rows, ≥ 0
 * @param cols number of columns, ≥ 1
 * @param values row-major values, length rows·cols
 * @param labels one label per row, or {@code null}
 */
public record DenseRows(int rows, int cols, double[] values, double[] labels) implements Rows {
    public DenseRows {
        if (rows < 0 || cols < 1) {
            throw new IllegalArgumentException(
                    "need rows >= 0 and cols >= 1, got " + rows + " x " + cols);
        }
        if (values == null || values.length != (long) rows * cols) {
            throw new IllegalArgumentException(
                    "values must hold rows*cols = "
                            + (long) rows * cols
                            + " doubles, got "
                            + (values == null ? "null" : values.length));
        }
        if (labels != null && labels.length != rows) {
            throw new IllegalArgumentException(
                    "labels must hold one value per row (" + rows + "), got " + labels.length);
        }
    }

    /** An unlabelled block. */
    public static DenseRows of(int rows, int cols, double[] values) {
        return new DenseRows(rows, cols, values, null);
    }

    /** x_ij. */
    public double get(int i, int j) {
        return values[i * cols + j];
    }

    /** Offset of row {@code i} in {@link #values()}. */
    public int offset(int i) {
        return i * cols;
    }

    /** Bytes of matrix data (values only). */
    public long bytes() {
        return 8L * values.length;
    }
}
