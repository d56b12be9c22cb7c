package io.codedyarn.compute.task;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a worker learns from the coordinator before its first task (the protocol's Welcome, without
 * protocol types): the workload, k (PCA), whether to append the intercept column, and its stored
 * plan partitions with where to read them (partition index → fully qualified file URI).
 */
public record WorkerAssignment(
        int worker,
        Workload workload,
        int components,
        boolean intercept,
        Map<Integer, String> partitionUris) {
    public WorkerAssignment {
        if (worker < 0 || components < 1) {
            throw new IllegalArgumentException(
                    "need worker >= 0 and components >= 1, got " + worker + "/" + components);
        }
        partitionUris = Map.copyOf(new TreeMap<>(partitionUris));
    }
}
