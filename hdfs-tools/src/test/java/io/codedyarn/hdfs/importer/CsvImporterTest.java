package io.codedyarn.hdfs.importer;

import static io.codedyarn.hdfs.importer.Support.failure;
import static io.codedyarn.hdfs.importer.Support.path;
import static io.codedyarn.hdfs.importer.Support.readAll;
import static io.codedyarn.hdfs.importer.Support.run;
import static io.codedyarn.hdfs.importer.Support.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.RowBlock;
import io.codedyarn.hdfs.dataset.Storage;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CsvImporterTest {
    @TempDir java.nio.file.Path tmp;

    private CsvImporter csv(Path in, ImportOptions o) throws IOException {
        return new CsvImporter(Support.fs(), in, o);
    }

    @Test
    void roundTripDefaultLabelIsTheLastColumn() throws IOException {
        Path in =
                text(
                        tmp,
                        "a.csv",
                        "1.5,-2,0,1\n\n3e-3,4.25,7,0\n0.1,0.2,0.30000000000000004,1\r\n");
        Manifest m = run(csv(in, ImportOptions.defaults()), path(tmp, "out"));
        assertThat(m.rows()).isEqualTo(3);
        assertThat(m.cols()).isEqualTo(3);
        assertThat(m.storage()).isEqualTo(Storage.DENSE);
        assertThat(m.blocks()).hasSize(1); // 3 rows, blocks of at most 3
        RowBlock b = readAll(path(tmp, "out"));
        assertThat(Support.dense(b))
                .isDeepEqualTo(
                        new double[][] {
                            {1.5, -2, 0}, {3e-3, 4.25, 7}, {0.1, 0.2, 0.30000000000000004}
                        });
        assertThat(b.labels()).containsExactly(1, 0, 1);
        assertThat(m.spec().source()).containsEntry("labelColumn", 3L);
    }

    @Test
    void headerNamedLabelColumnDelimiterQuotesAndGzip() throws IOException {
        Path in =
                text(
                        tmp,
                        "b.csv.gz",
                        "\uFEFFx;\"y\";class;z\n1;\"2.5\";7;3\n-1 ; 0 ; 8 ; \"1e2\"\n");
        ImportOptions o =
                ImportOptions.defaults()
                        .withHeader(true)
                        .withDelimiter(';')
                        .withLabelColumn("class")
                        .withClasses(7, 8);
        Manifest m = run(csv(in, o), path(tmp, "out"));
        RowBlock b = readAll(path(tmp, "out"));
        assertThat(Support.dense(b)).isDeepEqualTo(new double[][] {{1, 2.5, 3}, {-1, 0, 100}});
        assertThat(b.labels()).containsExactly(7, 8);
        assertThat(m.labels().classes()).containsExactly(7, 8);
        // the header names the features (the label column left out), read back from the manifest
        assertThat(m.spec().featureNames()).containsExactly("x", "y", "z");
        assertThat(
                        io.codedyarn.hdfs.dataset.DatasetReader.open(Support.fs(), path(tmp, "out"))
                                .manifest()
                                .spec()
                                .featureNames())
                .containsExactly("x", "y", "z");
    }

    @Test
    void withoutAHeaderTheFeaturesAreNumberedAndInterceptIsNamed() throws IOException {
        Path in = text(tmp, "e.csv", "1,2,0\n3,5,1\n");
        Manifest plain = run(csv(in, ImportOptions.defaults()), path(tmp, "plain"));
        assertThat(plain.spec().featureNames()).containsExactly("x0", "x1");
        assertThat(Files.readString(tmp.resolve("plain/manifest.json"))).doesNotContain("features");
        Path named = text(tmp, "f.csv", "age,income,label\n1,2,0\n3,5,1\n");
        Manifest m =
                DatasetImport.run(
                        csv(named, ImportOptions.defaults().withHeader(true)),
                        Support.fs(),
                        path(tmp, "icpt"),
                        io.codedyarn.hdfs.dataset.WriterOptions.defaults(),
                        new DatasetImport.Preprocessing(null, true, true));
        assertThat(m.cols()).isEqualTo(3);
        assertThat(m.spec().featureNames()).containsExactly("age", "income", "intercept");
        assertThat(m.spec().interceptColumns()).containsExactly(2);
    }

    @Test
    void directoryOfPartFilesWithHeadersAndSparseStorage() throws IOException {
        text(tmp, "parts/part-00000.csv", "a,b,c,label\n0,0,2,1\n");
        text(tmp, "parts/part-00001.csv", "a,b,c,label\n5,0,0,0\n0,0,0,1\n");
        text(tmp, "parts/_SUCCESS", "");
        ImportOptions o = ImportOptions.defaults().withHeader(true).withStorage(Storage.CSR);
        Manifest m = run(csv(path(tmp, "parts"), o), path(tmp, "out"));
        assertThat(m.storage()).isEqualTo(Storage.CSR);
        assertThat(m.nnz()).isEqualTo(2);
        CsrBlock b = (CsrBlock) readAll(path(tmp, "out"));
        assertThat(b.rowPtr()).containsExactly(0, 1, 2, 2);
        assertThat(b.colIdx()).containsExactly(2, 0);
        assertThat(b.values()).containsExactly(2, 5);
        assertThat(b.labels()).containsExactly(1, 0, 1);
    }

    @Test
    void noLabelsAndLabelColumnByIndex() throws IOException {
        Path in = text(tmp, "c.csv", "1,2,3\n4,5,6\n");
        RowBlock all;
        run(csv(in, ImportOptions.defaults().withNoLabels(true)), path(tmp, "none"));
        all = readAll(path(tmp, "none"));
        assertThat(all.labels()).isNull();
        assertThat(Support.dense(all)).isDeepEqualTo(new double[][] {{1, 2, 3}, {4, 5, 6}});
        run(csv(in, ImportOptions.defaults().withLabelColumn("0")), path(tmp, "first"));
        all = readAll(path(tmp, "first"));
        assertThat(all.labels()).containsExactly(1, 4);
        assertThat(Support.dense(all)).isDeepEqualTo(new double[][] {{2, 3}, {5, 6}});
    }

    @Test
    void positiveLabelsBecomePlusOneTheRestMinusOne() throws IOException {
        Path in = text(tmp, "d.csv", "1,3\n2,5\n3,4\n4,3\n");
        Manifest m =
                run(csv(in, ImportOptions.defaults().withPositiveLabels(3, 4)), path(tmp, "out"));
        assertThat(readAll(path(tmp, "out")).labels()).containsExactly(1, -1, 1, 1);
        assertThat(m.labels().classes()).containsExactly(-1, 1);
        assertThat(m.spec().transformations()).hasSize(1);
        assertThat(m.spec().transformations().get(0).name()).isEqualTo("binary-labels");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            malformed | 1,2,3\\n4,"5,6\\n | in.csv:2: malformed line: unterminated quote in field 1
            ragged    | 1,2,3\\n\\n4,5\\n | in.csv:3: ragged row: 2 columns, but the first row has 3
            non-numeric | 1,2,3\\n4,abc,6\\n | in.csv:2: column 1: "abc" is not a number
            empty value | 1,2,3\\n4,,6\\n | in.csv:2: column 1: empty value
            NaN       | 1,NaN,3\\n | in.csv:1: column 1: "NaN" is not finite (NaN/Inf not allowed)
            inf       | 1,2,3\\n1,-inf,3\\n | in.csv:2: column 1: "-inf" is not finite (NaN/Inf not allowed)
            overflow  | 1,1e999,3\\n | in.csv:1: column 1: "1e999" is not finite (NaN/Inf not allowed)
            java-only | 1,2d,3\\n | in.csv:1: column 1: "2d" is not a number
            bad label | 1,2,3\\n1,2,x\\n | in.csv:2: column 2: "x" is not a number
            empty     | \\n\\n | in.csv: empty input: no data rows
            """)
    void badInputNamesFileAndLineAndLeavesNothing(String name, String content, String message)
            throws IOException {
        Path in = text(tmp, "in.csv", content.replace("\\n", "\n"));
        String msg = failure(csv(in, ImportOptions.defaults()), tmp.resolve("out"));
        assertThat(msg).isEqualTo(in + message.substring("in.csv".length()));
    }

    @Test
    void labelOutsideTheDeclaredClassesNamesTheLine() throws IOException {
        Path in = text(tmp, "in.csv", "1,0\n2,1\n3,2\n");
        String msg =
                failure(csv(in, ImportOptions.defaults().withClasses(0, 1)), tmp.resolve("out"));
        assertThat(msg)
                .isEqualTo(in + ":3: column 1: label 2 is not one of the declared classes {0, 1}");
    }

    @Test
    void headerOnlyIsEmptyInput() throws IOException {
        Path in = text(tmp, "in.csv", "a,b\n");
        assertThat(failure(csv(in, ImportOptions.defaults().withHeader(true)), tmp.resolve("o")))
                .endsWith("empty input: no data rows");
    }

    @Test
    void truncatedGzipIsReportedWithTheFileName() throws IOException {
        StringBuilder sb = new StringBuilder();
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < 5000; i++) {
            sb.append(r.nextDouble()).append(',').append(r.nextInt(2)).append('\n');
        }
        byte[] gz = Support.gzip(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path in = path(tmp, "t.csv.gz");
        Files.write(tmp.resolve("t.csv.gz"), Arrays.copyOf(gz, gz.length / 2));
        String msg = failure(csv(in, ImportOptions.defaults()), tmp.resolve("out"));
        assertThat(msg)
                .isEqualTo(
                        in
                                + ": truncated gzip stream: the file ends before the compressed"
                                + " data does");
    }

    @Test
    void existingOutputIsRefusedUnlessOverwrite() throws IOException {
        Path in = text(tmp, "in.csv", "1,2\n");
        Path out = path(tmp, "out");
        DatasetImport.run(
                csv(in, ImportOptions.defaults()),
                Support.fs(),
                out,
                io.codedyarn.hdfs.dataset.WriterOptions.defaults(),
                DatasetImport.Preprocessing.NONE);
        Path in2 = text(tmp, "in2.csv", "5,6\n7,8\n");
        assertThatThrownBy(
                        () ->
                                DatasetImport.run(
                                        csv(in2, ImportOptions.defaults()),
                                        Support.fs(),
                                        out,
                                        io.codedyarn.hdfs.dataset.WriterOptions.defaults(),
                                        DatasetImport.Preprocessing.NONE))
                .isInstanceOf(org.apache.hadoop.fs.FileAlreadyExistsException.class)
                .hasMessageContaining("already exists");
        assertThat(readAll(out).labels()).containsExactly(2);
        DatasetImport.run(
                csv(in2, ImportOptions.defaults()),
                Support.fs(),
                out,
                io.codedyarn.hdfs.dataset.WriterOptions.defaults().withOverwrite(true),
                DatasetImport.Preprocessing.NONE);
        assertThat(readAll(out).labels()).containsExactly(6, 8);
    }
}
