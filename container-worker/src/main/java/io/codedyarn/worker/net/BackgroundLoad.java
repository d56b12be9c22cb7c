package io.codedyarn.worker.net;

import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.PartitionLoader;
import io.codedyarn.compute.task.WorkerAssignment;
import io.codedyarn.protocol.v1.Load;
import io.codedyarn.protocol.v1.Partition;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * Reads the partitions of a {@link Load} on a thread of its own, so that the compute thread goes on
 * answering the tasks of the current code meanwhile (the AM switches codes only after {@code
 * Loaded}); the result goes back through the {@link Mailbox}, where the compute thread picks it up
 * between two tasks and swaps its executor.
 */
final class BackgroundLoad {
    /**
     * A finished load: the rows read, the partitions to hold from now on, the time it took; or the
     * error.
     */
    record Done(Map<Integer, Rows> added, Set<Integer> hold, long nanos, Exception error) {}

    private BackgroundLoad() {}

    /**
     * Starts reading {@code load.add} with the Welcome's settings ({@code base}: workload,
     * intercept); {@code mailbox} receives the {@link Done}.
     *
     * @throws IllegalArgumentException when the Load names a partition twice
     */
    static void start(
            PartitionLoader loader,
            WorkerAssignment base,
            Load load,
            Mailbox mailbox,
            LongSupplier nanoClock) {
        Map<Integer, String> uris = new TreeMap<>();
        for (Partition p : load.getAddList()) {
            if (uris.put(p.getIndex(), p.getUri()) != null) {
                throw new IllegalArgumentException(
                        "load lists partition " + p.getIndex() + " twice");
            }
        }
        Set<Integer> hold = new TreeSet<>(uris.keySet());
        hold.addAll(load.getRetainList());
        WorkerAssignment a =
                new WorkerAssignment(
                        base.worker(), base.workload(), base.components(), base.intercept(), uris);
        Thread t =
                new Thread(
                        () -> {
                            long t0 = nanoClock.getAsLong();
                            try {
                                Map<Integer, Rows> rows = loader.load(a);
                                mailbox.loaded(
                                        new Done(rows, hold, nanoClock.getAsLong() - t0, null));
                            } catch (Exception e) {
                                mailbox.loaded(new Done(Map.of(), hold, 0, e));
                            }
                        },
                        "coded-yarn-load-" + base.worker());
        t.setDaemon(true);
        t.start();
    }
}
