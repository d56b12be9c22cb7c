package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.cluster.Clock;

/**
 * The run's time, for the {@link RoundEngine}: the injected {@link Clock}'s nanos and coordinator
 * seconds, counted from when training starts (the workers ready) and, in a resumed run, from the
 * checkpointed run's elapsed time on, so that a trace's times go on where the checkpoint left them.
 * Runs on the coordinator's thread only.
 */
final class RunClock {
    private final Clock clock;
    private long start;
    private long resumedNanos;

    RunClock(Clock clock) {
        this.clock = clock;
        this.start = clock.nanos();
    }

    /** Clock nanos now. */
    long now() {
        return clock.nanos();
    }

    /** The run continues a checkpointed one that had run {@code elapsedNanos}. */
    void resumedAfter(long elapsedNanos) {
        this.resumedNanos = elapsedNanos;
    }

    /** Training starts now: {@link #elapsedSeconds} count from here (a resumed run's included). */
    void trainingStarts() {
        start = clock.nanos() - resumedNanos;
    }

    /** Coordinator nanoseconds since the workers were ready (a resumed run's included). */
    long elapsedNanos() {
        return clock.nanos() - start;
    }

    /** Clock nanos at {@code seconds} coordinator seconds (the inverse of {@link #seconds}). */
    long nanosAt(double seconds) {
        double nanos = start + seconds * 1e9;
        return nanos >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) nanos;
    }

    /** Coordinator seconds since the workers were ready. */
    double seconds(long nanos) {
        return (nanos - start) / 1e9;
    }

    double elapsedSeconds() {
        return seconds(clock.nanos());
    }
}
