package io.codedyarn.compute.task;

import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.kernel.Kernels;
import io.codedyarn.compute.model.SquaredNorms;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * Runs tasks on the partitions a worker holds in memory (the same code in a YARN container and in
 * an in-process simulated worker). Pure: no I/O, no clock but the injected one for compute time.
 */
public final class TaskExecutor {
    private final int worker;
    private final Map<Integer, Rows> partitions;
    private final Workload workload;
    private final int components;
    private final LongSupplier nanoClock;

    /**
     * @param partitions plan partition index → its rows (intercept column already appended if the
     *     job uses one)
     * @param components k for PCA (ignored otherwise)
     */
    public TaskExecutor(
            int worker,
            Map<Integer, Rows> partitions,
            Workload workload,
            int components,
            LongSupplier nanoClock) {
        this.worker = worker;
        this.partitions = new TreeMap<>(partitions);
        this.workload = workload;
        this.components = components;
        this.nanoClock = nanoClock;
    }

    public TaskResult execute(Task task) {
        long start = nanoClock.getAsLong();
        double[][] out = new double[task.units().size()][];
        for (int u = 0; u < out.length; u++) {
            out[u] = evaluate(task.units().get(u), task.x(), task.kind());
        }
        return new TaskResult(worker, task.round(), out, nanoClock.getAsLong() - start);
    }

    /** Σ coefficient · kernel(piece rows), pieces in order. */
    public double[] evaluate(WorkUnit unit, double[] x, Task.Kind kind) {
        double[] sum = null;
        for (Piece p : unit.pieces()) {
            double[] r =
                    switch (kind) {
                        case OBJECTIVE -> workload.kernel(rows(p), x, components);
                        case GRAM -> Kernels.pca(rows(p), x, 1);
                        case SQUARED_NORM -> new double[] {squaredNorm(rows(p))};
                    };
            if (sum == null) {
                sum = new double[r.length];
            }
            double c = p.coefficient();
            for (int i = 0; i < r.length; i++) {
                sum[i] += c * r[i];
            }
        }
        return sum;
    }

    /** Σ ‖x_i‖² over the range, rows in order. */
    static double squaredNorm(RowRange r) {
        return SquaredNorms.of(r);
    }

    private RowRange rows(Piece p) {
        Rows rows = partitions.get(p.partition());
        if (rows == null) {
            throw new IllegalArgumentException(
                    "worker " + worker + " does not hold partition " + p.partition());
        }
        int total = rows.rows();
        int count = p.rowCount() < 0 ? total - p.firstRow() : p.rowCount();
        if (p.firstRow() + (long) count > total || count < 0) {
            throw new IllegalArgumentException(
                    "rows ["
                            + p.firstRow()
                            + ", "
                            + (p.firstRow() + (long) count)
                            + ") out of partition "
                            + p.partition()
                            + " with "
                            + total
                            + " rows");
        }
        return rows.range(p.firstRow(), count);
    }
}
