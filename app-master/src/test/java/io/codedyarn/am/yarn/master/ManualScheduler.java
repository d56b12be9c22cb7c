package io.codedyarn.am.yarn.master;

import io.codedyarn.coordinator.cluster.ManualClock;
import java.time.Duration;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * A {@link Scheduler} on a {@link ManualClock} that spawns no thread: timers fire, on the test's
 * thread, only when the test {@link #advance}s time (Flink's ManuallyTriggeredScheduledExecutor).
 */
final class ManualScheduler implements Scheduler {
    private final ManualClock clock;
    private final PriorityQueue<Timer> timers =
            new PriorityQueue<>(
                    Comparator.comparingLong((Timer t) -> t.deadline)
                            .thenComparingLong(t -> t.seq));
    private long scheduled;

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
            timers.remove(this);
        }
    }

    ManualScheduler(ManualClock clock) {
        this.clock = clock;
    }

    @Override
    public long nanos() {
        return clock.nanos();
    }

    @Override
    public Cancellable schedule(Duration delay, Runnable action) {
        Timer t = new Timer(clock.nanos() + delay.toNanos(), scheduled++, action);
        timers.add(t);
        return t;
    }

    /**
     * Moves the clock forward by {@code d}, stopping at each deadline on the way to run what is due
     * there, in deadline order (also timers those actions schedule within the span).
     */
    void advance(Duration d) {
        long end = clock.nanos() + d.toNanos();
        while (!timers.isEmpty() && timers.peek().deadline <= end) {
            Timer t = timers.poll();
            clock.advanceTo(Math.max(clock.nanos(), t.deadline));
            t.action.run();
        }
        clock.advanceTo(end);
    }

    /** Timers scheduled and neither fired nor cancelled. */
    int pending() {
        return timers.size();
    }
}
