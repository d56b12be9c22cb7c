package io.codedyarn.hdfs.bench;

import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Partitioning;
import io.codedyarn.hdfs.dataset.RowBlock;
import io.codedyarn.hdfs.dataset.RowInterval;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Loading a partition into worker memory ({@link DatasetReader#readPartition}) against the raw read
 * rate of the same files ({@code FileSystem.open} + {@code readFully} into one {@code byte[]}), in
 * the same process: after {@code warmups} untimed rounds, {@code runs} rounds each time one raw
 * read then one load, and the medians are compared. The target: load rate ≥ 50 % of raw.
 */
public final class PartitionLoadBenchmark {
    private PartitionLoadBenchmark() {}

    /**
     * @param filesystem the filesystem's URI scheme
     * @param bytes bytes of the block files the partition spans (each read whole by the raw read)
     * @param rows rows loaded
     * @param rawMedianNanos median time of the raw reads
     * @param loadMedianNanos median time of readPartition
     */
    public record Result(
            String filesystem,
            String files,
            long bytes,
            long rows,
            int runs,
            long rawMedianNanos,
            long loadMedianNanos) {

        public double rawMiBps() {
            return bytes / 1048576.0 / (rawMedianNanos / 1e9);
        }

        public double loadMiBps() {
            return bytes / 1048576.0 / (loadMedianNanos / 1e9);
        }

        /** Load rate / raw rate. */
        public double ratio() {
            return (double) rawMedianNanos / loadMedianNanos;
        }

        public String toText() {
            return String.format(
                    Locale.ROOT,
                    "%-5s %s: %d bytes, %d rows, median of %d: raw %.1f ms (%.0f MiB/s),"
                            + " readPartition %.1f ms (%.0f MiB/s), load/raw = %.0f %%",
                    filesystem,
                    files,
                    bytes,
                    rows,
                    runs,
                    rawMedianNanos / 1e6,
                    rawMiBps(),
                    loadMedianNanos / 1e6,
                    loadMiBps(),
                    100 * ratio());
        }
    }

    /** Partition {@code k} (1-based) of {@code partitions} of the dataset at {@code dir}. */
    public static Result run(FileSystem fs, Path dir, int partitions, int k, int warmups, int runs)
            throws IOException {
        if (runs < 1 || warmups < 0) {
            throw new IllegalArgumentException("need runs >= 1 and warmups >= 0");
        }
        DatasetReader reader = DatasetReader.open(fs, dir);
        Manifest m = reader.manifest();
        if (partitions < 1 || partitions > m.rows() || k < 1 || k > partitions) {
            throw new IllegalArgumentException(
                    "need 1 <= partition <= partitions <= rows (" + m.rows() + ")");
        }
        RowInterval r = Partitioning.rows(m.rows(), partitions, k);
        List<Path> files = new ArrayList<>();
        long bytes = 0;
        for (int b = m.blockOfRow(r.first()); b <= m.blockOfRow(r.last()); b++) {
            BlockInfo info = m.blocks().get(b);
            files.add(reader.blockPath(b));
            bytes += info.bytes();
        }
        long[] raw = new long[runs];
        long[] load = new long[runs];
        long sink = 0;
        for (int i = -warmups; i < runs; i++) {
            long t0 = System.nanoTime();
            for (Path f : files) {
                sink += rawRead(fs, f);
            }
            long t1 = System.nanoTime();
            RowBlock block = reader.readPartition(partitions, k);
            long t2 = System.nanoTime();
            sink += block.rows();
            if (i >= 0) {
                raw[i] = t1 - t0;
                load[i] = t2 - t1;
            }
        }
        if (sink == 42) {
            System.out.print(""); // keeps the reads observable
        }
        String names =
                files.size() == 1
                        ? files.get(0).getName()
                        : files.get(0).getName() + " .. " + files.get(files.size() - 1).getName();
        return new Result(
                fs.getUri().getScheme(), names, bytes, r.count(), runs, median(raw), median(load));
    }

    /** FileSystem.open + readFully of the whole file into one byte[]; returns a byte of it. */
    static int rawRead(FileSystem fs, Path file) throws IOException {
        long len = fs.getFileStatus(file).getLen();
        byte[] buf = new byte[(int) len];
        try (FSDataInputStream in = fs.open(file)) {
            in.readFully(buf);
        }
        return len == 0 ? 0 : buf[(int) (len / 2)];
    }

    static long median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
