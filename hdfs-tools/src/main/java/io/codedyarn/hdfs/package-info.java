/**
 * hdfs-tools: turns a user's data into partitioned, redundantly placed files on any Hadoop
 * FileSystem (HDFS, the embedded MiniDFSCluster, file://) and checks them. The dataset format,
 * importers, generators and {@code data prepare} arrive with the hdfs-tools issue; for now the
 * module pins the Hadoop client it will use.
 */
package io.codedyarn.hdfs;
