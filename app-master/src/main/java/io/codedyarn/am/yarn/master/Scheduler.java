package io.codedyarn.am.yarn.master;

import java.time.Duration;

/**
 * Runs an action once, a delay from now on some clock: the AM's timers (the locality wait) are
 * scheduled through this port, never on a real-time executor of their own, so that a test moves
 * time by hand (Flink schedules its driver's timeouts the same way, Spark injects a {@code Clock}).
 * Production: {@link SerialExecutor} on the coordinator's {@link
 * io.codedyarn.coordinator.cluster.Clock}; tests: a manual scheduler that fires what is due when
 * the test advances its clock.
 *
 * <p>The thread an action runs on is the implementation's: a caller that owns its state on one
 * thread re-posts the action there (as {@link WorkerContainers} does).
 */
interface Scheduler {
    /** Runs {@code action} once, {@code delay} after now, unless cancelled first. */
    Cancellable schedule(Duration delay, Runnable action);

    /** Now on this scheduler's clock, in nanoseconds (for durations only). */
    long nanos();

    /** A scheduled action. */
    @FunctionalInterface
    interface Cancellable {
        /** Drops the action if it has not started; does nothing afterwards, or twice. */
        void cancel();
    }
}
