package io.codedyarn.hdfs.dataset;

/**
 * One problem {@link DatasetVerifier} found.
 *
 * @param file the file (full path) the problem is in
 * @param row the 1-based global row, or null when not about a row
 * @param offset the byte offset in the file, or null when unknown
 * @param message what is wrong, in one line
 */
public record Problem(String file, Long row, Long offset, String message) {
    public static Problem of(String file, String message) {
        return new Problem(file, null, null, message);
    }

    /** {@code file[: row R][: byte offset O]: message}, the line {@code data verify} prints. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(file);
        if (row != null) {
            s.append(": row ").append(row);
        }
        if (offset != null) {
            s.append(": byte offset ").append(offset);
        }
        return s.append(": ").append(message).toString();
    }
}
