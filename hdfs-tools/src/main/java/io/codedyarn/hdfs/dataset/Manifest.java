package io.codedyarn.hdfs.dataset;

import java.util.List;

/**
 * The parsed {@code manifest.json} of a dataset directory (format in {@code docs/formats.md}): the
 * {@link DatasetSpec}, the row count and the row blocks in order. Read and written by {@link
 * ManifestJson}; produced by {@link DatasetWriter#commit()}.
 *
 * @param formatVersion the manifest's {@code formatVersion} (this code writes {@link
 *     #FORMAT_VERSION})
 * @param rows total rows
 * @param spec storage, columns, labels, transformations, seed and source
 * @param blocks the row blocks; block i starts at row 1 + Σ_{j<i} rows_j
 */
public record Manifest(int formatVersion, long rows, DatasetSpec spec, List<BlockInfo> blocks) {
    /** The manifest's {@code format} value. */
    public static final String FORMAT = "coded-yarn-dataset";

    /** The manifest version this code writes and the newest it reads. */
    public static final int FORMAT_VERSION = 1;

    /** The manifest's file name inside the dataset directory. */
    public static final String FILE_NAME = "manifest.json";

    /** The only feature type of version 1. */
    public static final String FEATURE_TYPE = "float64";

    public Manifest {
        blocks = List.copyOf(blocks);
    }

    public Storage storage() {
        return spec.storage();
    }

    public int cols() {
        return spec.cols();
    }

    public LabelSpec labels() {
        return spec.labels();
    }

    /** Σ nnz over blocks. */
    public long nnz() {
        long s = 0;
        for (BlockInfo b : blocks) {
            s += b.nnz();
        }
        return s;
    }

    /** Σ bytes over blocks (manifest excluded). */
    public long bytes() {
        long s = 0;
        for (BlockInfo b : blocks) {
            s += b.bytes();
        }
        return s;
    }

    /** nnz / (rows·cols), 0 for an empty dataset. */
    public double density() {
        return rows == 0 ? 0 : nnz() / ((double) rows * cols());
    }

    /** The index of the block that holds 1-based global row {@code row}. */
    public int blockOfRow(long row) {
        if (row < 1 || row > rows) {
            throw new IllegalArgumentException("row " + row + " outside 1.." + rows);
        }
        int lo = 0;
        int hi = blocks.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (blocks.get(mid).firstRow() <= row) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }
}
