package io.codedyarn.coordinator.checkpoint;

import java.io.IOException;

/**
 * Where the coordinator puts its checkpoints (the YARN AM: the job's directory on HDFS; local runs:
 * beside {@code --out}). Called on the coordinator's thread between two rounds; an implementation
 * must replace the previous checkpoint atomically (write a temporary file, then rename), so a crash
 * during a write leaves the previous one whole.
 */
@FunctionalInterface
public interface CheckpointSink {
    /**
     * Stores {@code checkpoint} (its bytes: {@link CheckpointFile#encode}) in place of the last.
     *
     * @throws IOException when it could not be stored: the coordinator stops the run, its
     *     diagnostic naming the cause (the previous checkpoint stays the latest)
     */
    void write(Checkpoint checkpoint) throws IOException;

    /** A sink that keeps nothing (no checkpointing). */
    static CheckpointSink none() {
        return c -> {};
    }
}
