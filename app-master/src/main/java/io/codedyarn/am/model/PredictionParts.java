package io.codedyarn.am.model;

import io.codedyarn.hdfs.dataset.BlockInfo;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.RowBlock;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Writes {@code predict}'s part file for one block file of the dataset: part i holds the rows of
 * block i, in order. CSV: a header line, then one line per row (numbers as Java's shortest
 * Double.toString, which reads back bit for bit; row numbers and predicted labels as integers).
 * Parquet: required {@code double} columns ({@code int64} row numbers, {@code int32} predicted
 * labels), uncompressed.
 */
public final class PredictionParts {
    private PredictionParts() {}

    /** How one task's rows are written. */
    public record Settings(
            BoundModel model, PredictionColumns columns, double threshold, OutputFormat format) {}

    /**
     * Writes part {@code block} into {@code dir}.
     *
     * @return the rows written
     */
    public static long write(DatasetReader reader, int block, Settings s, FileSystem fs, Path dir)
            throws IOException {
        Path file = new Path(dir, s.format().partName(block));
        BlockInfo b = reader.manifest().blocks().get(block);
        try (Sink sink =
                s.format() == OutputFormat.CSV
                        ? new CsvSink(fs, file, s.columns())
                        : new ParquetSink(fs, file, s.columns())) {
            double[] out = new double[s.model().outputs()];
            double[] values = new double[s.columns().columns().size()];
            for (long r = b.firstRow(); r <= b.lastRow(); r += Evaluation.CHUNK_ROWS) {
                RowBlock chunk =
                        reader.readRows(r, Math.min(Evaluation.CHUNK_ROWS, b.lastRow() - r + 1));
                for (int i = 0; i < chunk.rows(); i++) {
                    s.model().apply(chunk, i, out);
                    fill(values, s, chunk, i, out);
                    sink.row(values);
                }
            }
        }
        return b.rows();
    }

    private static void fill(double[] values, Settings s, RowBlock chunk, int i, double[] out) {
        List<PredictionColumns.Column> cols = s.columns().columns();
        for (int c = 0; c < values.length; c++) {
            PredictionColumns.Column col = cols.get(c);
            values[c] =
                    switch (col.kind()) {
                        case ROW -> chunk.firstRow() + i;
                        case LABEL -> chunk.labels()[i];
                        case FEATURE -> s.model().rawValue(chunk, i, col.index());
                        case OUTPUT -> out[col.index()];
                        case PREDICTED_LABEL -> out[0] > s.threshold() ? 1 : -1;
                    };
        }
    }

    private interface Sink extends AutoCloseable {
        void row(double[] values) throws IOException;

        @Override
        void close() throws IOException;
    }

    private static final class CsvSink implements Sink {
        private final Writer w;
        private final boolean[] integral;
        private final StringBuilder line = new StringBuilder();

        CsvSink(FileSystem fs, Path file, PredictionColumns columns) throws IOException {
            w =
                    new BufferedWriter(
                            new OutputStreamWriter(fs.create(file, false), StandardCharsets.UTF_8),
                            1 << 16);
            List<PredictionColumns.Column> cols = columns.columns();
            integral = new boolean[cols.size()];
            for (int c = 0; c < cols.size(); c++) {
                integral[c] = cols.get(c).integral();
                line.append(c == 0 ? "" : ",").append(quote(cols.get(c).name()));
            }
            w.write(line.append('\n').toString());
        }

        @Override
        public void row(double[] values) throws IOException {
            line.setLength(0);
            for (int c = 0; c < values.length; c++) {
                if (c > 0) {
                    line.append(',');
                }
                if (integral[c]) {
                    line.append((long) values[c]);
                } else {
                    line.append(values[c]);
                }
            }
            w.write(line.append('\n').toString());
        }

        @Override
        public void close() throws IOException {
            w.close();
        }

        private static String quote(String name) {
            if (name.contains(",") || name.contains("\"") || name.contains("\n")) {
                return "\"" + name.replace("\"", "\"\"") + "\"";
            }
            return name;
        }
    }

    private static final class ParquetSink implements Sink {
        private final ParquetWriter<Group> w;
        private final SimpleGroupFactory groups;
        private final List<PredictionColumns.Column> cols;

        ParquetSink(FileSystem fs, Path file, PredictionColumns columns) throws IOException {
            cols = columns.columns();
            Types.MessageTypeBuilder schema = Types.buildMessage();
            for (PredictionColumns.Column c : cols) {
                PrimitiveTypeName type =
                        switch (c.kind()) {
                            case ROW -> PrimitiveTypeName.INT64;
                            case PREDICTED_LABEL -> PrimitiveTypeName.INT32;
                            default -> PrimitiveTypeName.DOUBLE;
                        };
                schema.required(type).named(c.name());
            }
            MessageType type = schema.named("predictions");
            groups = new SimpleGroupFactory(type);
            w =
                    ExampleParquetWriter.builder(fs.makeQualified(file))
                            .withConf(fs.getConf())
                            .withType(type)
                            .withWriteMode(ParquetFileWriter.Mode.CREATE)
                            .build();
        }

        @Override
        public void row(double[] values) throws IOException {
            Group g = groups.newGroup();
            for (int c = 0; c < values.length; c++) {
                switch (cols.get(c).kind()) {
                    case ROW -> g.add(c, (long) values[c]);
                    case PREDICTED_LABEL -> g.add(c, (int) values[c]);
                    default -> g.add(c, values[c]);
                }
            }
            w.write(g);
        }

        @Override
        public void close() throws IOException {
            w.close();
        }
    }
}
