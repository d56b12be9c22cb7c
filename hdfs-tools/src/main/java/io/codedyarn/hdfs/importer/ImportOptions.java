package io.codedyarn.hdfs.importer;

import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.progress.Progress;
import org.apache.hadoop.fs.Path;

/**
 * How to read an input (what {@code data import} flags say). Each importer reads the fields that
 * apply to its format and ignores the others.
 *
 * @param storage dense or CSR output; {@code null}: the format's default (CSR for LIBSVM, dense
 *     otherwise)
 * @param labelColumn CSV/Parquet: the label column, a 0-based index or a column name (CSV needs
 *     {@code header}); {@code null}: CSV the last column, Parquet the column named {@code label} if
 *     there is one, else the last
 * @param noLabels the rows have no label column (CSV, Parquet); IDX: no labels file
 * @param header CSV: the first line of each file is a header
 * @param delimiter CSV: the field separator
 * @param classes the declared label values; a label outside them is an error naming its line.
 *     {@code null}: any finite label (IDX: the distinct values of the labels file)
 * @param positiveLabels labels mapped to +1, all others to −1 (recorded as {@code binary-labels});
 *     {@code null}: keep labels as they are
 * @param cols LIBSVM: the number of feature columns; {@code null}: the largest index seen (a first
 *     pass over the input finds it)
 * @param scale IDX: divide pixel values by 255 (into [0, 1]); default: raw 0..255 values
 * @param labels IDX: the idx1-ubyte labels file (qualified path), or {@code null}
 * @param progress creates a progress display for a unit and total; {@code null}: silent
 */
public record ImportOptions(
        Storage storage,
        String labelColumn,
        boolean noLabels,
        boolean header,
        char delimiter,
        double[] classes,
        double[] positiveLabels,
        Integer cols,
        boolean scale,
        Path labels,
        ProgressFactory progress) {

    /** Creates the progress display of an import. */
    @FunctionalInterface
    public interface ProgressFactory {
        Progress start(String unit, long total);
    }

    public ImportOptions {
        classes = classes == null ? null : classes.clone();
        positiveLabels = positiveLabels == null ? null : positiveLabels.clone();
        if (cols != null && cols < 1) {
            throw new IllegalArgumentException("--cols must be >= 1, got " + cols);
        }
    }

    /** Format defaults: comma-separated, no header, labels in their default place, silent. */
    public static ImportOptions defaults() {
        return new ImportOptions(
                null, null, false, false, ',', null, null, null, false, null, null);
    }

    public ImportOptions withStorage(Storage v) {
        Copy c = new Copy(this);
        c.storage = v;
        return c.build();
    }

    public ImportOptions withLabelColumn(String v) {
        Copy c = new Copy(this);
        c.labelColumn = v;
        return c.build();
    }

    public ImportOptions withNoLabels(boolean v) {
        Copy c = new Copy(this);
        c.noLabels = v;
        return c.build();
    }

    public ImportOptions withHeader(boolean v) {
        Copy c = new Copy(this);
        c.header = v;
        return c.build();
    }

    public ImportOptions withDelimiter(char v) {
        Copy c = new Copy(this);
        c.delimiter = v;
        return c.build();
    }

    public ImportOptions withClasses(double... v) {
        Copy c = new Copy(this);
        c.classes = v;
        return c.build();
    }

    public ImportOptions withPositiveLabels(double... v) {
        Copy c = new Copy(this);
        c.positiveLabels = v;
        return c.build();
    }

    public ImportOptions withCols(Integer v) {
        Copy c = new Copy(this);
        c.cols = v;
        return c.build();
    }

    public ImportOptions withScale(boolean v) {
        Copy c = new Copy(this);
        c.scale = v;
        return c.build();
    }

    public ImportOptions withLabels(Path v) {
        Copy c = new Copy(this);
        c.labels = v;
        return c.build();
    }

    public ImportOptions withProgress(ProgressFactory v) {
        Copy c = new Copy(this);
        c.progress = v;
        return c.build();
    }

    /** Copy-and-change helper behind the {@code with*} methods. */
    private static final class Copy {
        Storage storage;
        String labelColumn;
        boolean noLabels;
        boolean header;
        char delimiter;
        double[] classes;
        double[] positiveLabels;
        Integer cols;
        boolean scale;
        Path labels;
        ProgressFactory progress;

        Copy(ImportOptions o) {
            storage = o.storage;
            labelColumn = o.labelColumn;
            noLabels = o.noLabels;
            header = o.header;
            delimiter = o.delimiter;
            classes = o.classes;
            positiveLabels = o.positiveLabels;
            cols = o.cols;
            scale = o.scale;
            labels = o.labels;
            progress = o.progress;
        }

        ImportOptions build() {
            return new ImportOptions(
                    storage,
                    labelColumn,
                    noLabels,
                    header,
                    delimiter,
                    classes,
                    positiveLabels,
                    cols,
                    scale,
                    labels,
                    progress);
        }
    }

    public double[] classes() {
        return classes == null ? null : classes.clone();
    }

    @Override
    public double[] positiveLabels() {
        return positiveLabels == null ? null : positiveLabels.clone();
    }

    /** A display for {@code total} units ({@code total ≤ 0}: unknown), or a silent stand-in. */
    Progress startProgress(String unit, long total) {
        return progress == null ? null : progress.start(unit, total);
    }
}
