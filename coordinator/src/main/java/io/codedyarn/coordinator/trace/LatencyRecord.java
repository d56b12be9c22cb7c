package io.codedyarn.coordinator.trace;

/**
 * One row of {@code latency-trace.csv} (the format {@code TraceReplay} replays: {@code
 * iteration,worker,latency,load} plus these extra columns): a task sent to a worker at iteration t,
 * when it was sent and received (coordinator seconds), the worker's own compute seconds, the load
 * (in {@code LoadUnit}s: the task's rows over n/N, the unit {@code TraceReplay} and every latency
 * model read, so a trace replays at its recorded times) and what the coordinator did with it:
 * {@code used}, {@code stale} (older round, used), {@code discarded}, or {@code lost} (never came
 * back).
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
