package io.codedyarn.coordinator;

import io.codedyarn.worker.task.Task;

/**
 * How the coordinator reaches its workers (gRPC streams, or in-process simulated workers). Sends
 * must not block on the worker's computation; answers come back as {@link CoordinatorEvent}s.
 */
public interface WorkerPort {
    /** Number of workers (0 .. workers()−1). */
    int workers();

    void send(int worker, Task task);

    /** Tells every worker to stop and releases the transport. */
    void close();
}
