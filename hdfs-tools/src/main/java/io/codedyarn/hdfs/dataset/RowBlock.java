package io.codedyarn.hdfs.dataset;

/**
 * Rows of a dataset loaded into memory: a {@link DenseBlock} or a {@link CsrBlock}. These are the
 * minimal in-memory structs of hdfs-tools (it sits below the worker module); kernels adapt them.
 */
public sealed interface RowBlock permits DenseBlock, CsrBlock {
    /** The global 1-based index of row 0 of this block. */
    long firstRow();

    /** Rows held. */
    int rows();

    /** Feature columns. */
    int cols();

    /** One label per row, or {@code null} for a dataset without labels. */
    double[] labels();

    /** Non-zero (CSR: stored) feature entries. */
    long nnz();
}
