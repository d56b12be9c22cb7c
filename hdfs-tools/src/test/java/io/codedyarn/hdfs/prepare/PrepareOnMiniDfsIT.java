package io.codedyarn.hdfs.prepare;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.hdfs.bench.PartitionLoadBenchmark;
import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.DatasetInspection;
import io.codedyarn.hdfs.dataset.DatasetInspector;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.VerificationResult;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.prepare.PrepareReport.Action;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Seeds;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code data prepare} on a MiniDFSCluster with 4 DataNodes (one cluster for the class): the
 * replication of each partition file equals its copy count and its blocks sit exactly on the
 * favored DataNodes (compared by transfer address {@code ip:port}, see hadoop.md §5); a re-plan
 * with s = 2 only re-replicates; a re-plan with another K rewrites; verify names a corrupted file;
 * partition loading against the raw read rate.
 */
class PrepareOnMiniDfsIT {
    private static final long FS_BLOCK = 64 * 1024;
    private static MiniDFSCluster cluster;
    private static DistributedFileSystem fs;

    /** DataNode transfer addresses in the preparer's order: worker i -> DataNode i mod 4. */
    private static List<String> dataNodes;

    @TempDir static java.nio.file.Path local;

    @BeforeAll
    static void start() throws IOException {
        Configuration conf = new Configuration();
        conf.set(
                MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
                new File("target/minicluster/" + PrepareOnMiniDfsIT.class.getSimpleName())
                        .getAbsolutePath());
        conf.setLong("dfs.namenode.fs-limits.min-block-size", 4096);
        conf.setLong("dfs.blocksize", FS_BLOCK);
        conf.setInt("dfs.heartbeat.interval", 1);
        conf.setInt("dfs.namenode.redundancy.interval.seconds", 1);
        cluster = new MiniDFSCluster.Builder(conf).numDataNodes(4).build();
        cluster.waitActive();
        fs = cluster.getFileSystem();
        dataNodes = new ArrayList<>();
        for (DataNode dn : cluster.getDataNodes()) {
            dataNodes.add(dn.getDatanodeId().getXferAddr());
        }
        // all DataNodes are 127.0.0.1: the sort key reduces to the transfer port
        dataNodes.sort(
                (a, b) ->
                        Integer.compare(
                                Integer.parseInt(a.substring(a.indexOf(':') + 1)),
                                Integer.parseInt(b.substring(b.indexOf(':') + 1))));
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.shutdown();
        }
    }

    /**
     * An uncoded placement has one copy per partition; the floor lifts it to 2 (at most the live
     * DataNodes), the favored replica stays, and the inspection still says ok.
     */
    @Test
    void aReplicationFloorAddsReplicasBesideTheFavoredOne() throws Exception {
        Path src = new Path("/floor/src");
        Path out = new Path("/floor/prepared");
        PrepareTestData.dense(fs, src, 4000, 24, 700, 13);
        DatasetPreparer.prepare(
                fs,
                src,
                fs,
                out,
                PrepareTestData.request(PrepareTestData.plan("uncoded", 4, 0, 0), false));
        PlacementRecord p = PlacementRecord.read(fs, out).orElseThrow();
        assertThat(ReplicationFloor.raise(fs, out, 2)).isEqualTo(4);
        assertThat(ReplicationFloor.raise(fs, out, 2)).isZero(); // already there
        for (PlacementRecord.Entry e : p.entries()) {
            Path f = new Path(out, e.file());
            assertThat(fs.getFileStatus(f).getReplication()).isEqualTo((short) 2);
            String favored = dataNodes.get(e.workers()[0]);
            waitFor(() -> replicaSets(f).stream().allMatch(s -> s.size() == 2));
            assertThat(replicaSets(f)).allMatch(s -> s.contains(favored));
        }
        DatasetInspection in = DatasetInspector.inspect(fs, out);
        assertThat(PlacementInspection.of(fs, out, in).orElseThrow().rows())
                .allMatch(row -> row.status().equals("ok") && row.replication() == 2);
        // capped at the cluster's default replication (dfs.replication: 3 here, of 4 DataNodes)
        assertThat(fs.getServerDefaults(out).getReplication()).isEqualTo((short) 3);
        assertThat(ReplicationFloor.raise(fs, out, 9)).isEqualTo(4);
        assertThat(fs.getFileStatus(new Path(out, p.entries().get(0).file())).getReplication())
                .isEqualTo((short) 3);
        assertThat(ReplicationFloor.raise(fs, out, 1)).isZero();

        // a user who is not the HDFS superuser (as whoever submits train): no admin report needed
        fs.setOwner(out, "alice", "alice");
        for (PlacementRecord.Entry e : p.entries()) {
            Path f = new Path(out, e.file());
            fs.setOwner(f, "alice", "alice");
            fs.setReplication(f, (short) 1);
        }
        int raised =
                org.apache.hadoop.security.UserGroupInformation.createRemoteUser("alice")
                        .doAs(
                                (java.security.PrivilegedExceptionAction<Integer>)
                                        () ->
                                                ReplicationFloor.raise(
                                                        FileSystem.newInstance(
                                                                fs.getUri(), fs.getConf()),
                                                        out,
                                                        2));
        assertThat(raised).isEqualTo(4);
    }

    @Test
    void cyclicPlanThenReplicationChangeThenNewK() throws Exception {
        Path src = new Path("/data/src");
        Path out = new Path("/data/prepared");
        PrepareTestData.dense(fs, src, 4000, 24, 700, 11);
        Plan cyclic1 = PrepareTestData.plan("cyclic", 4, 1, 0);
        PrepareReport r =
                DatasetPreparer.prepare(fs, src, fs, out, PrepareTestData.request(cyclic1, false));
        assertThat(r.count(Action.WRITTEN)).isEqualTo(4);
        PlacementRecord p = PlacementRecord.read(fs, out).orElseThrow();
        assertThat(p.workerNodes()).containsExactlyElementsOf(dataNodes);
        for (PlacementRecord.Entry e : p.entries()) {
            assertThat(e.copies()).isEqualTo(2);
            Set<String> want = new HashSet<>();
            for (int w : e.workers()) {
                want.add(dataNodes.get(w));
            }
            assertThat(new HashSet<>(e.favoredNodes())).isEqualTo(want);
            Path f = new Path(out, e.file());
            assertThat(fs.getFileStatus(f).getReplication()).isEqualTo((short) 2);
            List<Set<String>> blocks = replicaSets(f);
            assertThat(blocks).hasSizeGreaterThan(1); // 200 KB files, 64 KiB HDFS blocks
            // HDFS honours favored nodes when they are alive and have space: every block
            // of the file sits exactly on the DataNodes of the workers that store it.
            assertThat(blocks).allMatch(want::equals);
        }
        VerificationResult v = DatasetVerifier.verify(fs, out);
        assertThat(v.isOk()).as(v.toString()).isTrue();
        DatasetInspection in = DatasetInspector.inspect(fs, out);
        PlacementInspection pi = PlacementInspection.of(fs, out, in).orElseThrow();
        assertThat(pi.rows()).allMatch(row -> row.status().equals("ok"));
        assertThat(pi.toText()).contains(dataNodes.get(0)).contains(dataNodes.get(3));
        long[] mtimes = mtimes(out);

        // s = 2: every partition gains a holder; the files are kept, only replication changes.
        PrepareReport r2 =
                DatasetPreparer.prepare(
                        fs,
                        src,
                        fs,
                        out,
                        PrepareTestData.request(PrepareTestData.plan("cyclic", 4, 2, 0), true));
        assertThat(r2.count(Action.REREPLICATED)).isEqualTo(4);
        assertThat(r2.bytesWritten()).isZero();
        assertThat(mtimes(out)).containsExactly(mtimes);
        PlacementRecord p2 = PlacementRecord.read(fs, out).orElseThrow();
        for (int j = 0; j < 4; j++) {
            Path f = new Path(out, p2.entries().get(j).file());
            assertThat(fs.getFileStatus(f).getReplication()).isEqualTo((short) 3);
            Set<String> before = new HashSet<>(p.entries().get(j).favoredNodes());
            waitFor(() -> replicaSets(f).stream().allMatch(s -> s.size() == 3));
            // the old replicas stay; the NameNode picks the node of the added one
            assertThat(replicaSets(f)).allMatch(s -> s.containsAll(before));
        }
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();

        // Another K: every row range changes, every file is rewritten with its new holders.
        PrepareReport r3 =
                DatasetPreparer.prepare(
                        fs,
                        src,
                        fs,
                        out,
                        PrepareTestData.request(PrepareTestData.plan("uncoded", 4, 0, 8), true));
        assertThat(r3.count(Action.REWRITTEN)).isEqualTo(8);
        PlacementRecord p3 = PlacementRecord.read(fs, out).orElseThrow();
        for (PlacementRecord.Entry e : p3.entries()) {
            Path f = new Path(out, e.file());
            assertThat(fs.getFileStatus(f).getReplication()).isEqualTo((short) 1);
            String want = dataNodes.get(e.workers()[0]);
            assertThat(replicaSets(f)).allMatch(s -> s.equals(Set.of(want)));
        }
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();
        assertThat(Arrays.stream(fs.listStatus(new Path("/data"))).map(s -> s.getPath().getName()))
                .containsExactlyInAnyOrder("src", "prepared");
        DatasetInspection in3 = DatasetInspector.inspect(fs, out);
        assertThat(PlacementInspection.of(fs, out, in3).orElseThrow().rows())
                .hasSize(8)
                .allMatch(row -> row.status().equals("ok") && row.replication() == 1);
    }

    @Test
    void hostsMappingAndStrictLocality() throws Exception {
        Path src = new Path("/hosts/src");
        Path out = new Path("/hosts/prepared");
        PrepareTestData.dense(fs, src, 300, 8, 1000, 12);
        // worker i -> the DataNode listed i-th: round robin rotated by 2, so that no partition
        // has the same DataNodes as under the default mapping
        List<String> hosts = new ArrayList<>(dataNodes);
        java.util.Collections.rotate(hosts, 2);
        Plan plan = PrepareTestData.plan("cyclic", 4, 1, 0);
        DatasetPreparer.prepare(
                fs, src, fs, out, new DatasetPreparer.Request(plan, "{}", hosts, false, false));
        PlacementRecord p = PlacementRecord.read(fs, out).orElseThrow();
        assertThat(p.workerNodes()).containsExactlyElementsOf(hosts);
        for (PlacementRecord.Entry e : p.entries()) {
            Set<String> want = new HashSet<>(e.favoredNodes());
            assertThat(replicaSets(new Path(out, e.file()))).allMatch(want::equals);
        }
        // Same plan, round-robin mapping: every holder set moves, so every file is rewritten.
        PrepareReport r =
                DatasetPreparer.prepare(
                        fs,
                        src,
                        fs,
                        out,
                        new DatasetPreparer.Request(plan, "{}", List.of(), true, true));
        assertThat(r.count(Action.REWRITTEN)).isEqualTo(4);
        // Strict re-run of the same placement: everything is where it should be.
        PrepareReport again =
                DatasetPreparer.prepare(
                        fs,
                        src,
                        fs,
                        out,
                        new DatasetPreparer.Request(plan, "{}", List.of(), true, true));
        assertThat(again.count(Action.KEPT)).isEqualTo(4);
    }

    @Test
    void verifyNamesTheCorruptedFile() throws IOException {
        Path src = new Path("/corrupt/src");
        Path out = new Path("/corrupt/prepared");
        PrepareTestData.dense(fs, src, 200, 6, 1000, 13);
        DatasetPreparer.prepare(
                fs,
                src,
                fs,
                out,
                PrepareTestData.request(PrepareTestData.plan("cyclic", 4, 1, 0), false));
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();
        Path victim = new Path(out, "part-00002.cyd");
        byte[] bytes;
        try (InputStream in = fs.open(victim)) {
            bytes = in.readAllBytes();
        }
        bytes[bytes.length - 3] ^= 0x10; // flip one bit in the last value
        try (OutputStream o = fs.create(victim, true)) {
            o.write(bytes);
        }
        VerificationResult v = DatasetVerifier.verify(fs, out);
        assertThat(v.isOk()).isFalse();
        assertThat(v.problem().orElseThrow().file()).endsWith("part-00002.cyd");
        assertThat(v.toString()).contains("CRC32C mismatch");
    }

    /**
     * ~16 MiB dense partition: readPartition vs FileSystem.open + readFully, file:// and HDFS.
     * Speed is measured, not asserted (the machine is shared): the figures go to
     * target/partition-load-benchmark.txt and docs/performance.md; the test checks the benchmark
     * runs and reports sane numbers on both filesystems.
     */
    @Test
    void partitionLoadBenchmarkRunsOnBothFileSystems() throws IOException {
        FileSystem localFs = FileSystem.getLocal(new Configuration());
        Path localDir = new Path(local.toUri().toString(), "bench");
        Path hdfsDir = new Path("/bench/data");
        WriterOptions big =
                WriterOptions.defaults()
                        .withOutputs(
                                (f, file, i) ->
                                        f.create(file, false, 1 << 16, (short) 1, 128L << 20));
        List<String> lines = new ArrayList<>();
        for (Object[] target : new Object[][] {{localFs, localDir}, {fs, hdfsDir}}) {
            FileSystem f = (FileSystem) target[0];
            Path dir = (Path) target[1];
            writeBench(f, dir, big);
            PartitionLoadBenchmark.Result res = PartitionLoadBenchmark.run(f, dir, 2, 1, 2, 7);
            lines.add(res.toText());
            assertThat(res.ratio()).as(res.toText()).isPositive().isFinite();
        }
        Files.write(
                new File("target/partition-load-benchmark.txt").toPath(),
                lines,
                StandardCharsets.UTF_8);
    }

    private static void writeBench(FileSystem f, Path dir, WriterOptions options)
            throws IOException {
        RandomGenerator g = Seeds.generator(5);
        int cols = 64;
        try (DatasetWriter w =
                DatasetWriter.create(
                        f, dir, DatasetSpec.dense(cols, LabelSpec.binary()), options)) {
            double[] row = new double[cols];
            for (int r = 0; r < 64_000; r++) { // 2 × 32,000 rows × 65 × 8 B ≈ 2 × 16.6 MB
                for (int c = 0; c < cols; c++) {
                    row[c] = g.nextGaussian();
                }
                w.appendDense(row, r % 2 == 0 ? 1 : -1);
                if (r == 31_999) {
                    w.endBlock(); // one file per partition, as prepare writes them
                }
            }
            Manifest m = w.commit();
            assertThat(m.blocks()).extracting(BlockInfo::rows).containsExactly(32_000L, 32_000L);
        }
    }

    private static List<Set<String>> replicaSets(Path f) throws IOException {
        FileStatus st = fs.getFileStatus(f);
        List<Set<String>> out = new ArrayList<>();
        for (BlockLocation b : fs.getFileBlockLocations(st, 0, st.getLen())) {
            out.add(new HashSet<>(Arrays.asList(b.getNames())));
        }
        return out;
    }

    private static long[] mtimes(Path dir) throws IOException {
        List<BlockInfo> blocks = DatasetReader.readManifest(fs, dir).blocks();
        long[] t = new long[blocks.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = fs.getFileStatus(new Path(dir, blocks.get(i).file())).getModificationTime();
        }
        return t;
    }

    interface Check {
        boolean ok() throws IOException;
    }

    private static void waitFor(Check c) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!c.ok()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached within 30 s");
            }
            Thread.sleep(200);
        }
    }
}
