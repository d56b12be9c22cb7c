/**
 * {@link PartitionLoadBenchmark} ({@code data load-bench}): loading a partition into worker memory
 * with {@code DatasetReader#readPartition} against the raw read rate of the same files, in the same
 * process, on any Hadoop FileSystem. A plain timing loop rather than a JMH benchmark, kept here
 * because it needs the dataset reader and Hadoop, which the benchmarks module does not carry. Uses
 * {@code hdfs.dataset} and the Hadoop client API.
 */
package io.codedyarn.hdfs.bench;
