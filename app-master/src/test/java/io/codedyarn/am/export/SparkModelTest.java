package io.codedyarn.am.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SparkModel}: the directory's layout, the metadata line, and the Parquet file's schema,
 * footer and row compared with what Spark 4.0.1 itself wrote for a LogisticRegressionModel, a
 * LinearRegressionModel and a PCAModel (their {@code save} output, inspected with parquet-hadoop:
 * the schemas below are that output's, typed in). That Spark loads it and predicts as model.json
 * does is the spark-export profile's test (export-check).
 */
class SparkModelTest {
    @TempDir Path tmp;

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String VECTOR =
            "required int32 type (INTEGER(8,true)); optional int32 size;"
                    + " optional group indices (LIST) { repeated group list { required int32"
                    + " element; } } optional group values (LIST) { repeated group list {"
                    + " required double element; } }";
    private static final String MATRIX =
            "required int32 type (INTEGER(8,true)); required int32 numRows; required int32"
                    + " numCols; optional group colPtrs (LIST) { repeated group list { required"
                    + " int32 element; } } optional group rowIndices (LIST) { repeated group list"
                    + " { required int32 element; } } optional group values (LIST) { repeated"
                    + " group list { required double element; } } required boolean"
                    + " isTransposed;";

    /** Spark's StructType JSON for a VectorUDT column's type, as its footer holds it. */
    private static final String VECTOR_JSON =
            "{\"type\":\"udt\",\"class\":\"org.apache.spark.ml.linalg.VectorUDT\",\"pyClass\":\"pyspark.ml.linalg.VectorUDT\",\"sqlType\":{\"type\":\"struct\",\"fields\":[{\"name\":\"type\",\"type\":\"byte\",\"nullable\":false,\"metadata\":{}},{\"name\":\"size\",\"type\":\"integer\",\"nullable\":true,\"metadata\":{}},{\"name\":\"indices\",\"type\":{\"type\":\"array\",\"elementType\":\"integer\",\"containsNull\":false},\"nullable\":true,\"metadata\":{}},{\"name\":\"values\",\"type\":{\"type\":\"array\",\"elementType\":\"double\",\"containsNull\":false},\"nullable\":true,\"metadata\":{}}]}}";

    private static final String MATRIX_JSON =
            "{\"type\":\"udt\",\"class\":\"org.apache.spark.ml.linalg.MatrixUDT\",\"pyClass\":\"pyspark.ml.linalg.MatrixUDT\",\"sqlType\":{\"type\":\"struct\",\"fields\":[{\"name\":\"type\",\"type\":\"byte\",\"nullable\":false,\"metadata\":{}},{\"name\":\"numRows\",\"type\":\"integer\",\"nullable\":false,\"metadata\":{}},{\"name\":\"numCols\",\"type\":\"integer\",\"nullable\":false,\"metadata\":{}},{\"name\":\"colPtrs\",\"type\":{\"type\":\"array\",\"elementType\":\"integer\",\"containsNull\":false},\"nullable\":true,\"metadata\":{}},{\"name\":\"rowIndices\",\"type\":{\"type\":\"array\",\"elementType\":\"integer\",\"containsNull\":false},\"nullable\":true,\"metadata\":{}},{\"name\":\"values\",\"type\":{\"type\":\"array\",\"elementType\":\"double\",\"containsNull\":false},\"nullable\":true,\"metadata\":{}},{\"name\":\"isTransposed\",\"type\":\"boolean\",\"nullable\":false,\"metadata\":{}}]}}";

    private static String field(String name, String type, boolean nullable) {
        return "{\"name\":\""
                + name
                + "\",\"type\":"
                + type
                + ",\"nullable\":"
                + nullable
                + ",\"metadata\":{}}";
    }

    private static String struct(String... fields) {
        return "{\"type\":\"struct\",\"fields\":[" + String.join(",", fields) + "]}";
    }

    @Test
    void logisticRegressionIsWhatSparkWrites() throws IOException {
        Path dir = tmp.resolve("lr");
        SparkModel.Written w = SparkModel.write(Models.lr(), dir, "m.json");
        assertThat(w.sparkClass())
                .isEqualTo("org.apache.spark.ml.classification.LogisticRegressionModel");

        JsonNode meta = metadata(dir);
        assertThat(meta.get("class").asText()).isEqualTo(w.sparkClass());
        assertThat(meta.get("uid").asText()).matches("logreg_[0-9a-f]{12}");
        assertThat(meta.get("paramMap").get("family").asText()).isEqualTo("binomial");
        assertThat(meta.get("defaultParamMap").get("threshold").asDouble()).isEqualTo(0.5);
        assertThat(meta.get("defaultParamMap").get("featuresCol").asText()).isEqualTo("features");

        Parquet p = parquet(dir);
        assertThat(p.schema)
                .isEqualTo(
                        MessageTypeParser.parseMessageType(
                                "message spark_schema { required int32 numClasses; required int32"
                                        + " numFeatures; optional group interceptVector { "
                                        + VECTOR
                                        + " } optional group coefficientMatrix { "
                                        + MATRIX
                                        + " } required boolean isMultinomial; }"));
        assertThat(JSON.readTree(p.footer.get(SparkParquet.ROW_METADATA_KEY)))
                .isEqualTo(
                        JSON.readTree(
                                struct(
                                        field("numClasses", "\"integer\"", false),
                                        field("numFeatures", "\"integer\"", false),
                                        field("interceptVector", VECTOR_JSON, true),
                                        field("coefficientMatrix", MATRIX_JSON, true),
                                        field("isMultinomial", "\"boolean\"", false))));
        assertThat(p.footer.get(SparkParquet.VERSION_KEY)).isEqualTo(SparkModel.SPARK_VERSION);
        Group row = p.row;
        assertThat(row.getInteger("numClasses", 0)).isEqualTo(2);
        assertThat(row.getInteger("numFeatures", 0)).isEqualTo(3);
        assertThat(row.getBoolean("isMultinomial", 0)).isFalse();
        Group iv = row.getGroup("interceptVector", 0);
        assertThat(iv.getInteger("type", 0)).isEqualTo(1);
        assertThat(iv.getFieldRepetitionCount("size")).isZero();
        assertThat(values(iv)).containsExactly(-0.125);
        Group cm = row.getGroup("coefficientMatrix", 0);
        assertThat(cm.getInteger("type", 0)).isEqualTo(1);
        assertThat(cm.getInteger("numRows", 0)).isEqualTo(1);
        assertThat(cm.getInteger("numCols", 0)).isEqualTo(3);
        assertThat(cm.getBoolean("isTransposed", 0)).isTrue();
        assertThat(cm.getFieldRepetitionCount("colPtrs")).isZero();
        assertThat(values(cm)).containsExactly(0.75, -1.25e-3, 2.5);

        JsonNode side = JSON.readTree(dir.resolve(SparkModel.SIDE_FILE).toFile());
        assertThat(side.get("features").toString()).isEqualTo("[\"age\",\"income\",\"clicks\"]");
        assertThat(side.has("projectionOffset")).isFalse();
    }

    @Test
    void linearRegressionIsWhatSparkWrites() throws IOException {
        Path dir = tmp.resolve("lsq");
        SparkModel.Written w = SparkModel.write(Models.lsq(), dir, "m.json");
        assertThat(w.sparkClass())
                .isEqualTo("org.apache.spark.ml.regression.LinearRegressionModel");
        assertThat(metadata(dir).get("uid").asText()).matches("linReg_[0-9a-f]{12}");
        Parquet p = parquet(dir);
        assertThat(p.schema)
                .isEqualTo(
                        MessageTypeParser.parseMessageType(
                                "message spark_schema { required double intercept; optional group"
                                        + " coefficients { "
                                        + VECTOR
                                        + " } required double scale; }"));
        assertThat(JSON.readTree(p.footer.get(SparkParquet.ROW_METADATA_KEY)))
                .isEqualTo(
                        JSON.readTree(
                                struct(
                                        field("intercept", "\"double\"", false),
                                        field("coefficients", VECTOR_JSON, true),
                                        field("scale", "\"double\"", false))));
        assertThat(p.row.getDouble("intercept", 0)).isEqualTo(54.23021580137924);
        assertThat(p.row.getDouble("scale", 0)).isEqualTo(1.0);
        assertThat(values(p.row.getGroup("coefficients", 0)))
                .containsExactly(32.39558502315145, 1.0668013139982928, -0.37883372460421405);
    }

    @Test
    void pcaIsWhatSparkWritesWithTheComponentsAsColumns() throws IOException {
        Path dir = tmp.resolve("pca");
        SparkModel.Written w = SparkModel.write(Models.pca(new double[3]), dir, "m.json");
        assertThat(w.sparkClass()).isEqualTo("org.apache.spark.ml.feature.PCAModel");
        assertThat(w.projectionOffset()).isNull();
        JsonNode meta = metadata(dir);
        assertThat(meta.get("paramMap").toString())
                .isEqualTo("{\"k\":2,\"inputCol\":\"features\",\"outputCol\":\"pcaFeatures\"}");
        Parquet p = parquet(dir);
        assertThat(p.schema)
                .isEqualTo(
                        MessageTypeParser.parseMessageType(
                                "message spark_schema { optional group pc { "
                                        + MATRIX
                                        + " } optional group explainedVariance { "
                                        + VECTOR
                                        + " } }"));
        assertThat(JSON.readTree(p.footer.get(SparkParquet.ROW_METADATA_KEY)))
                .isEqualTo(
                        JSON.readTree(
                                struct(
                                        field("pc", MATRIX_JSON, true),
                                        field("explainedVariance", VECTOR_JSON, true))));
        Group pc = p.row.getGroup("pc", 0);
        assertThat(pc.getInteger("numRows", 0)).isEqualTo(3);
        assertThat(pc.getInteger("numCols", 0)).isEqualTo(2);
        assertThat(pc.getBoolean("isTransposed", 0)).isFalse();
        // column major: component 1's three numbers, then component 2's
        assertThat(values(pc)).containsExactly(0.6, 0.8, 0.0, -0.8, 0.6, 0.1);
        assertThat(values(p.row.getGroup("explainedVariance", 0))).containsExactly(0.7, 0.2);
    }

    @Test
    void aCentredPcaRecordsTheOffsetSparkDoesNotSubtract() throws IOException {
        Path dir = tmp.resolve("pca");
        SparkModel.Written w = SparkModel.write(Models.pca(new double[] {1, 2, 10}), dir, "m.json");
        // V^T mean: 0.6 + 1.6 + 0 and -0.8 + 1.2 + 1.0
        assertThat(w.projectionOffset()[0])
                .isCloseTo(2.2, org.assertj.core.data.Offset.offset(1e-15));
        assertThat(w.projectionOffset()[1])
                .isCloseTo(1.4, org.assertj.core.data.Offset.offset(1e-15));
        JsonNode side = JSON.readTree(dir.resolve(SparkModel.SIDE_FILE).toFile());
        assertThat(side.get("projectionOffset").size()).isEqualTo(2);
        assertThat(side.get("mean").toString()).isEqualTo("[1.0,2.0,10.0]");
    }

    private record Parquet(MessageType schema, Map<String, String> footer, Group row) {}

    private static JsonNode metadata(Path dir) throws IOException {
        assertThat(dir.resolve("metadata/_SUCCESS")).isEmptyFile();
        assertThat(dir.resolve("data/_SUCCESS")).isEmptyFile();
        List<String> lines = Files.readAllLines(dir.resolve("metadata/part-00000"));
        assertThat(lines).hasSize(1);
        JsonNode meta = JSON.readTree(lines.get(0));
        List<String> keys = List.copyOf(iterable(meta.fieldNames()));
        assertThat(keys)
                .containsExactly(
                        "class", "timestamp", "sparkVersion", "uid", "paramMap", "defaultParamMap");
        assertThat(meta.get("sparkVersion").asText()).isEqualTo(SparkModel.SPARK_VERSION);
        assertThat(meta.get("timestamp").asLong()).isPositive();
        return meta;
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    private static Parquet parquet(Path dir) throws IOException {
        Path file;
        try (Stream<Path> s = Files.list(dir.resolve("data"))) {
            List<Path> parts =
                    s.filter(p -> p.getFileName().toString().startsWith("part-")).toList();
            assertThat(parts).hasSize(1);
            file = parts.get(0);
        }
        assertThat(file.getFileName().toString())
                .matches("part-00000-[0-9a-f-]{36}-c000\\.parquet");
        org.apache.hadoop.fs.Path hp = new org.apache.hadoop.fs.Path(file.toUri());
        Configuration conf = new Configuration();
        MessageType schema;
        Map<String, String> footer;
        try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(hp, conf))) {
            schema = r.getFooter().getFileMetaData().getSchema();
            footer = r.getFooter().getFileMetaData().getKeyValueMetaData();
            assertThat(r.getRecordCount()).isEqualTo(1);
        }
        try (ParquetReader<Group> r =
                ParquetReader.builder(new GroupReadSupport(), hp).withConf(conf).build()) {
            return new Parquet(schema, footer, r.read());
        }
    }

    private static double[] values(Group vectorOrMatrix) {
        Group values = vectorOrMatrix.getGroup("values", 0);
        int n = values.getFieldRepetitionCount("list");
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = values.getGroup("list", i).getDouble("element", 0);
        }
        return out;
    }
}
