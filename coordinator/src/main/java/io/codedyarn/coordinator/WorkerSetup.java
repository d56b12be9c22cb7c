package io.codedyarn.coordinator;

import io.codedyarn.worker.task.Workload;
import java.util.Map;

/**
 * What a worker must know before its first task (sent once, in the protocol's welcome): the
 * workload, k, whether to append the intercept column, and its stored partitions with where to read
 * them (plan partition index → a fully qualified file URI).
 */
public record WorkerSetup(
        int worker,
        Workload workload,
        int components,
        boolean intercept,
        Map<Integer, String> partitions) {
    public WorkerSetup {
        partitions = Map.copyOf(partitions);
    }
}
