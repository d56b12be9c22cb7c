/**
 * The protocol-free contract between coordinator and worker: a {@link Task} (round, iteration,
 * iterate and {@link WorkUnit}s of {@link Piece}s) and its {@link TaskResult}, a worker's {@link
 * WorkerAssignment} (what the Welcome carries) and {@link Workload} (LR, PCA, LSQ and the kernel
 * each runs), and {@link TaskExecutor}, which evaluates tasks on the partitions a {@link
 * PartitionLoader} put in memory: the same code in a YARN container and in an in-process simulated
 * worker. Uses {@code compute.data}, {@code compute.kernel}, {@code compute.model} and the
 * placement root's {@code Codeword}; no Hadoop, no gRPC, no I/O (the HDFS loader is {@code
 * worker.hdfs}, the wire format the protocol module).
 */
package io.codedyarn.compute.task;
