package io.codedyarn.am.train;

import io.codedyarn.compute.data.Rows;
import io.codedyarn.hdfs.dataset.DatasetReader;
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
        DatasetReader reader = DatasetReader.open(fs, dir);
        long n = reader.manifest().rows();
        if (n > Integer.MAX_VALUE) {
            throw new IOException(dir + ": " + n + " rows do not fit one in-memory block");
        }
        return HdfsPartitionLoader.rows(reader.readRows(1, n));
    }
}
