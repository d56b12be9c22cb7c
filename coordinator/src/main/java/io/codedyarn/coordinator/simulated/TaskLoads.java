package io.codedyarn.coordinator.simulated;

import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.placement.latency.LoadUnit;

/**
 * Work in the unit of every latency model ({@link LoadUnit}): rows / (n / N), the rows a task
 * touches (or a move reads) in shares of n/N rows (n rows, N workers), whatever the plan's
 * partition count K.
 */
final class TaskLoads {
    private final int[] partitionRows;
    private final long totalRows;
    private final int workers;

    TaskLoads(long[] partitionRows, int workers) {
        this.partitionRows = new int[partitionRows.length];
        long total = 0;
        for (int j = 0; j < partitionRows.length; j++) {
            this.partitionRows[j] = Math.toIntExact(partitionRows[j]);
            total += partitionRows[j];
        }
        this.totalRows = total;
        this.workers = workers;
    }

    /** The rows the task's pieces touch (a piece with no row count runs to its partition's end). */
    double of(Task task) {
        long rows = 0;
        for (WorkUnit u : task.units()) {
            for (Piece p : u.pieces()) {
                rows +=
                        p.rowCount() < 0
                                ? partitionRows[p.partition()] - p.firstRow()
                                : p.rowCount();
            }
        }
        return LoadUnit.ofRows(rows, totalRows, workers);
    }

    /** The rows of whole partitions (a move's reads). */
    double ofPartitions(int[] partitions) {
        long rows = 0;
        for (int j : partitions) {
            rows += partitionRows[j];
        }
        return LoadUnit.ofRows(rows, totalRows, workers);
    }
}
