package io.codedyarn.coordinator.simulated;

import io.codedyarn.compute.task.Task;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What the simulated cluster will say, and when: the results of tasks in flight and the events
 * scripted or caused (ready, failed, loaded), in simulated-time order, ties in the order they were
 * scheduled. Each worker has at most one task waiting to start (its "newest wins" queue).
 */
final class Timeline {
    /** Something the cluster says at {@code at} (ns): a task's result, or an event. */
    record Pending(long at, long seq, int worker, CoordinatorEvent event, Task task, long start) {}

    private final PriorityQueue<Pending> queue =
            new PriorityQueue<>(
                    Comparator.comparingLong(Pending::at).thenComparingLong(Pending::seq));
    private final Pending[] waitingToStart;
    private long seq;

    Timeline(int workers) {
        this.waitingToStart = new Pending[workers];
    }

    void event(long at, int worker, CoordinatorEvent event) {
        add(new Pending(at, seq++, worker, event, null, at));
    }

    /** Task {@code task} runs on {@code worker} over [start, done]; it waits if start &gt; now. */
    void task(long done, int worker, Task task, long start, long now) {
        Pending p = add(new Pending(done, seq++, worker, null, task, start));
        if (start > now) {
            waitingToStart[worker] = p;
        }
    }

    /**
     * Newest wins: drops the worker's task that has not started by {@code now} and answers when it
     * would have started (the new task starts then instead), or -1 when none waits.
     */
    long dropWaiting(int worker, long now) {
        Pending p = waitingToStart[worker];
        if (p == null || p.start() <= now) {
            return -1;
        }
        queue.remove(p);
        waitingToStart[worker] = null;
        return p.start();
    }

    /** The next thing said, if it comes by {@code limit}; it is then taken off the timeline. */
    Pending next(long limit) {
        Pending p = queue.peek();
        if (p == null || p.at() > limit) {
            return null;
        }
        queue.poll();
        if (waitingToStart[p.worker()] == p) {
            waitingToStart[p.worker()] = null;
        }
        return p;
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /**
     * Drops what {@code which} selects. A dropped task waiting to start still decides when the
     * worker's next task starts ({@link #dropWaiting}) unless {@link #forgetWaiting} is called: a
     * hung worker's queue stays busy, a replacement's is empty.
     */
    void drop(Predicate<Pending> which) {
        queue.removeIf(which);
    }

    void forgetWaiting(int worker) {
        waitingToStart[worker] = null;
    }

    /** Rewrites the events {@code which} selects in place (same time, same order). */
    void rewrite(Predicate<Pending> which, Function<Pending, CoordinatorEvent> as) {
        List<Pending> picked = new ArrayList<>();
        queue.removeIf(
                p -> {
                    boolean hit = p.task() == null && which.test(p);
                    if (hit) {
                        picked.add(p);
                    }
                    return hit;
                });
        picked.sort(Comparator.comparingLong(Pending::seq));
        for (Pending p : picked) {
            add(new Pending(p.at(), seq++, p.worker(), as.apply(p), null, p.start()));
        }
    }

    void clear() {
        queue.clear();
    }

    private Pending add(Pending p) {
        queue.add(p);
        return p;
    }
}
