package io.codedyarn.hdfs.dataset;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a whole in-memory {@link RowBlock} as one block file (format in {@code docs/formats.md})
 * straight from its arrays, without the row-by-row copy of {@link DatasetWriter}: what {@code data
 * prepare} uses to write one file per partition of a placement plan, each file through its own
 * output stream (replication, favored nodes).
 */
public final class BlockFiles {
    private BlockFiles() {}

    /**
     * Encodes {@code block} to {@code out} (not closed) and returns its manifest entry.
     *
     * @param file the file name the manifest will list
     */
    public static BlockInfo write(RowBlock block, String file, OutputStream out)
            throws IOException {
        if (block.rows() < 1) {
            throw new IllegalArgumentException("a block file needs at least one row: " + file);
        }
        LittleEndianOutput le = new LittleEndianOutput();
        le.reset(out);
        double[] labels = block.labels();
        BlockFormat.Header h;
        if (block instanceof DenseBlock d) {
            h =
                    new BlockFormat.Header(
                            Storage.DENSE, labels != null, false, d.rows(), d.cols(), d.nnz());
            le.writeBytes(h.encode());
            if (labels != null) {
                le.writeDoubles(labels, 0, d.rows());
            }
            le.writeDoubles(d.values(), 0, d.values().length);
        } else {
            CsrBlock c = (CsrBlock) block;
            int nnz = c.rowPtr()[c.rows()];
            boolean allOne = true;
            for (int k = 0; k < nnz && allOne; k++) {
                allOne = c.values()[k] == 1.0;
            }
            h =
                    new BlockFormat.Header(
                            Storage.CSR, labels != null, allOne, c.rows(), c.cols(), nnz);
            le.writeBytes(h.encode());
            if (labels != null) {
                le.writeDoubles(labels, 0, c.rows());
            }
            le.writeInts(c.rowPtr(), 0, c.rows() + 1);
            le.writeInts(c.colIdx(), 0, nnz);
            if (!allOne) {
                le.writeDoubles(c.values(), 0, nnz);
            }
        }
        le.flush();
        return new BlockInfo(file, block.firstRow(), h.rows(), h.nnz(), le.count(), le.crc32c());
    }
}
