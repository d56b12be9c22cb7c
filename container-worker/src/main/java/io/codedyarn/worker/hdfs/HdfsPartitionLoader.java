package io.codedyarn.worker.hdfs;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.task.PartitionLoader;
import io.codedyarn.compute.task.WorkerAssignment;
import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.RowBlock;
import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The worker's one Hadoop adapter: reads each assigned partition file ({@code part-0000j.cyd} of a
 * {@code data prepare} output, a dataset directory whose {@code manifest.json} lists the partition
 * files) with {@link DatasetReader}, which checks the block header against the manifest, after
 * checking the file's CRC32C against the manifest's (as {@code data verify} does). The reader's
 * row-major dense and CSR arrays have the worker's layouts, so they are wrapped, not copied; the
 * intercept column is appended when the assignment asks for it.
 *
 * <p>With the container on the node that holds the partitions, HDFS serves these reads locally
 * (short-circuit where configured).
 */
public final class HdfsPartitionLoader implements PartitionLoader {
    private final Configuration conf;

    /**
     * @param conf resolves each URI's file system (the container's Hadoop configuration)
     */
    public HdfsPartitionLoader(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public Map<Integer, Rows> load(WorkerAssignment a) throws IOException {
        Map<Path, DatasetReader> readers = new HashMap<>();
        Map<Integer, Rows> out = new TreeMap<>();
        for (Map.Entry<Integer, String> e : new TreeMap<>(a.partitionUris()).entrySet()) {
            Path file = new Path(URI.create(e.getValue()));
            Path dir = file.getParent();
            if (dir == null) {
                throw new IOException(
                        "partition " + e.getKey() + ": " + file + " is not inside a dataset");
            }
            DatasetReader reader = readers.get(dir);
            if (reader == null) {
                reader = DatasetReader.open(file.getFileSystem(conf), dir);
                readers.put(dir, reader);
            }
            int index = blockIndex(reader, file, e.getKey());
            verify(reader, index, file, e.getKey());
            RowBlock block = reader.readBlock(index);
            Rows rows = rows(block);
            out.put(e.getKey(), a.intercept() ? Intercept.append(rows) : rows);
        }
        return out;
    }

    /**
     * The file's CRC32C against the manifest's (what {@code data verify} checks): a corrupted or
     * swapped partition file fails the worker, naming the file, instead of training on wrong rows.
     * One extra streaming pass over a file the load then reads again (from the page cache).
     */
    private static void verify(DatasetReader reader, int index, Path file, int partition)
            throws IOException {
        long want = reader.manifest().blocks().get(index).crc32c();
        long got = DatasetVerifier.crc32c(reader.fileSystem(), file);
        if (got != want) {
            throw new IOException(
                    String.format(
                            "partition %d: %s: CRC32C mismatch: file has %08x, manifest says %08x"
                                    + " (corrupted)",
                            partition, file, got, want));
        }
    }

    private static int blockIndex(DatasetReader reader, Path file, int partition)
            throws IOException {
        List<BlockInfo> blocks = reader.manifest().blocks();
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).file().equals(file.getName())) {
                return i;
            }
        }
        throw new IOException(
                "partition "
                        + partition
                        + ": "
                        + file.getName()
                        + " is not listed in "
                        + new Path(file.getParent(), "manifest.json"));
    }

    /**
     * A whole dataset as one in-memory block (the simulated cluster, reference solves and the AM's
     * held-out rows hold their data in one JVM).
     */
    public static Rows wholeDataset(org.apache.hadoop.fs.FileSystem fs, Path dir)
            throws IOException {
        io.codedyarn.hdfs.dataset.DatasetReader reader =
                io.codedyarn.hdfs.dataset.DatasetReader.open(fs, dir);
        long n = reader.manifest().rows();
        if (n > Integer.MAX_VALUE) {
            throw new IOException(dir + ": " + n + " rows do not fit one in-memory block");
        }
        return rows(reader.readRows(1, n));
    }

    /** The block's arrays as worker rows (no copy). */
    public static Rows rows(RowBlock block) {
        if (block instanceof DenseBlock d) {
            return new DenseRows(d.rows(), d.cols(), d.values(), d.labels());
        }
        CsrBlock c = (CsrBlock) block;
        return new CsrRows(c.rowPtr(), c.colIdx(), c.values(), c.cols(), c.labels());
    }
}
