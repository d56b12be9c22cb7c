/**
 * A worker's in-memory data: a block of rows with optional labels ({@link Rows}), dense row-major
 * ({@link DenseRows}) or compressed sparse rows ({@link CsrRows}, validated on construction), and
 * {@link RowRange}, a copy-free view of consecutive rows (a partition or a DSAG subpartition) on
 * which every kernel runs, so that equivalent ranges give bit-identical results. Immutable by
 * contract. The bottom of the compute module: uses only the JDK (no other coded-yarn package, no
 * Hadoop, no I/O); reading blocks from HDFS is {@code worker.hdfs}'s job in container-worker.
 */
package io.codedyarn.compute.data;
