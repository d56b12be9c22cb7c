package io.codedyarn.hdfs.importer;

/**
 * Input that cannot be imported: a malformed line, a non-numeric or non-finite value, a label that
 * is not one of the declared classes, a wrong IDX magic, a truncated gzip stream, a Parquet column
 * of the wrong type. The message is one line that starts with the file and, for text formats, the
 * 1-based line number: {@code data.csv:17: column 3: "abc" is not a number}.
 *
 * <p>An {@link IllegalArgumentException}, so the CLI reports it as bad input (exit 2).
 */
public class BadInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;

    /** A problem at a 1-based {@code line} of {@code file} ({@code line} ≤ 0: the whole file). */
    public BadInputException(String file, long line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
        this.file = file;
        this.line = line;
    }

    /** A problem with the whole file (its header, its length, its schema). */
    public BadInputException(String file, String message) {
        this(file, 0, message);
    }

    /** The input file the problem is in. */
    public String file() {
        return file;
    }

    /** The 1-based line number, or 0 when the problem is not about one line. */
    public long line() {
        return line;
    }
}
