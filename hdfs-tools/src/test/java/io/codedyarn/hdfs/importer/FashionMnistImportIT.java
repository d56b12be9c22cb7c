package io.codedyarn.hdfs.importer;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.WriterOptions;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Imports the real Fashion-MNIST training set (Debian's dataset-fashion-mnist, which .ci/run
 * installs) and compares it with a reference computed here from the IDX bytes with plain Java
 * (GZIPInputStream + DataInputStream, no importer code): shape, per-class counts, the pixel sum,
 * the non-zero count, and the first, a middle and the last image exactly.
 */
class FashionMnistImportIT {
    // Hadoop paths below are qualified with file://: in the failsafe JVM other ITs start (and
    // stop) MiniDFSClusters, so an unqualified path could resolve against a stale default FS.
    static final String DIR = "/usr/share/datasets/fashion-mnist/";
    static final int N = 60_000;
    static final int D = 784;

    @TempDir java.nio.file.Path tmp;

    /** What plain Java reads from the files. */
    private static final class Reference {
        long pixelSum;
        long nonZeros;
        final long[] classCounts = new long[10];
        final byte[] labels = new byte[N];
        final byte[][] kept = new byte[3][D]; // images 0, 31337, N-1
    }

    private static Reference reference() throws IOException {
        Reference ref = new Reference();
        try (DataInputStream in =
                new DataInputStream(
                        new BufferedInputStream(
                                new GZIPInputStream(
                                        Files.newInputStream(
                                                java.nio.file.Path.of(
                                                        DIR + "train-images-idx3-ubyte.gz")))))) {
            assertThat(in.readInt()).isEqualTo(0x803);
            assertThat(new int[] {in.readInt(), in.readInt(), in.readInt()})
                    .containsExactly(N, 28, 28);
            byte[] img = new byte[D];
            for (int i = 0; i < N; i++) {
                in.readFully(img);
                for (byte b : img) {
                    ref.pixelSum += b & 0xFF;
                    ref.nonZeros += b != 0 ? 1 : 0;
                }
                int k = i == 0 ? 0 : i == 31337 ? 1 : i == N - 1 ? 2 : -1;
                if (k >= 0) {
                    ref.kept[k] = img.clone();
                }
            }
            assertThat(in.read()).isEqualTo(-1);
        }
        try (DataInputStream in =
                new DataInputStream(
                        new GZIPInputStream(
                                Files.newInputStream(
                                        java.nio.file.Path.of(
                                                DIR + "train-labels-idx1-ubyte.gz"))))) {
            assertThat(in.readInt()).isEqualTo(0x801);
            assertThat(in.readInt()).isEqualTo(N);
            in.readFully(ref.labels);
        }
        for (byte l : ref.labels) {
            ref.classCounts[l]++;
        }
        return ref;
    }

    @Test
    void importsTheTrainingSetExactly() throws IOException {
        Reference ref = reference();
        // Cross-check of the plain-Java reference with a one-off /usr/bin/python3 (gzip + struct):
        // sum of all 47,040,000 pixel bytes and the count of non-zero ones.
        assertThat(ref.pixelSum).isEqualTo(3_431_114_169L);
        assertThat(ref.nonZeros).isEqualTo(23_423_502L);

        Path out = new Path(tmp.toUri().toString(), "fmnist");
        ImportOptions o =
                ImportOptions.defaults()
                        .withLabels(new Path("file://" + DIR + "train-labels-idx1-ubyte.gz"));
        Manifest m =
                new IdxImporter(
                                Support.fs(),
                                new Path("file://" + DIR + "train-images-idx3-ubyte.gz"),
                                o)
                        .importTo(Support.fs(), out, WriterOptions.defaults());
        assertThat(m.rows()).isEqualTo(N);
        assertThat(m.cols()).isEqualTo(D);
        assertThat(m.storage()).isEqualTo(Storage.DENSE);
        assertThat(m.nnz()).isEqualTo(ref.nonZeros);
        assertThat(m.labels().classes()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(m.bytes()).isEqualTo((long) m.blocks().size() * 32 + 8L * N * (D + 1));

        DatasetReader r = DatasetReader.open(Support.fs(), out);
        long[] counts = new long[10];
        double[] sum = new double[1];
        r.forEachChunk(
                4096,
                chunk -> {
                    DenseBlock b = (DenseBlock) chunk;
                    for (double v : b.values()) {
                        sum[0] += v; // integers < 2^53: exact
                    }
                    for (int i = 0; i < b.rows(); i++) {
                        int row = (int) (b.firstRow() - 1) + i;
                        assertThat(b.labels()[i]).isEqualTo(ref.labels[row]);
                        counts[(int) b.labels()[i]]++;
                    }
                });
        assertThat(counts).containsOnly(6000L);
        assertThat(ref.classCounts).containsOnly(6000L);
        assertThat((long) sum[0]).isEqualTo(ref.pixelSum);
        int[] rows = {0, 31337, N - 1};
        for (int k = 0; k < 3; k++) {
            double[] got = ((DenseBlock) r.readRows(rows[k] + 1, 1)).values();
            double[] want = new double[D];
            for (int p = 0; p < D; p++) {
                want[p] = ref.kept[k][p] & 0xFF;
            }
            assertThat(got).as("image " + rows[k]).isEqualTo(want);
        }
        assertThat(Arrays.stream(((DenseBlock) r.readRows(1, 1)).values()).sum())
                .isEqualTo(76_247.0); // python: sum(px[:784])
    }
}
