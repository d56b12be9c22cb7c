package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventSource;
import java.util.ArrayDeque;

/**
 * The wait for the next {@link Arrival}, for the {@link RoundEngine}: takes the events the {@link
 * StartPhase} took from the {@link EventSource} but did not handle first, then the source's, until
 * one makes an arrival: a result through the {@link ResultIntake}, any other event through the
 * {@link WorkerLifecycle}. It wakes at the next silent worker's deadline as well as the caller's,
 * and answers a worker that {@link SilentWorkers} declares hung before any event. Runs on the
 * coordinator's thread only.
 */
final class EventIntake {
    private final EventSource events;
    private final RunClock clock;
    private final SilentWorkers silences;
    private final ResultIntake results;
    private final WorkerLifecycle lifecycle;

    /** Events {@link StartPhase#awaitReady} took from the source but did not handle. */
    private final ArrayDeque<CoordinatorEvent> early = new ArrayDeque<>();

    EventIntake(
            EventSource events,
            RunClock clock,
            SilentWorkers silences,
            ResultIntake results,
            WorkerLifecycle lifecycle) {
        this.events = events;
        this.clock = clock;
        this.silences = silences;
        this.results = results;
        this.lifecycle = lifecycle;
    }

    /** Hands {@code e}, taken from the source but not handled at start, to {@link #next} first. */
    void handLater(CoordinatorEvent e) {
        early.add(e);
    }

    /** See {@link RoundEngine#next}. */
    Arrival next(long deadline) throws InterruptedException {
        while (true) {
            long now = clock.now();
            Arrival hung = silences.overdue(now);
            if (hung != null) {
                return hung;
            }
            long silentBy = silences.nextOverdue();
            long until = Math.min(deadline, silentBy);
            long wait = until == Long.MAX_VALUE ? Long.MAX_VALUE : until - now;
            if (wait < 0) {
                return null;
            }
            CoordinatorEvent e = early.isEmpty() ? events.poll(wait) : early.poll();
            if (e == null) {
                if (deadline == Long.MAX_VALUE || silentBy < deadline) {
                    continue; // a silent worker's deadline (or none): judged at the loop's top
                }
                return null;
            }
            Arrival a =
                    e instanceof CoordinatorEvent.ResultArrived r
                            ? results.accept(r)
                            : lifecycle.handle(e);
            if (a != null) {
                return a;
            }
        }
    }
}
