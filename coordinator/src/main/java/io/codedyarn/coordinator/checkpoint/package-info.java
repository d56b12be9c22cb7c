/**
 * Checkpoints of a training run: the {@link io.codedyarn.coordinator.checkpoint.Checkpoint} value,
 * its versioned, checksummed file format ({@link
 * io.codedyarn.coordinator.checkpoint.CheckpointFile}), when one is taken ({@link
 * io.codedyarn.coordinator.checkpoint.CheckpointInterval}) and the port a cluster adapter writes it
 * through ({@link io.codedyarn.coordinator.checkpoint.CheckpointSink}). No Hadoop: the YARN AM and
 * the local runs adapt the sink to a file system.
 */
package io.codedyarn.coordinator.checkpoint;
