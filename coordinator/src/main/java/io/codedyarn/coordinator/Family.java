package io.codedyarn.coordinator;

/**
 * A method family as the {@link RoundLoop} drives it: assign and send a round's tasks (returning
 * the aggregator that collects it), then estimate and step once the aggregator has enough. Each
 * family owns its aggregator and its optimiser: {@link DecodedFamily} (exact and fastest-k decoding
 * with GD, Nesterov, L-BFGS or the power method), {@link LazyFamily} (LAG, LAGC, G-LAG, G-GD) and
 * {@link AsyncFamily} (SAG, DSAG). A fourth family implements this and registers in {@link
 * Families}; the other three do not change.
 */
interface Family {
    /** Setup rounds before the first iteration (step size, ‖X‖²_F, group smoothness). */
    void prepare() throws InterruptedException, RunAborted;

    /** Assigns and sends the tasks of round {@code iteration}; the aggregator that collects it. */
    Aggregator begin(long iteration) throws RunAborted;

    /** Estimates from what the round collected and steps the optimiser. */
    Step step();

    /** Whether the optimiser can make no further progress (no further round is useful). */
    default boolean finished() {
        return false;
    }
}
