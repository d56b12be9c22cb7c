/**
 * {@code data prepare}: lays a dataset out the way a placement plan needs it ({@link
 * DatasetPreparer}). Plan partition j becomes one block file {@code part-0000j.cyd} with HDFS
 * replication equal to its number of holders and favored nodes the DataNodes of the workers that
 * store it ({@link DataNodeMap}, {@link PartitionOutputs}); {@code placement.json} ({@link
 * PlacementRecord}) records the intended placement beside {@code manifest.json} and {@code
 * plan.json}, so that a re-run redoes only what changed ({@link PreviousOutput}, {@link
 * PartitionActions}) and swaps the new output in at once ({@link OutputSwap}), and {@code data
 * inspect} can compare it with the actual block locations ({@link PlacementInspection}); {@link
 * PrepareReport} is what it did. The HDFS side of the redundant placement that every coded scheme
 * assumes (see {@code docs/formats.md}). Uses {@code hdfs.dataset}, {@code hdfs.progress}, the
 * placement root ({@code Plan}), Jackson and the Hadoop client API (including {@code
 * DistributedFileSystem}'s favored-nodes create).
 */
package io.codedyarn.hdfs.prepare;
