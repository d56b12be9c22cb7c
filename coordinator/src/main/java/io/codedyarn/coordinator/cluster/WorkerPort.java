package io.codedyarn.coordinator.cluster;

import io.codedyarn.compute.task.Task;

/**
 * How the coordinator reaches its workers (gRPC streams, or in-process simulated workers). Sends
 * must not block on the worker's computation; answers come back as {@link CoordinatorEvent}s.
 */
public interface WorkerPort {
    /** Number of workers (0 .. workers()−1). */
    int workers();

    void send(int worker, Task task);

    /**
     * Sends a backup task: another worker's codeword, asked within the round in progress of a
     * worker that answered its own ({@code round.Backups}). A real worker takes it as any task; the
     * simulated cluster times it at the worker's speed of the round rather than by a new draw of
     * its latency model, whose Markov states advance once per round.
     */
    default void sendBackup(int worker, Task task) {
        send(worker, task);
    }

    /** Tells every worker to stop and releases the transport. */
    void close();

    /**
     * Starts a replacement for {@code worker} (a new container with the same id and partitions,
     * read locally or re-placed beside it) on a node not in {@code avoid}, while the current one
     * goes on working ("make before break": no round loses the worker). The replacement announces
     * itself with a {@link CoordinatorEvent.WorkerReady} for the id (or a {@link
     * CoordinatorEvent.ReplacementFailed}); it receives tasks only after {@link #promote}. Returns
     * false when this cluster cannot replace workers or no node can take it.
     */
    default boolean replace(int worker, java.util.Set<String> avoid) {
        return false;
    }

    /**
     * Routes the worker's tasks to its ready replacement and stops the old incarnation (whose
     * unanswered tasks are lost).
     */
    default void promote(int worker) {
        throw new UnsupportedOperationException("this cluster cannot replace workers");
    }

    /**
     * Gives up on {@code worker}'s current incarnation, which stays connected but answers nothing
     * ({@code why}: the measured silence): its stream is closed without a {@link
     * CoordinatorEvent.WorkerFailed} (the coordinator counted the failure already) and its
     * container stopped, since nothing else would end it. A later {@link #replace} starts its
     * successor. Default: nothing to stop.
     */
    default void abandon(int worker, String why) {}

    /** The node the worker's container runs on, when the cluster knows it (null: unknown). */
    default String node(int worker) {
        return null;
    }

    /**
     * Has {@code worker} load partitions {@code add} (beside its node where the cluster places
     * data) and then hold exactly {@code add ∪ retain}: the data of a re-planned code ({@link
     * io.codedyarn.coordinator.adapt.Replanner}). The worker goes on computing the tasks it is sent
     * meanwhile and answers {@link CoordinatorEvent.PartitionsLoaded} when it holds them (a load
     * that fails is the worker's failure). A replacement started from now on holds {@code add ∪
     * retain} too. Returns false when this cluster cannot load partitions into a running worker.
     */
    default boolean load(int worker, int[] add, int[] retain) {
        return false;
    }

    /** What a worker holds after {@link #load}: add ∪ retain, ascending. */
    static int[] held(int[] add, int[] retain) {
        return java.util.stream.IntStream.concat(
                        java.util.Arrays.stream(add), java.util.Arrays.stream(retain))
                .distinct()
                .sorted()
                .toArray();
    }
}
