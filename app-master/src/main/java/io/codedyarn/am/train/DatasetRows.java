package io.codedyarn.am.train;

import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.RowBlock;
import io.codedyarn.worker.data.CsrRows;
import io.codedyarn.worker.data.DenseRows;
import io.codedyarn.worker.data.Rows;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a whole dataset into one in-memory block (simulated clusters and reference solves hold the
 * data in this JVM). The hdfs-tools block arrays are taken over as they are (no copy).
 */
public final class DatasetRows {
    private DatasetRows() {}

    public static Rows read(FileSystem fs, Path dir) throws IOException {
        DatasetReader reader = DatasetReader.open(fs, dir);
        long n = reader.manifest().rows();
        if (n > Integer.MAX_VALUE) {
            throw new IOException(dir + ": " + n + " rows do not fit one in-memory block");
        }
        return toRows(reader.readRows(1, n));
    }

    public static Rows toRows(RowBlock block) {
        if (block instanceof DenseBlock d) {
            return new DenseRows(d.rows(), d.cols(), d.values(), d.labels());
        }
        CsrBlock c = (CsrBlock) block;
        return new CsrRows(c.rowPtr(), c.colIdx(), c.values(), c.cols(), c.labels());
    }
}
