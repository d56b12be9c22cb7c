package io.codedyarn.coordinator.round;

/**
 * A result as the round engine hands it to a method: who, for which round, the tags the method
 * attached to the units when it sent the task (codeword indices, or sample ranges' ids), the values
 * (one per unit), and the worker's compute time. {@code failure} is non-null (and values null) when
 * the event is the worker's failure instead. {@link #ready(int)} marks a replacement promoted while
 * a round waited for it ({@link RoundEngine#awaitReplacements}).
 */
public record Arrival(
        int worker, long round, long[] tags, double[][] values, long computeNanos, String failure) {
    /** The round of a {@link #ready} marker. */
    static final long READY = -2;

    /** Worker {@code worker}'s replacement took over mid-round: it is alive and idle. */
    public static Arrival ready(int worker) {
        return new Arrival(worker, READY, new long[0], null, 0, null);
    }

    public boolean failed() {
        return failure != null;
    }

    public boolean ready() {
        return round == READY && failure == null;
    }
}
