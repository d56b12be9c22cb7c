package io.codedyarn.hdfs.dataset;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * How a {@link DatasetWriter} writes.
 *
 * @param overwrite replace an existing target directory on commit (else refuse)
 * @param targetBlockBytes roll to a new block file once the current one reaches this many bytes
 * @param maxBlockRows roll to a new block file after this many rows
 * @param outputs creates each block file; the hook for replication and favored nodes ({@code
 *     DistributedFileSystem.create(..., favoredNodes)})
 */
public record WriterOptions(
        boolean overwrite, long targetBlockBytes, long maxBlockRows, BlockOutputFactory outputs) {

    /** 64 MiB: large enough for fast bulk loads, small enough to buffer. */
    public static final long DEFAULT_BLOCK_BYTES = 64L << 20;

    /** Creates the output stream of one block file. */
    @FunctionalInterface
    public interface BlockOutputFactory {
        OutputStream create(FileSystem fs, Path file, int blockIndex) throws IOException;
    }

    /** {@code fs.create(file, false)}: default replication and placement. */
    public static final BlockOutputFactory DEFAULT_OUTPUTS =
            (fs, file, i) -> fs.create(file, false);

    public WriterOptions {
        if (targetBlockBytes < 1 || maxBlockRows < 1) {
            throw new IllegalArgumentException("block limits must be positive");
        }
        if (outputs == null) {
            outputs = DEFAULT_OUTPUTS;
        }
    }

    /** No overwrite, 64 MiB blocks, no row limit, default outputs. */
    public static WriterOptions defaults() {
        return new WriterOptions(false, DEFAULT_BLOCK_BYTES, Long.MAX_VALUE, DEFAULT_OUTPUTS);
    }

    public WriterOptions withOverwrite(boolean value) {
        return new WriterOptions(value, targetBlockBytes, maxBlockRows, outputs);
    }

    public WriterOptions withTargetBlockBytes(long value) {
        return new WriterOptions(overwrite, value, maxBlockRows, outputs);
    }

    public WriterOptions withMaxBlockRows(long value) {
        return new WriterOptions(overwrite, targetBlockBytes, value, outputs);
    }

    public WriterOptions withOutputs(BlockOutputFactory value) {
        return new WriterOptions(overwrite, targetBlockBytes, maxBlockRows, value);
    }
}
