package io.codedyarn.coordinator.cluster;

import io.codedyarn.compute.task.TaskResult;

/** What the cluster adapters tell the coordinator; posted to its single event-loop thread. */
public sealed interface CoordinatorEvent {
    /**
     * Worker {@code worker} has loaded its partitions and accepts tasks.
     *
     * @param spare whether a warm spare took the worker's place (else its own container started)
     */
    record WorkerReady(int worker, String host, long loadNanos, boolean spare)
            implements CoordinatorEvent {
        public WorkerReady(int worker, String host, long loadNanos) {
            this(worker, host, loadNanos, false);
        }
    }

    /** A result (possibly of an older round) arrived. */
    record ResultArrived(TaskResult result) implements CoordinatorEvent {}

    /** The worker is gone (container exited, stream broke, protocol error); names the cause. */
    record WorkerFailed(int worker, String reason) implements CoordinatorEvent {}

    /**
     * The replacement asked for with {@link WorkerPort#replace} could not be started (its container
     * failed before it was ready); the worker's current incarnation is unaffected.
     */
    record ReplacementFailed(int worker, String reason) implements CoordinatorEvent {}

    /**
     * The worker holds the partitions {@link WorkerPort#load} asked for ({@code loadNanos}: how
     * long reading them took).
     */
    record PartitionsLoaded(int worker, long loadNanos) implements CoordinatorEvent {}
}
