/**
 * hdfs-tools: turns a user's data into partitioned, redundantly placed files on any Hadoop
 * FileSystem (HDFS, the embedded MiniDFSCluster, file://) and checks them. The dataset format and
 * its reader, writer, verifier, inspector and transforms are in {@link io.codedyarn.hdfs.dataset};
 * the format is specified in {@code docs/formats.md}. Every atomic write of a dataset or a run's
 * outputs goes through a {@link io.codedyarn.hdfs.HiddenSibling} of its target, renamed onto it.
 */
package io.codedyarn.hdfs;
