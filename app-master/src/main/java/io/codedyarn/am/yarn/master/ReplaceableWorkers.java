package io.codedyarn.am.yarn.master;

import io.codedyarn.am.net.GrpcWorkerServer;
import io.codedyarn.compute.task.Task;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.placement.slowdown.WorkerStraggle;
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
    private final PlacedJob placed;
    private final DataReplacer replacer;
    private final java.util.concurrent.Executor io;
    private final java.util.function.BiFunction<Integer, String, WorkerStraggle> straggleOf;

    /**
     * @param io where the copies of a re-plan's partitions run (the containers' one thread, which
     *     also runs {@link DataReplacer#replace}), never the coordinator's
     */
    ReplaceableWorkers(
            GrpcWorkerServer server,
            WorkerContainers containers,
            PlacedJob placed,
            DataReplacer replacer,
            java.util.concurrent.Executor io,
            java.util.function.BiFunction<Integer, String, WorkerStraggle> straggleOf) {
        this.server = server;
        this.containers = containers;
        this.placed = placed;
        this.replacer = replacer;
        this.io = io;
        this.straggleOf = straggleOf;
    }

    @Override
    public int workers() {
        return server.workers();
    }

    /** Whether a task was sent: the first means every worker is ready. */
    private boolean sent;

    @Override
    public void send(int worker, Task task) {
        server.send(worker, task);
        if (!sent) {
            sent = true;
            containers.workersReady();
        }
    }

    @Override
    public void close() {
        server.close();
    }

    /**
     * A ready warm spare on a node outside {@code avoid} when there is one (the worker's partitions
     * are placed beside it, then it loads them: about a second), else a new container.
     */
    @Override
    public boolean replace(int worker, Set<String> avoid) {
        java.util.OptionalInt spare = server.takeSpare(avoid, worker);
        if (spare.isPresent()) {
            int id = spare.getAsInt();
            String node = server.spareHost(id);
            containers.adoptSpare(id, worker);
            io.execute(
                    () ->
                            server.assignSpare(
                                    id,
                                    replacer.placeBeside(worker, node, placed.stored(worker)),
                                    straggleOf.apply(worker, node)));
            return true;
        }
        if (!containers.replace(worker, avoid)) {
            return false;
        }
        return server.replace(worker, avoid); // accepts the new container's Hello from now on
    }

    /**
     * A re-planned code: from now on the worker's Welcome (a replacement's) names {@code add ∪
     * retain}; off the coordinator's thread, the partitions it lacks are placed beside its node
     * ({@link DataReplacer#placeBeside}), then the worker is told to load them.
     */
    @Override
    public boolean load(int worker, int[] add, int[] retain) {
        int[] hold = WorkerPort.held(add, retain);
        placed.hold(worker, hold);
        int[] adding = add.clone();
        int[] keep = retain.clone();
        io.execute(
                () -> {
                    java.util.List<String> nodes = containers.nodes();
                    String node = worker < nodes.size() ? nodes.get(worker) : null;
                    server.load(worker, replacer.placeBeside(worker, node, adding), keep);
                });
        return true;
    }

    /** Closes the silent worker's stream and stops its container (its exit is no new failure). */
    @Override
    public void abandon(int worker, String why) {
        server.abandon(worker, why);
        containers.abandon(worker);
    }

    @Override
    public String node(int worker) {
        java.util.List<String> nodes = containers.nodes();
        return worker < nodes.size() ? nodes.get(worker) : null;
    }

    @Override
    public void promote(int worker) {
        server.promote(worker);
        containers.promote(worker);
    }
}
