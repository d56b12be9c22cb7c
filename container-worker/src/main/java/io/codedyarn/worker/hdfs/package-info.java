/**
 * The worker's one Hadoop adapter: {@link HdfsPartitionLoader} reads each assigned partition file
 * of a {@code data prepare} output through a Hadoop FileSystem, checks its CRC32C against the
 * manifest and its block header through hdfs-tools' {@code DatasetReader}, and hands the rows to
 * the compute module as {@code compute.data} blocks (appending the intercept column when asked).
 * Uses hdfs-tools' {@code hdfs.dataset}, compute's {@code compute.data}, {@code compute.model} and
 * {@code compute.task}, and the Hadoop client API; nothing else in the worker's compute path sees a
 * Hadoop type.
 */
package io.codedyarn.worker.hdfs;
