package io.codedyarn.compute.data;

/**
 * Rows {@code first .. first+count-1} of a block, without copying: a subpartition (DSAG §1.2) or a
 * whole partition. Kernels take ranges, so "the whole block" and "the same rows through a view of a
 * view" run the same code on the same memory and give bit-identical results.
 *
 * @param rows the underlying block
 * @param first index of the first row in {@code rows}, 0-based
 * @param count number of rows, may be 0
 */
public record RowRange(Rows rows, int first, int count) {
    public RowRange {
        if (rows == null) {
            throw new IllegalArgumentException("rows must not be null");
        }
        if (first < 0 || count < 0 || first > rows.rows() - count) {
            throw new IllegalArgumentException(
                    "row range ["
                            + first
                            + ", "
                            + ((long) first + count)
                            + ") is outside a block of "
                            + rows.rows()
                            + " rows");
        }
    }

    /** Rows {@code first .. first+count-1} of this range (indices relative to this range). */
    public RowRange sub(int first, int count) {
        if (first < 0 || count < 0 || first > this.count - count) {
            throw new IllegalArgumentException(
                    "sub-range ["
                            + first
                            + ", "
                            + ((long) first + count)
                            + ") is outside a range of "
                            + this.count
                            + " rows");
        }
        return new RowRange(rows, this.first + first, count);
    }

    /** Number of columns of the underlying block. */
    public int cols() {
        return rows.cols();
    }

    /** One past the last row, in the block's indices. */
    public int end() {
        return first + count;
    }
}
