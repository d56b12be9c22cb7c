package io.codedyarn.hdfs.prepare;

import io.codedyarn.hdfs.dataset.WriterOptions;
import java.net.InetSocketAddress;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The {@link WriterOptions.BlockOutputFactory} of {@code data prepare}: block file i (= plan
 * partition i) is created with replication {@code copies[i]} and, on HDFS, favored nodes {@code
 * favored[i]} ({@code DistributedFileSystem.create(..., InetSocketAddress[] favoredNodes)}). Other
 * filesystems get a plain create with the replication hint, which they ignore.
 *
 * <p>Favored nodes are a hint to HDFS's default block placement: it falls back to other DataNodes
 * when a favored one is dead, full or excluded; the balancer may later move the blocks unless
 * {@code dfs.datanode.block-pinning.enabled} is set.
 */
public final class PartitionOutputs {
    private PartitionOutputs() {}

    public static WriterOptions.BlockOutputFactory of(int[] copies, InetSocketAddress[][] favored) {
        return (fs, file, i) -> {
            short replication = (short) Math.max(1, copies[i]);
            int buffer = fs.getConf().getInt("io.file.buffer.size", 4096);
            long blockSize = fs.getDefaultBlockSize(file);
            if (fs instanceof DistributedFileSystem dfs) {
                return dfs.create(
                        file,
                        FsPermission.getFileDefault()
                                .applyUMask(FsPermission.getUMask(fs.getConf())),
                        false,
                        buffer,
                        replication,
                        blockSize,
                        null,
                        favored == null ? null : favored[i]);
            }
            return fs.create(file, false, buffer, replication, blockSize);
        };
    }
}
