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
        return new ImportOptions(
                v,
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

    public ImportOptions withLabelColumn(String v) {
        return new ImportOptions(
                storage,
                v,
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

    public ImportOptions withNoLabels(boolean v) {
        return new ImportOptions(
                storage,
                labelColumn,
                v,
                header,
                delimiter,
                classes,
                positiveLabels,
                cols,
                scale,
                labels,
                progress);
    }

    public ImportOptions withHeader(boolean v) {
        return new ImportOptions(
                storage,
                labelColumn,
                noLabels,
                v,
                delimiter,
                classes,
                positiveLabels,
                cols,
                scale,
                labels,
                progress);
    }

    public ImportOptions withDelimiter(char v) {
        return new ImportOptions(
                storage,
                labelColumn,
                noLabels,
                header,
                v,
                classes,
                positiveLabels,
                cols,
                scale,
                labels,
                progress);
    }

    public ImportOptions withClasses(double... v) {
        return new ImportOptions(
                storage,
                labelColumn,
                noLabels,
                header,
                delimiter,
                v,
                positiveLabels,
                cols,
                scale,
                labels,
                progress);
    }

    public ImportOptions withPositiveLabels(double... v) {
        return new ImportOptions(
                storage,
                labelColumn,
                noLabels,
                header,
                delimiter,
                classes,
                v,
                cols,
                scale,
                labels,
                progress);
    }

    public ImportOptions withCols(Integer v) {
        return new ImportOptions(
                storage,
                labelColumn,
                noLabels,
                header,
                delimiter,
                classes,
                positiveLabels,
                v,
                scale,
                labels,
                progress);
    }

    public ImportOptions withScale(boolean v) {
        return new ImportOptions(
                storage,
                labelColumn,
                noLabels,
                header,
                delimiter,
                classes,
                positiveLabels,
                cols,
                v,
                labels,
                progress);
    }

    public ImportOptions withLabels(Path v) {
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
                v,
                progress);
    }

    public ImportOptions withProgress(ProgressFactory v) {
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
                v);
    }

    @Override
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
