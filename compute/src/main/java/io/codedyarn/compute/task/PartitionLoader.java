package io.codedyarn.compute.task;

import io.codedyarn.compute.data.Rows;
import java.io.IOException;
import java.util.Map;

/**
 * Loads a worker's stored partitions into memory once, before its first task: HDFS files in a
 * container ({@code HdfsPartitionLoader}), in-memory rows in tests and in-process workers.
 */
@FunctionalInterface
public interface PartitionLoader {
    /**
     * @return partition index → its rows, one entry per {@code assignment.partitionUris()} key,
     *     with the intercept column already appended when {@code assignment.intercept()}
     * @throws IOException naming the file that could not be read
     */
    Map<Integer, Rows> load(WorkerAssignment assignment) throws IOException;
}
