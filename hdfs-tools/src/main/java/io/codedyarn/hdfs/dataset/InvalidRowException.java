package io.codedyarn.hdfs.dataset;

/** A row given to a {@link DatasetWriter} that the dataset cannot hold (wrong length, NaN, ...). */
public class InvalidRowException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final long row;

    public InvalidRowException(long row, String message) {
        super("row " + row + ": " + message);
        this.row = row;
    }

    /** The 1-based dataset row the writer was about to append. */
    public long row() {
        return row;
    }
}
