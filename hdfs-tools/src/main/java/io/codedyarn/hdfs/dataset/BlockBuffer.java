package io.codedyarn.hdfs.dataset;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/** The rows of the block being written, in growable arrays; encodes itself as a block file. */
final class BlockBuffer {
    /** Largest array we allocate (JVMs refuse slightly below Integer.MAX_VALUE). */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private final Storage storage;
    private final int cols;
    private final boolean hasLabels;

    int rows;
    long nnz;
    double[] labels = new double[1024];
    double[] values = new double[1024];
    int[] rowPtr = new int[1025];
    int[] colIdx = new int[1024];
    int valueCount;
    boolean allOne = true;

    BlockBuffer(Storage storage, int cols, boolean hasLabels) {
        this.storage = storage;
        this.cols = cols;
        this.hasLabels = hasLabels;
    }

    void clear() {
        rows = 0;
        nnz = 0;
        valueCount = 0;
        allOne = true;
    }

    /** Whether one more row of {@code entries} values fits into the arrays. */
    boolean fits(int entries) {
        return (long) valueCount + entries <= MAX_ARRAY && rows + 2 <= MAX_ARRAY;
    }

    /** Bytes the block file would take now. */
    long bytes() {
        long b = BlockFormat.HEADER_BYTES + (hasLabels ? 8L * rows : 0);
        if (storage == Storage.DENSE) {
            return b + 8L * valueCount;
        }
        return b + 4L * (rows + 1) + 12L * valueCount;
    }

    void addDense(double[] row, double label) {
        ensure(rows + 1, valueCount + cols);
        System.arraycopy(row, 0, values, valueCount, cols);
        for (double v : row) {
            if (v != 0) {
                nnz++;
            }
        }
        valueCount += cols;
        finishRow(label);
    }

    void addSparse(int[] idx, double[] vals, int len, double label) {
        ensure(rows + 1, valueCount + len);
        System.arraycopy(idx, 0, colIdx, valueCount, len);
        if (vals == null) {
            Arrays.fill(values, valueCount, valueCount + len, 1.0);
        } else {
            System.arraycopy(vals, 0, values, valueCount, len);
            for (int k = 0; k < len && allOne; k++) {
                allOne = vals[k] == 1.0;
            }
        }
        valueCount += len;
        nnz += len;
        rowPtr[rows + 1] = valueCount;
        finishRow(label);
    }

    private void finishRow(double label) {
        if (hasLabels) {
            labels[rows] = label;
        }
        rows++;
    }

    BlockFormat.Header header() {
        return new BlockFormat.Header(
                storage, hasLabels, storage == Storage.CSR && allOne, rows, cols, nnz);
    }

    /** Writes header and sections; returns the header written. */
    BlockFormat.Header writeTo(OutputStream out, LittleEndianOutput le) throws IOException {
        BlockFormat.Header h = header();
        le.reset(out);
        le.writeBytes(h.encode());
        if (hasLabels) {
            le.writeDoubles(labels, 0, rows);
        }
        if (storage == Storage.DENSE) {
            le.writeDoubles(values, 0, valueCount);
        } else {
            rowPtr[0] = 0;
            le.writeInts(rowPtr, 0, rows + 1);
            le.writeInts(colIdx, 0, valueCount);
            if (!h.valuesAllOne()) {
                le.writeDoubles(values, 0, valueCount);
            }
        }
        le.flush();
        return h;
    }

    private void ensure(int needRows, int needValues) {
        if (needRows > labels.length && hasLabels) {
            labels = Arrays.copyOf(labels, grow(labels.length, needRows));
        }
        if (needValues > values.length) {
            values = Arrays.copyOf(values, grow(values.length, needValues));
        }
        if (storage == Storage.CSR) {
            if (needRows + 1 > rowPtr.length) {
                rowPtr = Arrays.copyOf(rowPtr, grow(rowPtr.length, needRows + 1));
            }
            if (needValues > colIdx.length) {
                colIdx = Arrays.copyOf(colIdx, grow(colIdx.length, needValues));
            }
        }
    }

    private static int grow(int have, int need) {
        return (int) Math.min(MAX_ARRAY, Math.max(need, 2L * have));
    }
}
