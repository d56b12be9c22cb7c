package io.codedyarn.worker.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.WorkerAssignment;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.DatasetWriter;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.prepare.DatasetPreparer;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Partition files written by {@code data prepare}'s {@link DatasetPreparer}, on file://. */
class HdfsPartitionLoaderTest {
    @TempDir java.nio.file.Path tmp;

    private final Configuration conf = new Configuration();

    @Test
    void loadsDensePartitionsAsPreparedWithTheInterceptColumn() throws IOException {
        FileSystem fs = FileSystem.getLocal(conf).getRawFileSystem();
        Path src = new Path(tmp.toUri().toString(), "src");
        Path out = new Path(tmp.toUri().toString(), "placed");
        write(fs, src, 50, 4, false);
        Plan plan = plan(5, 1);
        DatasetPreparer.prepare(
                fs,
                src,
                fs,
                out,
                new DatasetPreparer.Request(plan, "{}\n", List.of(), false, false));
        Map<Integer, String> uris = new TreeMap<>();
        for (int j : plan.stored(2)) {
            uris.put(j, new Path(out, String.format("part-%05d.cyd", j)).toUri().toString());
        }

        Map<Integer, Rows> plain =
                new HdfsPartitionLoader(conf)
                        .load(new WorkerAssignment(2, Workload.LR, 1, false, uris));
        Map<Integer, Rows> withIntercept =
                new HdfsPartitionLoader(conf)
                        .load(new WorkerAssignment(2, Workload.LR, 1, true, uris));

        assertThat(plain).containsOnlyKeys(uris.keySet());
        DatasetReader prepared = DatasetReader.open(fs, out);
        for (int j : uris.keySet()) {
            var block = (io.codedyarn.hdfs.dataset.DenseBlock) prepared.readBlock(j);
            DenseRows rows = (DenseRows) plain.get(j);
            assertThat(rows.rows()).isEqualTo(block.rows()).isEqualTo(10);
            assertThat(rows.values()).containsExactly(block.values());
            assertThat(rows.labels()).containsExactly(block.labels());
            DenseRows ic = (DenseRows) withIntercept.get(j);
            assertThat(ic.cols()).isEqualTo(5);
            assertThat(ic.get(3, 4)).isEqualTo(1.0);
            assertThat(ic.get(3, 2)).isEqualTo(rows.get(3, 2));
        }
    }

    @Test
    void loadsCsrPartitions() throws IOException {
        FileSystem fs = FileSystem.getLocal(conf).getRawFileSystem();
        Path src = new Path(tmp.toUri().toString(), "sparse");
        Path out = new Path(tmp.toUri().toString(), "placed-sparse");
        write(fs, src, 30, 20, true);
        Plan plan = plan(3, 0);
        DatasetPreparer.prepare(
                fs,
                src,
                fs,
                out,
                new DatasetPreparer.Request(plan, "{}\n", List.of(), false, false));
        String uri = new Path(out, "part-00001.cyd").toUri().toString();

        Rows r =
                new HdfsPartitionLoader(conf)
                        .load(new WorkerAssignment(1, Workload.LSQ, 1, false, Map.of(1, uri)))
                        .get(1);

        var block = (io.codedyarn.hdfs.dataset.CsrBlock) DatasetReader.open(fs, out).readBlock(1);
        CsrRows csr = (CsrRows) r;
        assertThat(csr.rowPtr()).containsExactly(block.rowPtr());
        assertThat(csr.colIdx()).containsExactly(block.colIdx());
        assertThat(csr.values()).containsExactly(block.values());
        assertThat(csr.labels()).containsExactly(block.labels());
    }

    @Test
    void aFileTheManifestDoesNotListIsNamed() throws IOException {
        FileSystem fs = FileSystem.getLocal(conf).getRawFileSystem();
        Path src = new Path(tmp.toUri().toString(), "src");
        write(fs, src, 12, 3, false);
        String uri = new Path(src, "part-00009.cyd").toUri().toString();
        assertThatThrownBy(
                        () ->
                                new HdfsPartitionLoader(conf)
                                        .load(
                                                new WorkerAssignment(
                                                        0, Workload.LR, 1, false, Map.of(9, uri))))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("partition 9: part-00009.cyd is not listed in ")
                .hasMessageEndingWith("src/manifest.json");
    }

    @Test
    void aCorruptedPartitionFileFailsTheLoadNamingTheFileAndBothChecksums() throws IOException {
        FileSystem fs = FileSystem.getLocal(conf).getRawFileSystem();
        Path src = new Path(tmp.toUri().toString(), "corrupt");
        write(fs, src, 12, 3, false);
        String name =
                io.codedyarn.hdfs.dataset.DatasetReader.open(fs, src)
                        .manifest()
                        .blocks()
                        .get(0)
                        .file();
        java.nio.file.Path file = java.nio.file.Path.of(new Path(src, name).toUri());
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        bytes[bytes.length - 3] ^= 0x10; // one bit of the last value: the header stays valid
        java.nio.file.Files.write(file, bytes);
        String uri = new Path(src, name).toUri().toString();
        assertThatThrownBy(
                        () ->
                                new HdfsPartitionLoader(conf)
                                        .load(
                                                new WorkerAssignment(
                                                        0, Workload.LR, 1, false, Map.of(0, uri))))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("partition 0: ")
                .hasMessageContaining(name + ": CRC32C mismatch: file has ")
                .hasMessageEndingWith("(corrupted)");
    }

    private static Plan plan(int workers, int stragglers) {
        SchemeParams p = SchemeParams.of(workers, stragglers, 7);
        return Schemes.byName("cyclic").place(p, Seeds.generator(p.seed()));
    }

    private static void write(FileSystem fs, Path dir, int rows, int cols, boolean sparse)
            throws IOException {
        RandomGenerator g = Seeds.generator(3);
        DatasetSpec spec =
                sparse
                        ? DatasetSpec.csr(cols, LabelSpec.binary())
                        : DatasetSpec.dense(cols, LabelSpec.binary());
        try (DatasetWriter w =
                DatasetWriter.create(fs, dir, spec, WriterOptions.defaults().withMaxBlockRows(7))) {
            double[] row = new double[cols];
            int[] idx = new int[cols];
            double[] vals = new double[cols];
            for (int r = 0; r < rows; r++) {
                double label = g.nextBoolean() ? 1 : -1;
                if (sparse) {
                    int len = 0;
                    for (int c = 0; c < cols; c++) {
                        if (g.nextDouble() < 0.2) {
                            idx[len] = c;
                            vals[len++] = g.nextGaussian();
                        }
                    }
                    w.appendSparse(idx, vals, len, label);
                } else {
                    for (int c = 0; c < cols; c++) {
                        row[c] = g.nextGaussian();
                    }
                    w.appendDense(row, label);
                }
            }
            w.commit();
        }
    }
}
