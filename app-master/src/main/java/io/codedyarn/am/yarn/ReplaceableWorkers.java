package io.codedyarn.am.yarn;

import io.codedyarn.am.net.GrpcWorkerServer;
import io.codedyarn.coordinator.WorkerPort;
import io.codedyarn.worker.task.Task;
import java.util.Set;

/**
 * The coordinator's {@link WorkerPort} on YARN: tasks go over the gRPC endpoint; a replacement is a
 * new container ({@link WorkerContainers#replace}: on a node outside {@code avoid}, the worker's
 * partitions re-placed beside it) whose second Hello for the same id the endpoint accepts as the
 * worker's replacement-in-waiting ({@link GrpcWorkerServer#replace}); promoting it reroutes the
 * stream, then stops and releases the old container.
 */
final class ReplaceableWorkers implements WorkerPort {
    private final GrpcWorkerServer server;
    private final WorkerContainers containers;

    ReplaceableWorkers(GrpcWorkerServer server, WorkerContainers containers) {
        this.server = server;
        this.containers = containers;
    }

    @Override
    public int workers() {
        return server.workers();
    }

    @Override
    public void send(int worker, Task task) {
        server.send(worker, task);
    }

    @Override
    public void close() {
        server.close();
    }

    @Override
    public boolean replace(int worker, Set<String> avoid) {
        if (!containers.replace(worker, avoid)) {
            return false;
        }
        return server.replace(worker, avoid); // accepts the new container's Hello from now on
    }

    @Override
    public void promote(int worker) {
        server.promote(worker);
        containers.promote(worker);
    }
}
