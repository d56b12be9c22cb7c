package io.codedyarn.hdfs.importer;

import static io.codedyarn.hdfs.importer.Support.failure;
import static io.codedyarn.hdfs.importer.Support.path;
import static io.codedyarn.hdfs.importer.Support.readAll;
import static io.codedyarn.hdfs.importer.Support.run;
import static io.codedyarn.hdfs.importer.Support.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Storage;
import java.io.IOException;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LibsvmImporterTest {
    @TempDir java.nio.file.Path tmp;

    private static LibsvmImporter libsvm(Path in, ImportOptions o) throws IOException {
        return new LibsvmImporter(Support.fs(), in, o);
    }

    @Test
    void roundTripIntoCsrWithColsFromTheLargestIndex() throws IOException {
        Path in =
                text(
                        tmp,
                        "a.svm",
                        "# a comment line\n"
                                + "+1 1:0.5 3:-2\n"
                                + "-1\t2:1e-3 7:4 # trailing comment\n"
                                + "\n"
                                + "-1\n"
                                + "+1 7:0\n");
        Manifest m = run(libsvm(in, ImportOptions.defaults()), path(tmp, "out"));
        assertThat(m.storage()).isEqualTo(Storage.CSR);
        assertThat(m.rows()).isEqualTo(4);
        assertThat(m.cols()).isEqualTo(7);
        CsrBlock b = (CsrBlock) readAll(path(tmp, "out"));
        assertThat(b.rowPtr()).containsExactly(0, 2, 4, 4, 5);
        assertThat(b.colIdx()).containsExactly(0, 2, 1, 6, 6);
        assertThat(b.values()).containsExactly(0.5, -2, 1e-3, 4, 0);
        assertThat(b.labels()).containsExactly(1, -1, -1, 1);
        // column c is LIBSVM's index c + 1
        assertThat(m.spec().featureNames()).containsExactly("1", "2", "3", "4", "5", "6", "7");
    }

    @Test
    void randomSparseRoundTripDenseAndCsrWithCols() throws IOException {
        RandomGenerator g = io.codedyarn.placement.Seeds.generator(42);
        int rows = 500;
        int cols = 60;
        double[][] want = new double[rows][cols];
        double[] labels = new double[rows];
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < rows; r++) {
            labels[r] = g.nextInt(3);
            sb.append((int) labels[r]);
            for (int c = 0; c < cols; c++) {
                if (g.nextDouble() < 0.05) {
                    want[r][c] = g.nextGaussian();
                    sb.append(' ').append(c + 1).append(':').append(want[r][c]);
                }
            }
            sb.append('\n');
        }
        Path in = text(tmp, "r.svm.gz", sb.toString());
        ImportOptions o = ImportOptions.defaults().withCols(cols).withClasses(0, 1, 2);
        Manifest csr = run(libsvm(in, o), path(tmp, "csr"));
        assertThat(csr.cols()).isEqualTo(cols);
        assertThat(Support.dense(readAll(path(tmp, "csr")))).isDeepEqualTo(want);
        assertThat(readAll(path(tmp, "csr")).labels()).containsExactly(labels);
        run(libsvm(in, o.withStorage(Storage.DENSE)), path(tmp, "dense"));
        DenseBlock d = (DenseBlock) readAll(path(tmp, "dense"));
        assertThat(Support.dense(d)).isDeepEqualTo(want);
        assertThat(d.labels()).containsExactly(labels);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            unsorted   | 1 1:1 3:1\\n1 4:2 2:1\\n | in.svm:2: index 2 after 4 (indices must be increasing)
            duplicate  | 1 1:1 1:2\\n | in.svm:1: duplicate index 1
            index 0    | 1 1:1\\n1 0:5\\n | in.svm:2: index 0 < 1 (LIBSVM indices are 1-based)
            bad token  | 1 1:1\\n1 2:3 oops\\n | in.svm:2: malformed token "oops" (expected index:value, e.g. 3:0.5)
            no value   | 1 5:\\n | in.svm:1: malformed token "5:" (expected index:value, e.g. 3:0.5)
            bad index  | 1 a:3\\n | in.svm:1: index "a" is not an integer
            bad value  | 1 2:x\\n | in.svm:1: index 2: "x" is not a number
            NaN value  | 1 2:nan\\n | in.svm:1: index 2: "nan" is not finite (NaN/Inf not allowed)
            bad label  | one 2:1\\n | in.svm:1: label "one" is not a number
            empty      | # nothing\\n\\n | in.svm: empty input: no data rows
            no index   | 1\\n-1\\n | in.svm: no feature index in any row: give --cols
            """)
    void badInputNamesFileAndLineAndLeavesNothing(String name, String content, String message)
            throws IOException {
        Path in = text(tmp, "in.svm", content.replace("\\n", "\n"));
        String msg = failure(libsvm(in, ImportOptions.defaults()), tmp.resolve("out"));
        assertThat(msg).isEqualTo(in + message.substring("in.svm".length()));
    }

    @Test
    void indexBeyondColsAndUndeclaredLabel() throws IOException {
        Path in = text(tmp, "in.svm", "1 1:1\n1 4:1\n");
        assertThat(failure(libsvm(in, ImportOptions.defaults().withCols(3)), tmp.resolve("o1")))
                .isEqualTo(in + ":2: index 4 > 3 columns (--cols)");
        Path in2 = text(tmp, "in2.svm", "1 1:1\n-1 2:1\n0 2:1\n");
        assertThat(
                        failure(
                                libsvm(in2, ImportOptions.defaults().withClasses(-1, 1)),
                                tmp.resolve("o2")))
                .isEqualTo(in2 + ":3: label 0 is not one of the declared classes {-1, 1}");
    }

    @Test
    void positiveLabelsMapMulticlassToPlusMinusOne() throws IOException {
        Path in = text(tmp, "m.svm", "3 1:1\n1 2:1\n2 1:1\n");
        run(libsvm(in, ImportOptions.defaults().withPositiveLabels(2, 3)), path(tmp, "out"));
        assertThat(readAll(path(tmp, "out")).labels()).containsExactly(1, -1, 1);
    }
}
