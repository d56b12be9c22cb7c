package io.codedyarn.hdfs.importer;

import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Streams one input format into a new dataset. Implementations read the input once or twice (LIBSVM
 * without {@code --cols} scans it first for the column count), never hold more than a block of
 * rows, and write through a {@link io.codedyarn.hdfs.dataset.DatasetWriter}: the dataset appears at
 * the target only when complete, and any failure leaves nothing behind.
 */
public interface Importer {
    /** The format's name as {@code --format} spells it. */
    String format();

    /**
     * Imports into {@code target} on {@code fs}.
     *
     * @throws BadInputException the input is malformed (message: file, line, what is wrong)
     * @throws IOException reading or writing failed
     */
    Manifest importTo(FileSystem fs, Path target, WriterOptions options) throws IOException;
}
