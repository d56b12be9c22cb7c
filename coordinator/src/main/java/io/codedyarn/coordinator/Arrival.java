package io.codedyarn.coordinator;

/**
 * A result as the round engine hands it to a method: who, for which round, the tags the method
 * attached to the units when it sent the task (codeword indices, or sample ranges' ids), the values
 * (one per unit), and the worker's compute time. {@code failure} is non-null (and values null) when
 * the event is the worker's failure instead.
 */
record Arrival(
        int worker, long round, long[] tags, double[][] values, long computeNanos, String failure) {
    boolean failed() {
        return failure != null;
    }
}
