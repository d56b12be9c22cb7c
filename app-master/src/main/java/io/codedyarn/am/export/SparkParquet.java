package io.codedyarn.am.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroup;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The one-row Parquet file of a Spark ML model's {@code data/} directory, as Spark SQL writes a
 * DataFrame of a case class whose fields are Ints, Doubles, Booleans and ml.linalg Vectors and
 * Matrices.
 *
 * <p>A Vector is stored as its VectorUDT's struct {@code (type: byte, size: int, indices:
 * array<int>, values: array<double>)}, type 1 (dense: only {@code values}); a Matrix as its
 * MatrixUDT's {@code (type: byte, numRows: int, numCols: int, colPtrs: array<int>, rowIndices:
 * array<int>, values: array<double>, isTransposed: boolean)}, type 1 (dense: {@code values} column
 * major unless {@code isTransposed}). Spark's Parquet mapping: byte is INT32 annotated INT(8,
 * signed), int INT32, a non-nullable Scala primitive is {@code required} and a UDT or array {@code
 * optional}, arrays the three-level LIST ({@code repeated group list { required element }}). The
 * footer's {@code org.apache.spark.sql.parquet.row.metadata} holds the Catalyst schema as JSON with
 * the UDTs named: Spark reads the file's schema from it, which is what turns the structs back into
 * Vector and Matrix objects on load (without it they would come back as plain rows).
 */
final class SparkParquet {
    static final String ROW_METADATA_KEY = "org.apache.spark.sql.parquet.row.metadata";
    static final String VERSION_KEY = "org.apache.spark.version";
    private static final String VECTOR_UDT = "org.apache.spark.ml.linalg.VectorUDT";
    private static final String MATRIX_UDT = "org.apache.spark.ml.linalg.MatrixUDT";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A column of the one row: its name, its Parquet type and its Catalyst type. */
    record Column(String name, Type parquet, ObjectNode catalyst, boolean nullable) {}

    /** What a column's value is, for {@link #write}. */
    sealed interface Value permits Int, Real, Bool, DenseVector, DenseMatrix {}

    record Int(int v) implements Value {}

    record Real(double v) implements Value {}

    record Bool(boolean v) implements Value {}

    record DenseVector(double[] values) implements Value {}

    /** {@code values} column major (or row major when {@code transposed}). */
    record DenseMatrix(int rows, int cols, double[] values, boolean transposed) implements Value {}

    private SparkParquet() {}

    static Column intColumn(String name) {
        return new Column(
                name,
                Types.required(PrimitiveTypeName.INT32).named(name),
                primitive("integer"),
                false);
    }

    static Column doubleColumn(String name) {
        return new Column(
                name,
                Types.required(PrimitiveTypeName.DOUBLE).named(name),
                primitive("double"),
                false);
    }

    static Column booleanColumn(String name) {
        return new Column(
                name,
                Types.required(PrimitiveTypeName.BOOLEAN).named(name),
                primitive("boolean"),
                false);
    }

    static Column vectorColumn(String name) {
        GroupType g =
                Types.optionalGroup()
                        .addField(byteField("type"))
                        .addField(Types.optional(PrimitiveTypeName.INT32).named("size"))
                        .addField(list("indices", PrimitiveTypeName.INT32))
                        .addField(list("values", PrimitiveTypeName.DOUBLE))
                        .named(name);
        ArrayNode fields = JSON.createArrayNode();
        fields.add(field("type", primitive("byte"), false));
        fields.add(field("size", primitive("integer"), true));
        fields.add(field("indices", array("integer"), true));
        fields.add(field("values", array("double"), true));
        return new Column(name, g, udt(VECTOR_UDT, "pyspark.ml.linalg.VectorUDT", fields), true);
    }

    static Column matrixColumn(String name) {
        GroupType g =
                Types.optionalGroup()
                        .addField(byteField("type"))
                        .addField(Types.required(PrimitiveTypeName.INT32).named("numRows"))
                        .addField(Types.required(PrimitiveTypeName.INT32).named("numCols"))
                        .addField(list("colPtrs", PrimitiveTypeName.INT32))
                        .addField(list("rowIndices", PrimitiveTypeName.INT32))
                        .addField(list("values", PrimitiveTypeName.DOUBLE))
                        .addField(Types.required(PrimitiveTypeName.BOOLEAN).named("isTransposed"))
                        .named(name);
        ArrayNode fields = JSON.createArrayNode();
        fields.add(field("type", primitive("byte"), false));
        fields.add(field("numRows", primitive("integer"), false));
        fields.add(field("numCols", primitive("integer"), false));
        fields.add(field("colPtrs", array("integer"), true));
        fields.add(field("rowIndices", array("integer"), true));
        fields.add(field("values", array("double"), true));
        fields.add(field("isTransposed", primitive("boolean"), false));
        return new Column(name, g, udt(MATRIX_UDT, "pyspark.ml.linalg.MatrixUDT", fields), true);
    }

    /** The Parquet schema of a row of {@code columns} (Spark names the message spark_schema). */
    static MessageType schema(List<Column> columns) {
        return new MessageType("spark_schema", columns.stream().map(Column::parquet).toList());
    }

    /** The footer's Catalyst schema: StructType.json of the columns. */
    static String rowMetadata(List<Column> columns) {
        ArrayNode fields = JSON.createArrayNode();
        for (Column c : columns) {
            fields.add(field(c.name(), c.catalyst(), c.nullable()));
        }
        return JSON.createObjectNode().put("type", "struct").set("fields", fields).toString();
    }

    /**
     * Writes {@code file} (uncompressed: Spark reads every codec) holding one row: {@code values}
     * in the order of {@code columns}.
     */
    static void write(Path file, List<Column> columns, List<Value> values, String sparkVersion)
            throws IOException {
        MessageType schema = schema(columns);
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put(VERSION_KEY, sparkVersion);
        extra.put(ROW_METADATA_KEY, rowMetadata(columns));
        Group row = new SimpleGroup(schema);
        for (int i = 0; i < columns.size(); i++) {
            put(row, columns.get(i).name(), values.get(i));
        }
        try (ParquetWriter<Group> w =
                ExampleParquetWriter.builder(new LocalOutputFile(file))
                        .withType(schema)
                        .withExtraMetaData(extra)
                        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                        .build()) {
            w.write(row);
        }
    }

    private static void put(Group row, String name, Value v) {
        if (v instanceof Int i) {
            row.add(name, i.v());
        } else if (v instanceof Real r) {
            row.add(name, r.v());
        } else if (v instanceof Bool b) {
            row.add(name, b.v());
        } else if (v instanceof DenseVector dv) {
            Group g = row.addGroup(name);
            g.add("type", 1);
            addList(g, "values", dv.values());
        } else if (v instanceof DenseMatrix dm) {
            Group g = row.addGroup(name);
            g.add("type", 1);
            g.add("numRows", dm.rows());
            g.add("numCols", dm.cols());
            addList(g, "values", dm.values());
            g.add("isTransposed", dm.transposed());
        }
    }

    private static void addList(Group g, String name, double[] xs) {
        Group list = g.addGroup(name);
        for (double x : xs) {
            list.addGroup("list").add("element", x);
        }
    }

    private static Type byteField(String name) {
        return Types.required(PrimitiveTypeName.INT32)
                .as(LogicalTypeAnnotation.intType(8, true))
                .named(name);
    }

    private static Type list(String name, PrimitiveTypeName element) {
        return Types.optionalGroup()
                .as(LogicalTypeAnnotation.listType())
                .addField(
                        Types.repeatedGroup()
                                .addField(Types.required(element).named("element"))
                                .named("list"))
                .named(name);
    }

    private static ObjectNode primitive(String name) {
        // a primitive Catalyst type is a JSON string; wrapped here so that every type is a node
        return JSON.createObjectNode().put("$primitive", name);
    }

    private static ObjectNode array(String element) {
        return JSON.createObjectNode()
                .put("type", "array")
                .put("elementType", element)
                .put("containsNull", false);
    }

    private static ObjectNode udt(String cls, String pyClass, ArrayNode sqlFields) {
        ObjectNode o = JSON.createObjectNode();
        o.put("type", "udt");
        o.put("class", cls);
        o.put("pyClass", pyClass);
        o.set("sqlType", JSON.createObjectNode().put("type", "struct").set("fields", sqlFields));
        return o;
    }

    private static ObjectNode field(String name, ObjectNode type, boolean nullable) {
        ObjectNode f = JSON.createObjectNode();
        f.put("name", name);
        if (type.has("$primitive")) {
            f.put("type", type.get("$primitive").asText());
        } else {
            f.set("type", type);
        }
        f.put("nullable", nullable);
        f.set("metadata", JSON.createObjectNode());
        return f;
    }
}
