package io.codedyarn.hdfs.importer;

import io.codedyarn.hdfs.HiddenSibling;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DatasetTransform;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What {@code data import} runs: picks the {@link Importer} of a format and, when preprocessing is
 * asked for, imports into a hidden sibling {@code .<name>._import-<hex>} first and lets {@link
 * DatasetTransform} write the target from it (the intermediate is deleted in every case; the target
 * still appears atomically and only when complete).
 */
public final class DatasetImport {
    /** The formats {@code --format} accepts. */
    public static final List<String> FORMATS = List.of("csv", "libsvm", "idx", "parquet");

    private DatasetImport() {}

    /**
     * Optional preprocessing after the import, applied by {@link DatasetTransform} in its fixed
     * order (standardize, intercept, shuffle).
     *
     * @param shuffleSeed global row shuffle with this seed, or {@code null}
     * @param standardize zero mean / unit variance per column (CSR: unit variance)
     * @param intercept append an all-ones column
     */
    public record Preprocessing(Long shuffleSeed, boolean standardize, boolean intercept) {
        public static final Preprocessing NONE = new Preprocessing(null, false, false);

        public boolean any() {
            return shuffleSeed != null || standardize || intercept;
        }
    }

    /** The importer of {@code format} (one of {@link #FORMATS}, case-insensitive). */
    public static Importer importer(
            String format, FileSystem inFs, Path input, ImportOptions options) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "csv" -> new CsvImporter(inFs, input, options);
            case "libsvm", "svmlight" -> new LibsvmImporter(inFs, input, options);
            case "idx" -> new IdxImporter(inFs, input, options);
            case "parquet" -> new ParquetImporter(inFs, input, options);
            default ->
                    throw new IllegalArgumentException(
                            "--format '"
                                    + format
                                    + "' is not one of "
                                    + String.join(", ", FORMATS));
        };
    }

    /**
     * Imports into {@code target}, then preprocesses. Refuses an existing target before reading
     * anything unless {@code options.overwrite()}.
     */
    public static Manifest run(
            Importer importer, FileSystem fs, Path target, WriterOptions options, Preprocessing pre)
            throws IOException {
        Path q = fs.makeQualified(target);
        if (!options.overwrite() && fs.exists(q)) {
            throw new FileAlreadyExistsException(q + " already exists (overwrite not requested)");
        }
        if (pre == null || !pre.any()) {
            return importer.importTo(fs, q, options);
        }
        if (q.getParent() == null) {
            throw new IllegalArgumentException("cannot write a dataset at the root " + target);
        }
        Path raw = HiddenSibling.of(q, HiddenSibling.IMPORT);
        try {
            importer.importTo(fs, raw, options.withOverwrite(false));
            DatasetTransform t = DatasetTransform.of(DatasetReader.open(fs, raw));
            if (pre.standardize()) {
                t.standardize();
            }
            if (pre.intercept()) {
                t.intercept();
            }
            if (pre.shuffleSeed() != null) {
                t.shuffle(pre.shuffleSeed());
            }
            return t.writeTo(fs, q, options);
        } finally {
            fs.delete(raw, true);
        }
    }
}
