package io.codedyarn.coordinator.simulated;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.task.TaskExecutor;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Ranges;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Workers as objects in this JVM over one in-memory dataset ({@code --cluster simulated}, tests,
 * the coordination benchmark): plan partition j is rows [p_start(n, K, j+1), p_stop(n, K, j+1)]
 * (1-based, as {@code data prepare} cuts them), and worker w holds {@code plan.stored(w)} — the
 * same rows a YARN worker would read from its partition files, so the same kernels give the same
 * bits.
 */
public final class InProcessWorkers {
    private InProcessWorkers() {}

    /** The shape the coordinator needs: n, d (without intercept), rows per partition. */
    public static DataShape shape(Rows data, int partitions) {
        long n = data.rows();
        long[] rows = new long[partitions];
        for (int j = 0; j < partitions; j++) {
            rows[j] = Ranges.pStop(n, partitions, j + 1) - Ranges.pStart(n, partitions, j + 1) + 1;
        }
        return new DataShape(n, data.cols(), rows);
    }

    /** One executor per worker over its stored partitions (intercept appended when asked). */
    public static List<TaskExecutor> executors(
            Plan plan,
            Rows data,
            Workload workload,
            int components,
            boolean intercept,
            LongSupplier nanoClock) {
        Map<Integer, Rows> parts = new HashMap<>();
        List<TaskExecutor> out = new ArrayList<>(plan.workers());
        for (int w = 0; w < plan.workers(); w++) {
            Map<Integer, Rows> mine = new HashMap<>();
            for (int j : plan.stored(w)) {
                mine.put(
                        j,
                        parts.computeIfAbsent(
                                j, p -> partition(data, plan.partitions(), p, intercept)));
            }
            out.add(new TaskExecutor(w, mine, workload, components, nanoClock));
        }
        return out;
    }

    /**
     * Builds a worker's executor over any partitions of {@code plan}'s K ({@link
     * SimulatedCluster#load}: a move, a replacement's hold set); partitions are cut once and shared
     * between the executors built here.
     */
    public static SimulatedCluster.Reloader reloader(
            Plan plan,
            Rows data,
            io.codedyarn.coordinator.round.TrainSpec spec,
            LongSupplier clock) {
        Map<Integer, Rows> cache = new HashMap<>();
        return (w, hold) -> {
            Map<Integer, Rows> mine = new HashMap<>();
            for (int j : hold) {
                mine.put(
                        j,
                        cache.computeIfAbsent(
                                j, p -> partition(data, plan.partitions(), p, spec.intercept())));
            }
            return new TaskExecutor(w, mine, spec.workload(), spec.components(), clock);
        };
    }

    /** Plan partition j (0-based) of K as its own block (a copy: workers own their memory). */
    public static Rows partition(Rows data, int partitions, int j, boolean intercept) {
        long n = data.rows();
        int first = (int) Ranges.pStart(n, partitions, j + 1) - 1;
        int count = (int) (Ranges.pStop(n, partitions, j + 1) - first);
        Rows block = copy(data, first, count);
        return intercept ? Intercept.append(block) : block;
    }

    private static Rows copy(Rows data, int first, int count) {
        double[] labels = data.labels() == null ? null : new double[count];
        if (labels != null) {
            System.arraycopy(data.labels(), first, labels, 0, count);
        }
        if (data instanceof DenseRows dense) {
            int d = dense.cols();
            double[] x = new double[count * d];
            System.arraycopy(dense.values(), first * d, x, 0, count * d);
            return new DenseRows(count, d, x, labels);
        }
        CsrRows csr = (CsrRows) data;
        int from = csr.rowPtr()[first];
        int to = csr.rowPtr()[first + count];
        int[] ptr = new int[count + 1];
        for (int i = 0; i <= count; i++) {
            ptr[i] = csr.rowPtr()[first + i] - from;
        }
        int[] col = java.util.Arrays.copyOfRange(csr.colIdx(), from, to);
        double[] val = java.util.Arrays.copyOfRange(csr.values(), from, to);
        return new CsrRows(ptr, col, val, csr.cols(), labels);
    }
}
