package io.codedyarn.am.yarn.master;

import io.codedyarn.coordinator.cluster.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One thread that runs posted actions in the order they were posted, and due timers (its {@link
 * Scheduler} side) as actions posted at their deadline: whatever state only these actions touch
 * needs no lock, no concurrent collection and no volatile (Flink's "main thread executor"). Any
 * thread may {@link #execute} and {@link #schedule}.
 *
 * <p>Time comes from the injected {@link Clock}: a timer is due once {@code clock.nanos()} reaches
 * its deadline, and between actions the thread waits (in real time) for the earliest deadline, or
 * for the next post, whichever comes first, then reads the clock again. With the system clock that
 * is real scheduling; a clock moved by hand is seen at the next post.
 *
 * <p>An action that throws is logged and the thread goes on with the next; callers that want
 * failures to reach their own fatal path wrap their actions (as {@link WorkerContainers} does).
 * {@link #close} drops what has not run, interrupts an action in progress and ends the thread.
 */
final class SerialExecutor implements Executor, Scheduler, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SerialExecutor.class);

    private final Clock clock;
    private final Thread thread;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    // guarded by lock
    private final ArrayDeque<Runnable> actions = new ArrayDeque<>();
    private final PriorityQueue<Timer> timers =
            new PriorityQueue<>(
                    Comparator.comparingLong((Timer t) -> t.deadline)
                            .thenComparingLong(t -> t.seq));
    private long timersScheduled;
    private boolean closed;

    private final class Timer implements Cancellable {
        final long deadline;
        final long seq;
        final Runnable action;

        Timer(long deadline, long seq, Runnable action) {
            this.deadline = deadline;
            this.seq = seq;
            this.action = action;
        }

        @Override
        public void cancel() {
            lock.lock();
            try {
                timers.remove(this);
            } finally {
                lock.unlock();
            }
        }
    }

    private SerialExecutor(String name, Clock clock) {
        this.clock = clock;
        this.thread = new Thread(this::loop, name);
        this.thread.setDaemon(true);
    }

    /** A started executor whose thread is called {@code name}. */
    static SerialExecutor start(String name, Clock clock) {
        SerialExecutor e = new SerialExecutor(name, clock);
        e.thread.start();
        return e;
    }

    /** Posts {@code action}; dropped (logged) after {@link #close}. */
    @Override
    public void execute(Runnable action) {
        lock.lock();
        try {
            if (closed) {
                LOG.debug("{} is closed: dropped {}", thread.getName(), action);
                return;
            }
            enqueueDue(); // timers due by now were "posted" before this action
            actions.add(action);
            changed.signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long nanos() {
        return clock.nanos();
    }

    /** Posts {@code action} once the clock reaches now + {@code delay}. */
    @Override
    public Cancellable schedule(Duration delay, Runnable action) {
        lock.lock();
        try {
            Timer t = new Timer(clock.nanos() + delay.toNanos(), timersScheduled++, action);
            if (!closed) {
                timers.add(t);
                changed.signal();
            }
            return t;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Runs {@code action} on {@code executor} and waits for it: for a caller on another thread that
     * needs the action done (and its exception thrown here) before it goes on. Not after {@link
     * #close}: a closed executor drops the action, and this would wait for ever.
     */
    static void runAndWait(Executor executor, Runnable action) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        executor.execute(
                () -> {
                    try {
                        action.run();
                        done.complete(null);
                    } catch (Throwable t) {
                        done.completeExceptionally(t);
                    }
                });
        try {
            done.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error r) {
                throw r;
            }
            throw e;
        }
    }

    private void loop() {
        while (true) {
            Runnable next;
            try {
                next = take();
            } catch (InterruptedException e) {
                return; // closed
            }
            if (next == null) {
                return;
            }
            try {
                next.run();
            } catch (RuntimeException e) {
                LOG.error("{}: an action failed", thread.getName(), e);
            }
        }
    }

    /**
     * Moves the timers due by now behind what was posted before they came due (under the lock): a
     * due timer is an action posted at its deadline. Checked at every post as well as before the
     * thread takes an action, so an action posted after the clock passed a deadline runs after that
     * timer, even while the thread was still waiting for it.
     */
    private void enqueueDue() {
        while (!timers.isEmpty() && timers.peek().deadline - clock.nanos() <= 0) {
            actions.add(timers.poll().action);
        }
    }

    /** The next action to run, waiting for one; null once closed. */
    private Runnable take() throws InterruptedException {
        lock.lock();
        try {
            while (!closed) {
                enqueueDue();
                if (!actions.isEmpty()) {
                    return actions.poll();
                }
                if (timers.isEmpty()) {
                    changed.await();
                } else {
                    changed.awaitNanos(timers.peek().deadline - clock.nanos());
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            actions.clear();
            timers.clear();
            changed.signal();
        } finally {
            lock.unlock();
        }
        if (Thread.currentThread() != thread) {
            thread.interrupt(); // an action in progress (an HDFS copy) is abandoned
        }
    }
}
