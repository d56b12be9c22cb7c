package io.codedyarn.hdfs.importer;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.FeatureNames;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.progress.Progress;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Parquet, as Spark or Hive write it: a file or a directory of part files (read in name order, all
 * with the same schema), one top-level column per feature plus a label column. Read with
 * parquet-hadoop's example object model ({@link GroupRecordConverter}) one row group at a time.
 *
 * <p>Numeric columns are {@code int32}, {@code int64}, {@code float}, {@code double}, {@code
 * boolean} (0/1) and decimals (any physical type); nullable columns are fine as long as no value is
 * null. A column of any other type (a string, a timestamp INT96, a nested struct/list/map) is an
 * error naming the column and its type. The label column is {@code labelColumn} (0-based index or
 * name), by default the column named {@code label}, else the last; the other columns are the
 * features in schema order. Errors name the file, and the 1-based row within it for values.
 */
public final class ParquetImporter implements Importer {
    private final FileSystem inFs;
    private final Path input;
    private final ImportOptions options;

    public ParquetImporter(FileSystem inFs, Path input, ImportOptions options) {
        this.inFs = inFs;
        this.input = input;
        this.options = options;
    }

    @Override
    public String format() {
        return "parquet";
    }

    @Override
    public Manifest importTo(FileSystem fs, Path target, WriterOptions wo) throws IOException {
        List<FileStatus> files = InputFiles.list(inFs, input);
        LabelPolicy labels = LabelPolicy.of(!options.noLabels(), options);
        MessageType schema = null;
        long totalRows = 0;
        for (FileStatus st : files) {
            try (ParquetFileReader r = open(st)) {
                MessageType s = r.getFooter().getFileMetaData().getSchema();
                if (schema == null) {
                    schema = s;
                } else if (!schema.equals(s)) {
                    throw new BadInputException(
                            st.getPath().toString(),
                            "schema differs from the first file's: " + oneLine(s));
                }
                totalRows += r.getRecordCount();
            }
        }
        String first = files.get(0).getPath().toString();
        int width = schema.getFieldCount();
        Column[] columns = new Column[width];
        for (int c = 0; c < width; c++) {
            columns[c] = Column.of(schema.getType(c), first);
        }
        int labelCol = labels.present() ? labelColumn(schema, first) : -1;
        int cols = width - (labelCol >= 0 ? 1 : 0);
        if (cols < 1) {
            throw new BadInputException(first, "no feature columns besides the label");
        }
        if (totalRows == 0) {
            throw new BadInputException(input.toString(), "empty input: no rows");
        }
        List<String> featureNames = new ArrayList<>();
        for (int c = 0; c < width; c++) {
            if (c != labelCol) {
                featureNames.add(schema.getFieldName(c));
            }
        }
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("importer", format());
        source.put("input", input.toString());
        source.put("labelColumn", labelCol < 0 ? "none" : schema.getFieldName(labelCol));
        source.put("features", featureNames);
        Storage storage = options.storage() == null ? Storage.DENSE : options.storage();
        DatasetSpec spec =
                labels.datasetSpec(storage, cols, source, new FeatureNames.Listed(featureNames));
        double[] row = new double[cols];
        Progress progress = options.startProgress("rows", totalRows);
        try (ImportWriter sink = ImportWriter.create(fs, target, spec, wo)) {
            for (FileStatus st : files) {
                String file = st.getPath().toString();
                long rowNo = 0;
                try (ParquetFileReader r = open(st)) {
                    ColumnIOFactory io = new ColumnIOFactory();
                    PageReadStore pages;
                    while ((pages = r.readNextRowGroup()) != null) {
                        RecordReader<Group> rr =
                                io.getColumnIO(schema)
                                        .getRecordReader(pages, new GroupRecordConverter(schema));
                        for (long k = 0; k < pages.getRowCount(); k++) {
                            Group g = rr.read();
                            rowNo++;
                            String where = "row " + rowNo + ": ";
                            double label = Double.NaN;
                            int j = 0;
                            for (int c = 0; c < width; c++) {
                                double v = columns[c].value(g, c, file, where);
                                if (c == labelCol) {
                                    label = labels.map(v, file, 0, where);
                                } else {
                                    row[j++] = v;
                                }
                            }
                            sink.dense(row, label, file, 0);
                        }
                        if (progress != null) {
                            progress.advance(pages.getRowCount());
                        }
                    }
                }
            }
            Manifest m = sink.commit();
            if (progress != null) {
                progress.finish();
            }
            return m;
        }
    }

    private ParquetFileReader open(FileStatus st) throws IOException {
        try {
            return ParquetFileReader.open(HadoopInputFile.fromStatus(st, inFs.getConf()));
        } catch (RuntimeException e) {
            throw new BadInputException(
                    st.getPath().toString(), "not a readable Parquet file: " + e.getMessage());
        }
    }

    private int labelColumn(MessageType schema, String file) {
        String spec = options.labelColumn();
        int width = schema.getFieldCount();
        if (spec == null) {
            return schema.containsField("label") ? schema.getFieldIndex("label") : width - 1;
        }
        if (spec.matches("\\d+")) {
            int c = Integer.parseInt(spec);
            if (c >= width) {
                throw new IllegalArgumentException(
                        "--label-column "
                                + c
                                + " is out of range: "
                                + file
                                + " has "
                                + width
                                + " columns (0.."
                                + (width - 1)
                                + ")");
            }
            return c;
        }
        if (!schema.containsField(spec)) {
            throw new IllegalArgumentException(
                    "--label-column '"
                            + spec
                            + "' is not a column of "
                            + file
                            + ": "
                            + oneLine(schema));
        }
        return schema.getFieldIndex(spec);
    }

    private static String oneLine(MessageType s) {
        return s.toString().replaceAll("\\s+", " ").trim();
    }

    /** How to turn one top-level column into a double. */
    private record Column(String name, PrimitiveType.PrimitiveTypeName kind, int decimalScale) {
        static Column of(Type t, String file) {
            String name = t.getName();
            if (!t.isPrimitive()) {
                throw new BadInputException(
                        file,
                        "column '"
                                + name
                                + "' is nested ("
                                + oneLineType(t)
                                + "); only numeric columns can be imported");
            }
            if (t.isRepetition(Type.Repetition.REPEATED)) {
                throw new BadInputException(
                        file,
                        "column '"
                                + name
                                + "' is repeated ("
                                + oneLineType(t)
                                + "); only single numeric values can be imported");
            }
            PrimitiveType p = t.asPrimitiveType();
            LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
            if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
                return new Column(name, p.getPrimitiveTypeName(), d.getScale());
            }
            switch (p.getPrimitiveTypeName()) {
                case INT32, INT64, FLOAT, DOUBLE, BOOLEAN -> {
                    return new Column(name, p.getPrimitiveTypeName(), -1);
                }
                default ->
                        throw new BadInputException(
                                file,
                                "column '"
                                        + name
                                        + "' has type "
                                        + oneLineType(t)
                                        + ", not numeric (int32, int64, float, double, boolean or"
                                        + " decimal)");
            }
        }

        double value(Group g, int c, String file, String where) {
            if (g.getFieldRepetitionCount(c) == 0) {
                throw new BadInputException(
                        file,
                        where + "column '" + name + "' is null (missing values not supported)");
            }
            double v;
            if (decimalScale >= 0) {
                BigInteger unscaled =
                        switch (kind) {
                            case INT32 -> BigInteger.valueOf(g.getInteger(c, 0));
                            case INT64 -> BigInteger.valueOf(g.getLong(c, 0));
                            default -> new BigInteger(g.getBinary(c, 0).getBytes());
                        };
                v = new BigDecimal(unscaled, decimalScale).doubleValue();
            } else {
                v =
                        switch (kind) {
                            case INT32 -> g.getInteger(c, 0);
                            case INT64 -> g.getLong(c, 0);
                            case FLOAT -> g.getFloat(c, 0);
                            case DOUBLE -> g.getDouble(c, 0);
                            case BOOLEAN -> g.getBoolean(c, 0) ? 1 : 0;
                            default -> throw new IllegalStateException(kind.toString());
                        };
            }
            if (!Double.isFinite(v)) {
                throw new BadInputException(
                        file, where + "column '" + name + "' is " + v + " (NaN/Inf not allowed)");
            }
            return v;
        }

        private static String oneLineType(Type t) {
            return t.toString().replaceAll("\\s+", " ").trim();
        }
    }
}
