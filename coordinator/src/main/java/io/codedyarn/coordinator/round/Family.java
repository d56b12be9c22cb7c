package io.codedyarn.coordinator.round;

/**
 * A method family as the {@link io.codedyarn.coordinator.RoundLoop} drives it: assign and send a
 * round's tasks (returning the aggregator that collects it), then estimate and step once the
 * aggregator has enough. Each family owns its aggregator and its optimiser: {@link
 * io.codedyarn.coordinator.decoded.DecodedFamily} (exact and fastest-k decoding with GD, Nesterov,
 * L-BFGS or the power method), {@link io.codedyarn.coordinator.lazy.LazyFamily} (LAG, LAGC, G-LAG,
 * G-GD), {@link io.codedyarn.coordinator.async.AsyncFamily} (SAG, DSAG) and {@link
 * io.codedyarn.coordinator.ssp.SspFamily} (stale synchronous parallel). A new family implements
 * this and registers in {@link io.codedyarn.coordinator.Families}; the others do not change.
 */
public interface Family {
    /** Setup rounds before the first iteration (step size, ‖X‖²_F, group smoothness). */
    void prepare(RoundDriver driver) throws InterruptedException, RunAborted;

    /** Assigns and sends the tasks of round {@code iteration}; the aggregator that collects it. */
    Aggregator begin(long iteration) throws RunAborted;

    /** Estimates from what the round collected and steps the optimiser. */
    Step step();

    /**
     * The family's state for a checkpoint: its optimiser's (and its method's) state, or null before
     * {@link #prepare} finished. Called between two rounds, and once more when a round fails: a
     * family whose state a round changes before {@link #step} (SAG/DSAG's cache) then includes what
     * that round brought in, which is still a state the method can continue from.
     */
    com.fasterxml.jackson.databind.JsonNode checkpoint();

    /**
     * Instead of {@link #prepare}: continue from a {@link #checkpoint()} of a run of the same job
     * (no setup rounds: the step size and the group constants are part of the state).
     *
     * @throws IllegalArgumentException when the state does not fit this run (names the field)
     */
    void resume(com.fasterxml.jackson.databind.JsonNode state);

    /** Whether the optimiser can make no further progress (no further round is useful). */
    default boolean finished() {
        return false;
    }
}
