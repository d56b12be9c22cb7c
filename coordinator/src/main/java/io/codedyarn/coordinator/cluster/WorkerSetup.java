package io.codedyarn.coordinator.cluster;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.placement.slowdown.WorkerStraggle;
import java.util.Map;

/**
 * What a worker must know before its first task (sent once, in the protocol's welcome): the
 * workload, k, whether to append the intercept column, and its stored partitions with where to read
 * them (plan partition index → a fully qualified file URI), and the slowness it must inject into
 * itself ({@code --straggle}).
 */
public record WorkerSetup(
        int worker,
        Workload workload,
        int components,
        boolean intercept,
        Map<Integer, String> partitions,
        WorkerStraggle straggle) {
    public WorkerSetup {
        partitions = Map.copyOf(partitions);
    }

    /** Without injected slowness. */
    public WorkerSetup(
            int worker,
            Workload workload,
            int components,
            boolean intercept,
            Map<Integer, String> partitions) {
        this(worker, workload, components, intercept, partitions, WorkerStraggle.NONE);
    }

    /** The same worker, reading its partitions from {@code uris}. */
    public WorkerSetup withPartitions(Map<Integer, String> uris) {
        return new WorkerSetup(worker, workload, components, intercept, uris, straggle);
    }
}
