package io.codedyarn.hdfs.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dataset format on a real HDFS (MiniDFSCluster, 3 DataNodes): atomic commit by directory
 * rename, round trip, verify, and the {@link WriterOptions#outputs()} hook setting replication and
 * favored nodes, seen through {@link DatasetInspector}.
 */
class DatasetOnMiniDfsIT {
    private static final long FS_BLOCK = 64 * 1024;
    private static MiniDFSCluster cluster;
    private static DistributedFileSystem fs;

    @BeforeAll
    static void start() throws IOException {
        Configuration conf = new Configuration();
        conf.set(
                MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
                new File("target/minicluster/" + DatasetOnMiniDfsIT.class.getSimpleName())
                        .getAbsolutePath());
        conf.setLong("dfs.namenode.fs-limits.min-block-size", 4096);
        cluster = new MiniDFSCluster.Builder(conf).numDataNodes(3).build();
        cluster.waitActive();
        fs = cluster.getFileSystem();
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.shutdown();
        }
    }

    @Test
    void roundTripWithReplicationAndFavoredNodes() throws IOException {
        String favored = cluster.getDataNodes().get(1).getDatanodeId().getXferAddr();
        String[] hp = favored.split(":");
        InetSocketAddress[] nodes = {new InetSocketAddress(hp[0], Integer.parseInt(hp[1]))};
        WriterOptions.BlockOutputFactory outputs =
                (f, file, index) ->
                        ((DistributedFileSystem) f)
                                .create(
                                        file,
                                        FsPermission.getFileDefault(),
                                        false,
                                        4096,
                                        (short) (index == 0 ? 1 : 2),
                                        FS_BLOCK,
                                        null,
                                        index == 0 ? nodes : null);
        TestData t = TestData.dense(3000, 20, 9);
        Path dir = new Path("/datasets/dense");
        Manifest m =
                t.write(
                        fs,
                        dir,
                        DatasetSpec.dense(20, LabelSpec.binary()),
                        WriterOptions.defaults()
                                .withTargetBlockBytes(200 * 1024)
                                .withOutputs(outputs));
        assertThat(m.blocks()).hasSizeGreaterThan(1);
        assertThat(
                        Arrays.stream(fs.listStatus(new Path("/datasets")))
                                .map(FileStatus::getPath)
                                .map(Path::getName))
                .containsExactly("dense");

        VerificationResult v = DatasetVerifier.verify(fs, dir);
        assertThat(v.isOk()).as(v.toString()).isTrue();
        DenseBlock p3 = (DenseBlock) DatasetReader.open(fs, dir).readPartition(4, 3);
        RowInterval r = Partitioning.rows(3000, 4, 3);
        assertThat(p3.firstRow()).isEqualTo(r.first());
        for (int i = 0; i < p3.rows(); i += 97) {
            double[] row = Arrays.copyOfRange(p3.values(), i * 20, i * 20 + 20);
            assertThat(row).containsExactly(t.dense.get((int) r.first() - 1 + i));
        }

        DatasetInspection in = DatasetInspector.inspect(fs, dir);
        DatasetInspection.FileReport first = in.files().get(0);
        assertThat(first.replication()).isEqualTo((short) 1);
        assertThat(first.locations()).hasSizeGreaterThan(1); // 200 KiB file, 64 KiB fs blocks
        for (DatasetInspection.Location l : first.locations()) {
            assertThat(l.names()).containsExactly(favored);
        }
        DatasetInspection.FileReport second = in.files().get(1);
        assertThat(second.replication()).isEqualTo((short) 2);
        for (DatasetInspection.Location l : second.locations()) {
            assertThat(l.names()).hasSize(2).doesNotHaveDuplicates();
        }
        assertThat(in.toText()).contains("replication 2").contains(favored);

        // Overwrite replaces atomically and leaves nothing else behind.
        TestData.dense(10, 20, 1)
                .write(
                        fs,
                        dir,
                        DatasetSpec.dense(20, LabelSpec.binary()),
                        WriterOptions.defaults().withOverwrite(true));
        assertThat(DatasetReader.open(fs, dir).manifest().rows()).isEqualTo(10);
        List<String> left =
                Arrays.stream(fs.listStatus(new Path("/datasets")))
                        .map(s -> s.getPath().getName())
                        .toList();
        assertThat(left).containsExactly("dense");
    }

    /**
     * A full filesystem: a space quota on the parent directory makes the second block's write fail
     * (DSQuotaExceededException). The writer must fail with that cause and leave neither the target
     * nor its temporary directory behind.
     */
    @Test
    void fullFileSystemLeavesNoHalfWrittenDataset() throws IOException {
        Path parent = new Path("/quota");
        fs.mkdirs(parent);
        // Space quota counts replication x HDFS block size per block being written; with
        // replication 1 and 64 KiB blocks, 200 KiB allows a few blocks, not the 1.4 MB dataset.
        fs.setQuota(parent, Long.MAX_VALUE - 1, 200 * 1024);
        WriterOptions.BlockOutputFactory outputs =
                (f, file, index) ->
                        f.create(
                                file,
                                FsPermission.getFileDefault(),
                                false,
                                4096,
                                (short) 1,
                                FS_BLOCK,
                                null);
        TestData t = TestData.dense(9000, 20, 11);
        Path dir = new Path(parent, "full");
        IOException failure = null;
        try {
            t.write(
                    fs,
                    dir,
                    DatasetSpec.dense(20, LabelSpec.binary()),
                    WriterOptions.defaults().withTargetBlockBytes(100 * 1024).withOutputs(outputs));
        } catch (IOException e) {
            failure = e;
        }
        assertThat(failure).isNotNull();
        assertThat(failure.toString() + " " + failure.getCause()).containsIgnoringCase("quota");
        assertThat(fs.listStatus(parent)).isEmpty();
    }
}
