package io.codedyarn.hdfs.prepare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.DatasetInspector;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetVerifier;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Partitioning;
import io.codedyarn.hdfs.dataset.RowInterval;
import io.codedyarn.hdfs.dataset.VerificationResult;
import io.codedyarn.hdfs.prepare.PrepareReport.Action;
import io.codedyarn.placement.Plan;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link DatasetPreparer} on file:// (replication and favored nodes are HDFS-only: see the IT). */
class DatasetPreparerTest {
    @TempDir java.nio.file.Path tmp;
    private FileSystem fs;
    private Path src;
    private Path out;

    @BeforeEach
    void setUp() throws IOException {
        fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        src = new Path(tmp.toUri().toString(), "src");
        out = new Path(tmp.toUri().toString(), "prepared");
    }

    @Test
    void writesOneFilePerPartitionWithPlanAndPlacement() throws IOException {
        PrepareTestData.dense(fs, src, 103, 5, 10, 1);
        Plan plan = PrepareTestData.plan("cyclic", 4, 1, 0);
        PrepareReport r =
                DatasetPreparer.prepare(fs, src, fs, out, PrepareTestData.request(plan, false));

        assertThat(r.count(Action.WRITTEN)).isEqualTo(4);
        VerificationResult v = DatasetVerifier.verify(fs, out);
        assertThat(v.isOk()).as(v.toString()).isTrue();
        Manifest m = DatasetReader.readManifest(fs, out);
        assertThat(m.blocks())
                .extracting(BlockInfo::file)
                .containsExactly(
                        "part-00000.cyd", "part-00001.cyd", "part-00002.cyd", "part-00003.cyd");
        DatasetReader in = DatasetReader.open(fs, src);
        DatasetReader prepared = DatasetReader.open(fs, out);
        for (int j = 0; j < 4; j++) {
            RowInterval rows = Partitioning.rows(103, 4, j + 1);
            BlockInfo b = m.blocks().get(j);
            assertThat(b.firstRow()).isEqualTo(rows.first());
            assertThat(b.lastRow()).isEqualTo(rows.last());
            DenseBlock want = (DenseBlock) in.readPartition(4, j + 1);
            DenseBlock got = (DenseBlock) prepared.readBlock(j);
            assertThat(got.values()).containsExactly(want.values());
            assertThat(got.labels()).containsExactly(want.labels());
        }
        assertThat(read(new Path(out, "plan.json"))).isEqualTo("{\"scheme\":\"cyclic\"}\n");
        PlacementRecord p = PlacementRecord.read(fs, out).orElseThrow();
        assertThat(p.partitions()).isEqualTo(4);
        for (PlacementRecord.Entry e : p.entries()) {
            // cyclic (Tandon) n = 4, s = 1: partition j is stored by 2 workers.
            assertThat(e.copies()).isEqualTo(2).isEqualTo(plan.copies(e.partition()));
            assertThat(e.workers()).hasSize(2);
            for (int w : e.workers()) {
                assertThat(plan.stored(w)).contains(e.partition());
            }
            assertThat(e.favoredNodes()).isEmpty(); // not HDFS
        }
        assertThat(r.notes()).anyMatch(n -> n.contains("not HDFS"));
        assertThat(r.toText()).contains("written 4, kept 0, re-replicated 0, rewritten 0");
        // inspect shows the plan section
        PlacementInspection pi =
                PlacementInspection.of(fs, out, DatasetInspector.inspect(fs, out)).orElseThrow();
        assertThat(pi.rows()).hasSize(4).allMatch(row -> row.status().equals("unknown"));
        assertThat(pi.toText()).contains("cyclic, 4 workers, K = 4 partitions");
    }

    @Test
    void csrPartitionsRoundTrip() throws IOException {
        PrepareTestData.binaryCsr(fs, src, 90, 40, 3);
        Plan plan = PrepareTestData.plan("uncoded", 3, 0, 5);
        DatasetPreparer.prepare(fs, src, fs, out, PrepareTestData.request(plan, false));
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();
        DatasetReader in = DatasetReader.open(fs, src);
        DatasetReader prepared = DatasetReader.open(fs, out);
        assertThat(prepared.manifest().blocks()).hasSize(5);
        for (int j = 0; j < 5; j++) {
            CsrBlock want = (CsrBlock) in.readPartition(5, j + 1);
            CsrBlock got = (CsrBlock) prepared.readBlock(j);
            assertThat(got.rowPtr()).containsExactly(want.rowPtr());
            assertThat(got.colIdx()).containsExactly(want.colIdx());
            assertThat(got.values()).containsOnly(1.0);
        }
    }

    @Test
    void rerunKeepsReReplicatesOrRewritesOnlyWhatChanged() throws IOException {
        PrepareTestData.dense(fs, src, 64, 3, 64, 2);
        DatasetPreparer.prepare(
                fs,
                src,
                fs,
                out,
                PrepareTestData.request(PrepareTestData.plan("cyclic", 4, 1, 0), false));
        long[] crcs = crcs();

        assertThatThrownBy(
                        () ->
                                DatasetPreparer.prepare(
                                        fs,
                                        src,
                                        fs,
                                        out,
                                        PrepareTestData.request(
                                                PrepareTestData.plan("cyclic", 4, 2, 0), false)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--overwrite");

        PrepareReport same =
                DatasetPreparer.prepare(
                        fs,
                        src,
                        fs,
                        out,
                        PrepareTestData.request(PrepareTestData.plan("cyclic", 4, 1, 0), true));
        assertThat(same.count(Action.KEPT)).isEqualTo(4);
        assertThat(same.bytesWritten()).isZero();

        PrepareReport s2 =
                DatasetPreparer.prepare(
                        fs,
                        src,
                        fs,
                        out,
                        PrepareTestData.request(PrepareTestData.plan("cyclic", 4, 2, 0), true));
        assertThat(s2.count(Action.REREPLICATED)).isEqualTo(4);
        assertThat(s2.bytesWritten()).isZero();
        assertThat(crcs()).containsExactly(crcs);
        assertThat(PlacementRecord.read(fs, out).orElseThrow().entries())
                .allMatch(e -> e.copies() == 3);
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();

        PrepareReport k8 =
                DatasetPreparer.prepare(
                        fs,
                        src,
                        fs,
                        out,
                        PrepareTestData.request(PrepareTestData.plan("uncoded", 4, 0, 8), true));
        assertThat(k8.count(Action.REWRITTEN)).isEqualTo(8);
        assertThat(DatasetReader.readManifest(fs, out).blocks()).hasSize(8);
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();
        assertThat(
                        Arrays.stream(fs.listStatus(new Path(tmp.toUri().toString())))
                                .map(s -> s.getPath().getName()))
                .containsExactlyInAnyOrder("src", "prepared");
    }

    @Test
    void failureMidwayLeavesTheOldOutputUntouched() throws IOException {
        Manifest m = PrepareTestData.dense(fs, src, 40, 3, 10, 3);
        DatasetPreparer.prepare(
                fs,
                src,
                fs,
                out,
                PrepareTestData.request(PrepareTestData.plan("cyclic", 4, 1, 0), false));
        String before = read(new Path(out, "manifest.json"));
        // Truncate the source's last block: partition 3 (rows 31..40) cannot be read.
        Path last = new Path(src, m.blocks().get(3).file());
        byte[] data;
        try (InputStream in = fs.open(last)) {
            data = in.readAllBytes();
        }
        try (OutputStream o = fs.create(last, true)) {
            o.write(data, 0, data.length / 2);
        }
        assertThatThrownBy(
                        () ->
                                DatasetPreparer.prepare(
                                        fs,
                                        src,
                                        fs,
                                        out,
                                        PrepareTestData.request(
                                                PrepareTestData.plan("uncoded", 4, 0, 5), true)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(last.getName());
        assertThat(read(new Path(out, "manifest.json"))).isEqualTo(before);
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();
        assertThat(
                        Arrays.stream(fs.listStatus(new Path(tmp.toUri().toString())))
                                .map(s -> s.getPath().getName()))
                .containsExactlyInAnyOrder("src", "prepared");
    }

    @Test
    void refusesMorePartitionsThanRowsAndSameInputOutput() throws IOException {
        PrepareTestData.dense(fs, src, 3, 2, 10, 4);
        assertThatThrownBy(
                        () ->
                                DatasetPreparer.prepare(
                                        fs,
                                        src,
                                        fs,
                                        out,
                                        PrepareTestData.request(
                                                PrepareTestData.plan("cyclic", 4, 1, 0), false)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--partitions")
                .hasMessageContaining("only 3 rows");
        assertThatThrownBy(
                        () ->
                                DatasetPreparer.prepare(
                                        fs,
                                        src,
                                        fs,
                                        src,
                                        PrepareTestData.request(
                                                PrepareTestData.plan("cyclic", 2, 1, 0), true)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--out must differ");
        assertThat(fs.exists(out)).isFalse();
    }

    private long[] crcs() throws IOException {
        List<BlockInfo> b = DatasetReader.readManifest(fs, out).blocks();
        long[] c = new long[b.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = DatasetPreparer.crc32c(fs, new Path(out, b.get(i).file()));
        }
        return c;
    }

    private String read(Path p) throws IOException {
        try (InputStream in = fs.open(p)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
