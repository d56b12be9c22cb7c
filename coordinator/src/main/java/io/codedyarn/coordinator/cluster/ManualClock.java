package io.codedyarn.coordinator.cluster;

/** A clock that moves only when told to (unit tests, simulated clusters). Not thread-safe. */
public final class ManualClock implements Clock {
    private long now;

    @Override
    public long nanos() {
        return now;
    }

    public void advanceTo(long nanos) {
        if (nanos < now) {
            throw new IllegalArgumentException("time runs forward: " + nanos + " < " + now);
        }
        now = nanos;
    }

    public void advance(long nanos) {
        advanceTo(now + nanos);
    }
}
