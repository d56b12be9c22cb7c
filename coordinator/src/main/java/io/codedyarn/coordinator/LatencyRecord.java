package io.codedyarn.coordinator;

/**
 * One row of {@code latency-trace.csv} (the format {@code TraceReplay} replays: {@code
 * iteration,worker,latency,load} plus these extra columns): a task sent to a worker at iteration t,
 * when it was sent and received (coordinator seconds), the worker's own compute seconds, the load
 * (fraction of the data the task covered) and what the coordinator did with it: {@code used},
 * {@code stale} (older round, used), {@code discarded}, or {@code lost} (never came back).
 */
public record LatencyRecord(
        long iteration,
        int worker,
        double sentSeconds,
        double receivedSeconds,
        double computeSeconds,
        double load,
        String use) {
    public double latency() {
        return receivedSeconds - sentSeconds;
    }
}
