package io.codedyarn.coordinator.cluster;

/** The coordinator's time source (nanoseconds, monotonic). Injected: real, manual or simulated. */
@FunctionalInterface
public interface Clock {
    long nanos();

    static Clock system() {
        return System::nanoTime;
    }
}
