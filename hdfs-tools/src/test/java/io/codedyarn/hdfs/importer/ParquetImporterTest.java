package io.codedyarn.hdfs.importer;

import static io.codedyarn.hdfs.importer.Support.failure;
import static io.codedyarn.hdfs.importer.Support.path;
import static io.codedyarn.hdfs.importer.Support.readAll;
import static io.codedyarn.hdfs.importer.Support.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.RowBlock;
import io.codedyarn.hdfs.dataset.Storage;
import java.io.IOException;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Test files are written with parquet-hadoop's example writer, as a Spark user's would be. */
class ParquetImporterTest {
    @TempDir java.nio.file.Path tmp;

    private static final MessageType NUMERIC =
            MessageTypeParser.parseMessageType(
                    "message spark_schema {"
                            + " required int32 a; optional int64 b; required float c;"
                            + " required double label; required double d; required boolean e;"
                            + " optional int64 price (DECIMAL(10,2));"
                            + " optional binary big (DECIMAL(30,3)); }");

    private Path write(String name, MessageType schema, int rows, Consumer<Group[]> fill)
            throws IOException {
        Path p = path(tmp, name);
        new java.io.File(tmp.toFile(), name).getParentFile().mkdirs();
        SimpleGroupFactory f = new SimpleGroupFactory(schema);
        Group[] groups = new Group[rows];
        for (int r = 0; r < rows; r++) {
            groups[r] = f.newGroup();
        }
        fill.accept(groups);
        try (ParquetWriter<Group> w =
                ExampleParquetWriter.builder(p)
                        .withType(schema)
                        .withConf(new Configuration())
                        .withRowGroupSize(1024L)
                        .build()) {
            for (Group g : groups) {
                w.write(g);
            }
        }
        return p;
    }

    private static void numericRow(Group g, int r) {
        g.append("a", r - 5)
                .append("b", 1L << 40 | r)
                .append("c", 0.25f * r)
                .append("label", (double) (r % 3))
                .append("d", Math.PI * r)
                .append("e", r % 2 == 0)
                .append("price", 12345L + r)
                .append(
                        "big",
                        Binary.fromConstantByteArray(
                                new java.math.BigInteger("123456789012345678901" + r)
                                        .toByteArray()));
    }

    private static double[] expectedRow(int r) {
        return new double[] {
            r - 5,
            (double) (1L << 40 | r),
            0.25f * r,
            Math.PI * r,
            r % 2 == 0 ? 1 : 0,
            (12345 + r) / 100.0,
            new java.math.BigDecimal(new java.math.BigInteger("123456789012345678901" + r), 3)
                    .doubleValue()
        };
    }

    private ParquetImporter parquet(Path in, ImportOptions o) throws IOException {
        return new ParquetImporter(Support.fs(), in, o);
    }

    @Test
    void roundTripEveryNumericTypeWithTheColumnNamedLabel() throws IOException {
        int rows = 300; // several row groups of 1 KiB
        Path in =
                write(
                        "data.parquet",
                        NUMERIC,
                        rows,
                        gs -> {
                            for (int r = 0; r < gs.length; r++) {
                                numericRow(gs[r], r);
                            }
                        });
        Manifest m = run(parquet(in, ImportOptions.defaults()), path(tmp, "out"));
        assertThat(m.rows()).isEqualTo(rows);
        assertThat(m.cols()).isEqualTo(7);
        assertThat(m.spec().source()).containsEntry("labelColumn", "label");
        RowBlock b = readAll(path(tmp, "out"));
        double[][] got = Support.dense(b);
        for (int r = 0; r < rows; r++) {
            assertThat(got[r]).as("row " + r).containsExactly(expectedRow(r));
            assertThat(b.labels()[r]).isEqualTo(r % 3);
        }
    }

    @Test
    void directoryOfPartsLabelByIndexPositiveLabelsAndCsr() throws IOException {
        MessageType s =
                MessageTypeParser.parseMessageType(
                        "message m { required int32 y; required double x1; required double x2; }");
        write(
                "parts/part-00000.parquet",
                s,
                2,
                gs -> {
                    gs[0].append("y", 7).append("x1", 0.0).append("x2", 1.5);
                    gs[1].append("y", 3).append("x1", -2.0).append("x2", 0.0);
                });
        write(
                "parts/part-00001.parquet",
                s,
                1,
                gs -> gs[0].append("y", 7).append("x1", 0.0).append("x2", 0.0));
        Support.text(tmp, "parts/_SUCCESS", "");
        ImportOptions o =
                ImportOptions.defaults()
                        .withLabelColumn("0")
                        .withPositiveLabels(7)
                        .withStorage(Storage.CSR);
        Manifest m = run(parquet(path(tmp, "parts"), o), path(tmp, "out"));
        assertThat(m.storage()).isEqualTo(Storage.CSR);
        assertThat(m.nnz()).isEqualTo(2);
        RowBlock b = readAll(path(tmp, "out"));
        assertThat(Support.dense(b)).isDeepEqualTo(new double[][] {{0, 1.5}, {-2, 0}, {0, 0}});
        assertThat(b.labels()).containsExactly(1, -1, 1);
        assertThat(m.spec().featureNames()).containsExactly("x1", "x2"); // the schema's, y left out
    }

    @Test
    void aStringFeatureColumnIsRefusedByName() throws IOException {
        MessageType s =
                MessageTypeParser.parseMessageType(
                        "message m { required double x; required binary city (STRING);"
                                + " required double label; }");
        Path in =
                write(
                        "s.parquet",
                        s,
                        1,
                        gs -> gs[0].append("x", 1.0).append("city", "Oslo").append("label", 1.0));
        assertThat(failure(parquet(in, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(
                        in
                                + ": column 'city' has type required binary city (STRING), not"
                                + " numeric (int32, int64, float, double, boolean or decimal)");
    }

    @Test
    void nullsNaNUndeclaredLabelsAndNestedColumnsAreRefused() throws IOException {
        MessageType s =
                MessageTypeParser.parseMessageType(
                        "message m { optional double x; required double label; }");
        Path nulls =
                write(
                        "n.parquet",
                        s,
                        2,
                        gs -> {
                            gs[0].append("x", 1.0).append("label", 0.0);
                            gs[1].append("label", 1.0);
                        });
        assertThat(failure(parquet(nulls, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(nulls + ": row 2: column 'x' is null (missing values not supported)");
        Path nan =
                write(
                        "nan.parquet",
                        s,
                        1,
                        gs -> gs[0].append("x", Double.NaN).append("label", 0.0));
        assertThat(failure(parquet(nan, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(nan + ": row 1: column 'x' is NaN (NaN/Inf not allowed)");
        Path lab =
                write(
                        "l.parquet",
                        s,
                        2,
                        gs -> {
                            gs[0].append("x", 1.0).append("label", 0.0);
                            gs[1].append("x", 1.0).append("label", 5.0);
                        });
        assertThat(
                        failure(
                                parquet(lab, ImportOptions.defaults().withClasses(0, 1)),
                                tmp.resolve("o")))
                .isEqualTo(lab + ": row 2: label 5 is not one of the declared classes {0, 1}");
        MessageType nested =
                MessageTypeParser.parseMessageType(
                        "message m { required group v { required double x; }"
                                + " required double label; }");
        Path nest =
                write(
                        "g.parquet",
                        nested,
                        1,
                        gs -> {
                            gs[0].addGroup("v").append("x", 1.0);
                            gs[0].append("label", 1.0);
                        });
        assertThat(failure(parquet(nest, ImportOptions.defaults()), tmp.resolve("o")))
                .startsWith(nest + ": column 'v' is nested (");
    }

    @Test
    void notParquetAndEmpty() throws IOException {
        Path junk = Support.text(tmp, "junk.parquet", "this is not parquet at all");
        assertThat(failure(parquet(junk, ImportOptions.defaults()), tmp.resolve("o")))
                .startsWith(junk + ": not a readable Parquet file: ");
        MessageType s =
                MessageTypeParser.parseMessageType(
                        "message m { required double x; required double label; }");
        Path empty = write("e.parquet", s, 0, gs -> {});
        assertThat(failure(parquet(empty, ImportOptions.defaults()), tmp.resolve("o")))
                .isEqualTo(empty + ": empty input: no rows");
    }
}
