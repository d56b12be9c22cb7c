package io.codedyarn.am.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.cli.CodedYarn;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.RowBlock;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code data import} through the real picocli tree: exit codes, one-line errors, no leftovers. */
class ImportCommandTest {
    @TempDir java.nio.file.Path tmp;

    private record Run(int rc, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Configuration conf = new Configuration();
        conf.setInt("ipc.client.connect.max.retries", 0);
        int rc =
                CodedYarn.commandLine(
                                new CliContext(CodedYarnConfig.defaults(), conf),
                                new PrintWriter(out),
                                new PrintWriter(err))
                        .execute(args);
        return new Run(rc, out.toString(), err.toString());
    }

    private String file(String name, String content) throws IOException {
        java.nio.file.Path p = tmp.resolve("in").resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p.toString();
    }

    private String idxFile(String name, int magic, int[] dims, byte[] data) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4 + 4 * dims.length + data.length);
        b.putInt(magic);
        for (int d : dims) {
            b.putInt(d);
        }
        b.put(data);
        java.nio.file.Path p = tmp.resolve("in").resolve(name);
        Files.createDirectories(p.getParent());
        Files.write(p, b.array());
        return p.toString();
    }

    private java.nio.file.Path outDir() throws IOException {
        java.nio.file.Path o = tmp.resolve("out");
        Files.createDirectories(o);
        return o;
    }

    private static List<String> listing(java.nio.file.Path dir) throws IOException {
        List<String> names = new ArrayList<>();
        try (var s = Files.list(dir)) {
            s.forEach(p -> names.add(p.getFileName().toString()));
        }
        return names;
    }

    private static Manifest manifest(java.nio.file.Path dir) throws IOException {
        return DatasetReader.readManifest(
                FileSystem.getLocal(new Configuration()), new Path(dir.toUri()));
    }

    @Test
    void importsCsvAndPrintsTheShape() throws IOException {
        String in = file("a.csv", "x,y,label\n1,2,0\n3,4,1\n5,6,1\n");
        String out = outDir().resolve("ds").toString();
        Run r =
                run(
                        "data",
                        "import",
                        "--format",
                        "csv",
                        "--input",
                        in,
                        "--header",
                        "--positive-labels",
                        "1",
                        "--quiet",
                        "--out",
                        out);
        assertThat(r.err()).startsWith("import: column 2 (0-based: the last of 3) is the label");
        assertThat(r.rc()).isZero();
        assertThat(r.out()).startsWith("imported 3 rows x 2 cols (dense, 6 non-zeros");
        Manifest m = manifest(tmp.resolve("out/ds"));
        assertThat(m.labels().classes()).containsExactly(-1, 1);
        assertThat(m.spec().source()).containsEntry("importer", "csv");
    }

    @Test
    void theDefaultLabelColumnIsNamedWithHowToChangeIt() throws IOException {
        // an unlabeled file: by default its last column becomes the label, and the note says so
        String in = file("pixels.csv", "1,2,3,4\n5,6,7,8\n9,10,11,12\n");
        Run taken = importCsv(in, "a");
        assertThat(taken.rc()).as(taken.err()).isZero();
        assertThat(taken.out()).startsWith("imported 3 rows x 3 cols");
        assertThat(taken.err())
                .isEqualTo(
                        "import: column 3 (0-based: the last of 4) is the label, not a feature"
                                + " (the default); for unlabeled data (e.g. PCA) import with"
                                + " --no-labels, or choose the label with --label-column I|NAME\n");
        assertThat(manifest(tmp.resolve("out/a")).cols()).isEqualTo(3);
        // chosen explicitly: nothing to say
        Run none = importCsv(in, "b", "--no-labels");
        assertThat(none.rc()).as(none.err()).isZero();
        assertThat(none.err()).isEmpty();
        assertThat(manifest(tmp.resolve("out/b")).cols()).isEqualTo(4);
        Run first = importCsv(in, "c", "--label-column", "0");
        assertThat(first.rc()).as(first.err()).isZero();
        assertThat(first.err()).isEmpty();
    }

    private Run importCsv(String in, String out, String... extra) {
        List<String> a = new ArrayList<>(List.of("data", "import", "--format", "csv", "--quiet"));
        a.addAll(List.of("--input", in, "--out", tmp.resolve("out").resolve(out).toString()));
        a.addAll(List.of(extra));
        return run(a.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            csv       | a.csv | 1,2,3\\n4,5\\n | :2: ragged row: 2 columns, but the first row has 3
            csv       | b.csv | 1,2,3\\n4,x5,6\\n | :2: column 1: "x5" is not a number
            csv       | c.csv | 1,inf,3\\n | :1: column 1: "inf" is not finite (NaN/Inf not allowed)
            csv       | d.csv | 1,"2,3\\n | :1: malformed line: unterminated quote in field 1
            csv       | e.csv | '' | ': empty input: no data rows'
            libsvm    | f.svm | 1 1:2 3:4\\n-1 3:1 2:5\\n | :2: index 2 after 3 (indices must be increasing)
            libsvm    | g.svm | 1 1:2 1:4\\n | :1: duplicate index 1
            libsvm    | h.svm | 1 x\\n | :1: malformed token "x" (expected index:value, e.g. 3:0.5)
            """)
    void badInputIsOneLineExitTwoAndNothingWritten(
            String format, String name, String content, String suffix) throws IOException {
        String in = file(name, content.replace("\\n", "\n"));
        java.nio.file.Path out = outDir();
        Run r =
                run(
                        "data",
                        "import",
                        "--format",
                        format,
                        "--input",
                        in,
                        "--quiet",
                        "--out",
                        out.resolve("ds").toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo("coded-yarn import: file:" + in + suffix)
                .doesNotContain("\n");
        assertThat(listing(out)).isEmpty();
    }

    @Test
    void undeclaredLabelAndIdxMismatchThroughTheCli() throws IOException {
        String in = file("l.csv", "1,0\n2,1\n3,7\n");
        java.nio.file.Path out = outDir();
        Run r =
                run(
                        "data",
                        "import",
                        "--format",
                        "csv",
                        "--input",
                        in,
                        "--classes",
                        "0,1",
                        "--quiet",
                        "--out",
                        out.resolve("ds").toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo(
                        "coded-yarn import: file:"
                                + in
                                + ":3: column 1: label 7 is not one of the declared classes {0, 1}");
        String img = idxFile("img", 0x803, new int[] {2, 1, 2}, new byte[] {1, 2, 3, 4});
        String lab = idxFile("lab", 0x801, new int[] {3}, new byte[] {0, 1, 1});
        r =
                run(
                        "data",
                        "import",
                        "--format",
                        "idx",
                        "--input",
                        img,
                        "--labels",
                        lab,
                        "--quiet",
                        "--out",
                        out.resolve("ds").toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo(
                        "coded-yarn import: file:"
                                + lab
                                + ": dimension mismatch: 3 labels for 2 images in file:"
                                + img);
        assertThat(listing(out)).isEmpty();
    }

    @Test
    void existingOutputIsRefusedUnlessOverwrite() throws IOException {
        String in = file("a.csv", "1,2\n");
        String out = outDir().resolve("ds").toString();
        assertThat(
                        run(
                                        "data",
                                        "import",
                                        "--format=csv",
                                        "--input",
                                        in,
                                        "--quiet",
                                        "--out",
                                        out)
                                .rc())
                .isZero();
        String in2 = file("b.csv", "1,2,3\n");
        Run r = run("data", "import", "--format=csv", "--input", in2, "--quiet", "--out", out);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo(
                        "coded-yarn import: --out: file:"
                                + out
                                + " already exists (use --overwrite to replace it)");
        assertThat(manifest(tmp.resolve("out/ds")).cols()).isEqualTo(1);
        r =
                run(
                        "data",
                        "import",
                        "--format=csv",
                        "--input",
                        in2,
                        "--quiet",
                        "--overwrite",
                        "--out",
                        out);
        assertThat(r.rc()).isZero();
        assertThat(manifest(tmp.resolve("out/ds")).cols()).isEqualTo(2);
        assertThat(listing(tmp.resolve("out"))).containsExactly("ds");
    }

    @Test
    void preprocessingIsAppliedIntoTheSameAtomicOutput() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            sb.append(i).append(',').append(2 * i + 1).append(',').append(i % 2).append('\n');
        }
        String in = file("p.csv", sb.toString());
        java.nio.file.Path out = outDir();
        Run r =
                run(
                        "data",
                        "import",
                        "--format",
                        "csv",
                        "--input",
                        in,
                        "--standardize",
                        "--intercept",
                        "--shuffle-seed",
                        "7",
                        "--positive-labels",
                        "1",
                        "--quiet",
                        "--out",
                        out.resolve("ds").toString());
        assertThat(r.err()).startsWith("import: column 2 (0-based: the last of 3) is the label");
        assertThat(r.rc()).isZero();
        Manifest m = manifest(out.resolve("ds"));
        assertThat(m.cols()).isEqualTo(3);
        assertThat(m.spec().transformations().stream().map(t -> t.name()))
                .containsExactly("binary-labels", "standardize", "intercept", "shuffle");
        assertThat(m.spec().seed()).isEqualTo(7L);
        RowBlock all =
                DatasetReader.open(
                                FileSystem.getLocal(new Configuration()),
                                new Path(out.resolve("ds").toUri()))
                        .readRows(1, 50);
        double sum = 0;
        for (int row = 0; row < 50; row++) {
            sum += ((io.codedyarn.hdfs.dataset.DenseBlock) all).get(row, 0);
            assertThat(((io.codedyarn.hdfs.dataset.DenseBlock) all).get(row, 2)).isEqualTo(1.0);
        }
        assertThat(Math.abs(sum)).isLessThan(1e-9);
        assertThat(listing(out)).containsExactly("ds"); // the intermediate import is gone
    }

    @Test
    void badFlagsAndUnreachableFileSystem() throws IOException {
        String in = file("a.csv", "1,2\n");
        String out = outDir().resolve("ds").toString();
        Run r = run("data", "import", "--format", "xml", "--input", in, "--out", out);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo(
                        "coded-yarn import: --format: 'xml' is not one of [csv, libsvm, idx,"
                                + " parquet]");
        r =
                run(
                        "data",
                        "import",
                        "--format",
                        "csv",
                        "--input",
                        in,
                        "--out",
                        out,
                        "--delimiter",
                        "ab");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("--delimiter: must be one character or 'tab'");
        r =
                run(
                        "data",
                        "import",
                        "--format",
                        "csv",
                        "--input",
                        in,
                        "--quiet",
                        "--out",
                        "hdfs://127.0.0.1:1/ds");
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err().strip()).startsWith("coded-yarn import: ").doesNotContain("\n");
        assertThat(r.err()).contains("Connection refused");
    }

    @Test
    void parquetThroughTheCliWithTheApplicationClasspath() throws IOException {
        org.apache.parquet.schema.MessageType schema =
                org.apache.parquet.schema.MessageTypeParser.parseMessageType(
                        "message m { required double x; optional int64 n; required int32 label; }");
        java.nio.file.Path dir = tmp.resolve("in/pq");
        Files.createDirectories(dir);
        Path file = new Path(dir.resolve("part-00000.parquet").toUri());
        var f = new org.apache.parquet.example.data.simple.SimpleGroupFactory(schema);
        try (var w =
                org.apache.parquet.hadoop.example.ExampleParquetWriter.builder(file)
                        .withType(schema)
                        .withConf(new Configuration())
                        .build()) {
            w.write(f.newGroup().append("x", 1.5).append("n", 7L).append("label", 1));
            w.write(f.newGroup().append("x", -2.0).append("n", 0L).append("label", 0));
        }
        java.nio.file.Path out = outDir();
        Run r =
                run(
                        "data",
                        "import",
                        "--format",
                        "parquet",
                        "--input",
                        dir.toString(),
                        "--quiet",
                        "--out",
                        out.resolve("ds").toString());
        assertThat(r.err()).startsWith("import: column 'label' is the label");
        assertThat(r.rc()).isZero();
        assertThat(r.out()).startsWith("imported 2 rows x 2 cols (dense, 3 non-zeros");
        java.nio.file.Path bad = tmp.resolve("in/s.parquet");
        org.apache.parquet.schema.MessageType strings =
                org.apache.parquet.schema.MessageTypeParser.parseMessageType(
                        "message m { required binary name (STRING); required double label; }");
        try (var w =
                org.apache.parquet.hadoop.example.ExampleParquetWriter.builder(
                                new Path(bad.toUri()))
                        .withType(strings)
                        .withConf(new Configuration())
                        .build()) {
            w.write(
                    new org.apache.parquet.example.data.simple.SimpleGroupFactory(strings)
                            .newGroup()
                            .append("name", "a")
                            .append("label", 1.0));
        }
        r =
                run(
                        "data",
                        "import",
                        "--format",
                        "parquet",
                        "--input",
                        bad.toString(),
                        "--quiet",
                        "--out",
                        out.resolve("ds2").toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err().strip())
                .startsWith("coded-yarn import: file:" + bad + ": column 'name' has type")
                .doesNotContain("\n");
        assertThat(listing(out)).containsExactly("ds");
    }
}
