package io.codedyarn.am.train;

import io.codedyarn.compute.data.Rows;
import io.codedyarn.worker.hdfs.HdfsPartitionLoader;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a whole dataset into one in-memory block (simulated clusters and reference solves hold the
 * data in this JVM), wrapped as the worker's rows without a copy ({@link
 * HdfsPartitionLoader#rows}).
 */
public final class DatasetRows {
    private DatasetRows() {}

    public static Rows read(FileSystem fs, Path dir) throws IOException {
        return HdfsPartitionLoader.wholeDataset(fs, dir);
    }
}
