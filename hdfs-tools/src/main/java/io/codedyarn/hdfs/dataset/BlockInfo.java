package io.codedyarn.hdfs.dataset;

/**
 * One row-block file as the manifest records it.
 *
 * @param file the file name inside the dataset directory ({@code block-00000.cyd})
 * @param firstRow the global 1-based index of the block's first row (DSAG p_start convention)
 * @param rows rows in the block (≥ 1)
 * @param nnz non-zero feature values: for CSR the stored entries, for dense the entries ≠ 0
 * @param bytes the file's length in bytes
 * @param crc32c the CRC32C ({@link java.util.zip.CRC32C}) of the whole file, as an unsigned value
 */
public record BlockInfo(String file, long firstRow, long rows, long nnz, long bytes, long crc32c) {
    /** The global 1-based index of the block's last row. */
    public long lastRow() {
        return firstRow + rows - 1;
    }
}
