package io.codedyarn.coordinator.cluster;

/**
 * Where the coordinator's events come from. Real clusters: an {@link EventQueue} the adapters post
 * to; simulated clusters: a queue ordered by simulated arrival time that advances the clock.
 */
public interface EventSource {
    /**
     * The next event, waiting at most {@code timeoutNanos} of the coordinator's clock; {@code null}
     * on timeout.
     */
    CoordinatorEvent poll(long timeoutNanos) throws InterruptedException;
}
