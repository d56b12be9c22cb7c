package io.codedyarn.hdfs.dataset;

import java.io.IOException;

/**
 * A dataset file that this code does not understand or that contradicts its manifest: unknown magic
 * or version, a manifest field that is missing or has the wrong type, a block whose size or header
 * disagrees with the manifest. The message always starts with the file it concerns.
 */
public class DatasetFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String file;

    public DatasetFormatException(String file, String message) {
        super(file + ": " + message);
        this.file = file;
    }

    public DatasetFormatException(String file, String message, Throwable cause) {
        super(file + ": " + message, cause);
        this.file = file;
    }

    /** The file (a path or a name inside the dataset directory) that the problem is about. */
    public String file() {
        return file;
    }
}
