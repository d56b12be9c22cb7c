package io.codedyarn.hdfs.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetTransformTest {
    @TempDir java.nio.file.Path tmp;

    @Test
    void denseBinaryLabelsStandardizeInterceptShuffle() throws IOException {
        FileSystem fs = TestData.localFs();
        int n = 1234;
        int cols = 6;
        TestData t = TestData.dense(n, cols, 8);
        for (int r = 0; r < n; r++) {
            t.labels.set(r, (double) (r % 3)); // classes 0, 1, 2
            t.dense.get(r)[2] = 5; // a constant column: std 0
        }
        Path src = TestData.path(tmp, "src");
        t.write(
                fs,
                src,
                DatasetSpec.dense(cols, LabelSpec.classes(0, 1, 2)).withSeed(1L),
                WriterOptions.defaults().withMaxBlockRows(100));
        Path out = TestData.path(tmp, "out");
        Manifest m =
                DatasetTransform.of(DatasetReader.open(fs, src))
                        .shuffle(77)
                        .intercept()
                        .standardize()
                        .binaryLabels(2)
                        .writeTo(fs, out, WriterOptions.defaults().withTargetBlockBytes(8192));

        assertThat(m.rows()).isEqualTo(n);
        assertThat(m.cols()).isEqualTo(cols + 1);
        assertThat(m.labels()).isEqualTo(LabelSpec.binary());
        assertThat(m.spec().seed()).isEqualTo(77);
        assertThat(m.spec().transformations().stream().map(Transformation::name))
                .containsExactly("binary-labels", "standardize", "intercept", "shuffle");
        assertThat(m.spec().source()).containsKey("transformOf");
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();

        double[] mean = new double[cols];
        double[] std = new double[cols];
        for (double[] row : t.dense) {
            for (int c = 0; c < cols; c++) {
                mean[c] += row[c] / n;
            }
        }
        for (double[] row : t.dense) {
            for (int c = 0; c < cols; c++) {
                std[c] += (row[c] - mean[c]) * (row[c] - mean[c]) / n;
            }
        }
        Transformation st = m.spec().transformations().get(1);
        assertThat(st.doublesParam("means")[0]).isCloseTo(mean[0], within(1e-12));
        assertThat(st.doublesParam("stds")[2]).isZero();

        DenseBlock all = (DenseBlock) DatasetReader.open(fs, out).readRows(1, n);
        RowPermutation perm = RowPermutation.of(n, 77);
        double[] outMean = new double[cols + 1];
        for (int i = 0; i < n; i++) {
            int s = (int) perm.apply(i);
            double[] row = t.dense.get(s);
            for (int c = 0; c < cols; c++) {
                double expect =
                        std[c] < 1e-12 ? row[c] - mean[c] : (row[c] - mean[c]) / Math.sqrt(std[c]);
                assertThat(all.get(i, c)).isCloseTo(expect, within(1e-9));
                outMean[c] += all.get(i, c) / n;
            }
            assertThat(all.get(i, cols)).isEqualTo(1.0);
            assertThat(all.labels()[i]).isEqualTo(s % 3 == 2 ? 1.0 : -1.0);
        }
        assertThat(outMean[0]).isCloseTo(0, within(1e-12));
        assertThat(leftovers(fs, out)).containsExactlyInAnyOrder("src", "out");
    }

    @Test
    void csrIsOnlyScaledAndShuffleKeepsRowsIntact() throws IOException {
        FileSystem fs = TestData.localFs();
        int n = 500;
        TestData t = TestData.sparse(n, 9, 0.3, false, 3);
        Path src = TestData.path(tmp, "src");
        t.write(
                fs,
                src,
                DatasetSpec.csr(9, LabelSpec.NONE),
                WriterOptions.defaults().withMaxBlockRows(64));
        Path out = TestData.path(tmp, "out");
        Manifest m =
                DatasetTransform.of(DatasetReader.open(fs, src))
                        .standardize()
                        .intercept()
                        .shuffle(5)
                        .writeTo(fs, out, WriterOptions.defaults().withTargetBlockBytes(2048));
        Transformation st = m.spec().transformations().get(0);
        assertThat(st.params()).containsEntry("centered", false);
        double[] stds = st.doublesParam("stds");
        CsrBlock all = (CsrBlock) DatasetReader.open(fs, out).readRows(1, n);
        RowPermutation perm = RowPermutation.of(n, 5);
        for (int i = 0; i < n; i++) {
            double[] expect = Arrays.copyOf(t.denseRow((int) perm.apply(i)), 10);
            for (int c = 0; c < 9; c++) {
                expect[c] /= stds[c];
            }
            expect[9] = 1;
            double[] got = all.denseRow(i);
            for (int c = 0; c < 10; c++) {
                assertThat(got[c]).isCloseTo(expect[c], within(1e-12));
            }
        }
        assertThat(m.nnz()).isEqualTo(t.idx.stream().mapToLong(x -> x.length).sum() + n);
        assertThat(DatasetVerifier.verify(fs, out).isOk()).isTrue();
        assertThat(leftovers(fs, out)).containsExactlyInAnyOrder("src", "out");
    }

    private static List<String> leftovers(FileSystem fs, Path dir) throws IOException {
        return Arrays.stream(fs.listStatus(dir.getParent()))
                .map(FileStatus::getPath)
                .map(Path::getName)
                .filter(s -> !s.endsWith(".crc"))
                .toList();
    }
}
