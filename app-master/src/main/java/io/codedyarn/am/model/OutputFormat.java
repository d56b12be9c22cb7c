package io.codedyarn.am.model;

/** {@code predict --format}: how the part files are written. */
public enum OutputFormat {
    /** Comma-separated text with a header line per part file. */
    CSV("csv"),
    /** Apache Parquet, uncompressed, one row group per part. */
    PARQUET("parquet");

    private final String extension;

    OutputFormat(String extension) {
        this.extension = extension;
    }

    /** The part files' extension (without the dot). */
    public String extension() {
        return extension;
    }

    /** Part {@code index}'s file name: {@code part-00000.csv}. */
    public String partName(int index) {
        return String.format(java.util.Locale.ROOT, "part-%05d.%s", index, extension);
    }
}
