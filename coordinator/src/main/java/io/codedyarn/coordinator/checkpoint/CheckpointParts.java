package io.codedyarn.coordinator.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reading a checkpoint body's parts back: each family, gate and run state restores its own part
 * through these, so that a malformed part is refused with its name.
 */
public final class CheckpointParts {
    /** The mapper checkpoint bodies are written and read with. */
    public static final ObjectMapper JSON = CheckpointFile.json();

    private CheckpointParts() {}

    /** A body part as its record, or an error naming the part. */
    public static <T> T read(JsonNode node, Class<T> type, String part) {
        if (node == null || node.isNull()) {
            throw new IllegalArgumentException(part + ": missing");
        }
        try {
            return JSON.treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    part + ": not a " + type.getSimpleName() + " (" + e.getMessage() + ")", e);
        }
    }

    /** Refuses a restored vector of the wrong length, naming its field. */
    public static void checkLength(String field, int actual, int expected) {
        if (actual != expected) {
            throw new IllegalArgumentException(
                    field + ": length " + actual + ", this job needs " + expected);
        }
    }
}
