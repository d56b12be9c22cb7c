package io.codedyarn.coordinator.checkpoint;

import java.io.IOException;

/**
 * A checkpoint that cannot be resumed: not a checkpoint, another format version, truncated,
 * corrupted (checksum), or another job's. The message names the file and the field.
 */
public final class InvalidCheckpointException extends IOException {
    private final String field;

    public InvalidCheckpointException(String file, String field, String problem) {
        super("checkpoint " + file + ": " + field + ": " + problem);
        this.field = field;
    }

    public InvalidCheckpointException(String file, String field, String problem, Throwable cause) {
        this(file, field, problem);
        initCause(cause);
    }

    /** The field the problem is in ({@code magic}, {@code format}, {@code crc32c}, ...). */
    public String field() {
        return field;
    }
}
