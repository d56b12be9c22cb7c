/**
 * The coded-yarn dataset: a directory with {@code manifest.json} ({@link
 * io.codedyarn.hdfs.dataset.Manifest}) and little-endian row-block files ({@link
 * io.codedyarn.hdfs.dataset.BlockFormat}), specified in {@code docs/formats.md}.
 *
 * <ul>
 *   <li>write: {@link io.codedyarn.hdfs.dataset.DatasetWriter} (streaming, O(block) memory, atomic
 *       commit), described by a {@link io.codedyarn.hdfs.dataset.DatasetSpec};
 *   <li>read: {@link io.codedyarn.hdfs.dataset.DatasetReader} (row ranges and DSAG partitions into
 *       {@link io.codedyarn.hdfs.dataset.DenseBlock} / {@link io.codedyarn.hdfs.dataset.CsrBlock});
 *   <li>partition: {@link io.codedyarn.hdfs.dataset.Partitioning}, shuffle order: {@link
 *       io.codedyarn.hdfs.dataset.RowPermutation};
 *   <li>preprocess: {@link io.codedyarn.hdfs.dataset.DatasetTransform};
 *   <li>check and show: {@link io.codedyarn.hdfs.dataset.DatasetVerifier}, {@link
 *       io.codedyarn.hdfs.dataset.DatasetInspector}.
 * </ul>
 */
package io.codedyarn.hdfs.dataset;
