package io.codedyarn.coordinator.round;

/**
 * What the round loop asks of a method family's aggregator while a round collects results: take one
 * arrival (or the passing of {@link #deadline()}) and say whether the round has enough. How a round
 * starts (which workers get which task) and what it yields (a decoded sum, group sums, a cache
 * estimate) are the family's own: {@link DecodeGate}, {@link
 * io.codedyarn.coordinator.lazy.GroupGate}, {@link io.codedyarn.coordinator.async.AsyncGate}.
 */
public interface Aggregator {
    /**
     * Takes an arrival: a result or a worker's failure, or {@code null} once the clock passed
     * {@link #deadline()}; says whether the round has enough, needs more, or stalled.
     *
     * @throws RunAborted when the live workers can no longer make up the round and no replacement
     *     can help (methods that do not wait for replacements)
     */
    Verdict accept(Arrival a) throws RunAborted;

    /** Clock nanos after which the round should end without a new arrival; MAX_VALUE: none. */
    long deadline();

    /**
     * The verdict before any arrival: enough (a lazy round that selected none), stalled (a decoded
     * round that the live workers cannot decode), else not yet.
     */
    default Verdict start() {
        return Verdict.NOT_YET;
    }
}
