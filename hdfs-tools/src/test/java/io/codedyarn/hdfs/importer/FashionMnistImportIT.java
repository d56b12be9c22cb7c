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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Imports real Fashion-MNIST training images and compares them with a reference read here from the
 * IDX bytes with plain Java (GZIPInputStream + DataInputStream, no importer code), which is itself
 * checked against values computed by numpy: shape, per-class counts, the pixel sum, the non-zero
 * count, and three images exactly.
 *
 * <p>The default build imports the committed subset (the first 2,000 images, {@code
 * testdata/fashion-mnist}, numpy's values in its {@code reference.txt}); the {@code system} profile
 * imports Debian's full 60,000-image set.
 */
class FashionMnistImportIT {
    static final int D = 784;

    @TempDir java.nio.file.Path tmp;

    /** What numpy computed from the same files: see testdata/fashion-mnist/make-reference.py. */
    record Expected(long pixelSum, long nonZeros, long[] classCounts, Map<Integer, Long> images) {}

    /** What plain Java reads from the files. */
    private static final class Reference {
        long pixelSum;
        long nonZeros;
        long[] classCounts = new long[10];
        byte[] labels;
        final Map<Integer, byte[]> kept = new LinkedHashMap<>();
    }

    @Test
    void importsTheCommittedSubsetExactly() throws IOException {
        TestData.Values v = TestData.reference();
        int n = v.integer("rows");
        assertThat(v.integer("cols")).isEqualTo(D);
        Map<Integer, Long> images = new LinkedHashMap<>();
        for (String s : v.words("image_sums")) {
            String[] kv = s.split(":");
            images.put(Integer.parseInt(kv[0]), Long.parseLong(kv[1]));
        }
        long[] counts = v.words("class_counts").stream().mapToLong(Long::parseLong).toArray();
        check(
                TestData.file("train-images-idx3-ubyte-first" + n + ".gz"),
                TestData.file("train-labels-idx1-ubyte-first" + n + ".gz"),
                n,
                new Expected(v.longValue("pixel_sum"), v.longValue("nonzeros"), counts, images));
    }

    @Test
    @Tag("system")
    void importsDebiansFullTrainingSetExactly() throws IOException {
        java.nio.file.Path dir = java.nio.file.Path.of("/usr/share/datasets/fashion-mnist");
        long[] counts = new long[10];
        Arrays.fill(counts, 6000);
        // One-off /usr/bin/python3 (gzip + struct) over all 47,040,000 pixel bytes.
        check(
                TestData.system(dir.resolve("train-images-idx3-ubyte.gz")),
                TestData.system(dir.resolve("train-labels-idx1-ubyte.gz")),
                60_000,
                new Expected(3_431_114_169L, 23_423_502L, counts, Map.of(0, 76_247L)));
    }

    private static Reference reference(
            java.nio.file.Path images, java.nio.file.Path labels, int n, Iterable<Integer> keep)
            throws IOException {
        Reference ref = new Reference();
        java.util.Set<Integer> wanted = new java.util.HashSet<>();
        keep.forEach(wanted::add);
        wanted.add(n / 2);
        wanted.add(n - 1);
        try (DataInputStream in =
                new DataInputStream(
                        new BufferedInputStream(
                                new GZIPInputStream(Files.newInputStream(images))))) {
            assertThat(in.readInt()).isEqualTo(0x803);
            assertThat(new int[] {in.readInt(), in.readInt(), in.readInt()})
                    .containsExactly(n, 28, 28);
            byte[] img = new byte[D];
            for (int i = 0; i < n; i++) {
                in.readFully(img);
                for (byte b : img) {
                    ref.pixelSum += b & 0xFF;
                    ref.nonZeros += b != 0 ? 1 : 0;
                }
                if (wanted.contains(i)) {
                    ref.kept.put(i, img.clone());
                }
            }
            assertThat(in.read()).isEqualTo(-1);
        }
        try (DataInputStream in =
                new DataInputStream(new GZIPInputStream(Files.newInputStream(labels)))) {
            assertThat(in.readInt()).isEqualTo(0x801);
            assertThat(in.readInt()).isEqualTo(n);
            ref.labels = new byte[n];
            in.readFully(ref.labels);
        }
        for (byte l : ref.labels) {
            ref.classCounts[l]++;
        }
        return ref;
    }

    private void check(java.nio.file.Path images, java.nio.file.Path labels, int n, Expected want)
            throws IOException {
        Reference ref = reference(images, labels, n, want.images().keySet());
        assertThat(ref.pixelSum).isEqualTo(want.pixelSum());
        assertThat(ref.nonZeros).isEqualTo(want.nonZeros());
        assertThat(ref.classCounts).containsExactly(want.classCounts());

        // Hadoop paths are qualified with file://: in the failsafe JVM other ITs start (and stop)
        // MiniDFSClusters, so an unqualified path could resolve against a stale default FS.
        Path out = new Path(tmp.toUri().toString(), "fmnist");
        ImportOptions o = ImportOptions.defaults().withLabels(new Path(labels.toUri().toString()));
        Manifest m =
                new IdxImporter(Support.fs(), new Path(images.toUri().toString()), o)
                        .importTo(Support.fs(), out, WriterOptions.defaults());
        assertThat(m.rows()).isEqualTo(n);
        assertThat(m.cols()).isEqualTo(D);
        assertThat(m.storage()).isEqualTo(Storage.DENSE);
        assertThat(m.nnz()).isEqualTo(ref.nonZeros);
        assertThat(m.labels().classes()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(m.bytes()).isEqualTo((long) m.blocks().size() * 32 + 8L * n * (D + 1));

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
        assertThat(counts).containsExactly(want.classCounts());
        assertThat((long) sum[0]).isEqualTo(want.pixelSum());
        for (Map.Entry<Integer, byte[]> kept : ref.kept.entrySet()) {
            int row = kept.getKey();
            double[] got = ((DenseBlock) r.readRows(row + 1, 1)).values();
            double[] expected = new double[D];
            for (int p = 0; p < D; p++) {
                expected[p] = kept.getValue()[p] & 0xFF;
            }
            assertThat(got).as("image " + row).isEqualTo(expected);
            Long pythonSum = want.images().get(row);
            if (pythonSum != null) {
                assertThat((long) Arrays.stream(got).sum())
                        .as("sum of image " + row)
                        .isEqualTo(pythonSum.longValue());
            }
        }
    }
}
