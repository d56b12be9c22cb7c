package io.codedyarn.coordinator.async;

/**
 * How the coordinator turns the subgradients Y^(t')_{i:j} that arrive during iteration t into the
 * gradient estimate of the DSAG-style step V^(t+1) = G(V^(t) − η(estimate + ∇R(V^(t)))) (DSAG §IV-B
 * and §VII). Implementations: {@link DsagAggregator} (cache, fresh and stale) and {@link
 * SagAggregator} (cache, fresh only); the tests' SgdAggregator keeps fresh results only, no memory.
 *
 * <p>Protocol per iteration: {@link #beginIteration(long)} with the index t of the iterate about to
 * be broadcast, then {@link #offer} for every result that arrives (a result is fresh iff it was
 * computed at iterate t), then {@link #estimate()}.
 */
public interface GradientAggregator {

    /** Starts iteration t; t must not decrease. Results computed at t are "fresh". */
    void beginIteration(long t);

    /** The current iteration t. */
    long iteration();

    /**
     * Offers Y^(computedAt)_{first:last} (1-based inclusive global sample indices; the interval
     * from the (p_i, k_i) the worker REPORTED, plus its row offset — DSAG digest §7 item 7).
     *
     * @throws IllegalArgumentException if computedAt is later than the current iteration
     */
    OfferResult offer(long first, long last, long computedAt, double[] payload);

    /** Fraction ξ of the n samples the estimate is built from. */
    double coverage();

    /**
     * The estimate of Σ_{k=1..n} ∇f_k(V^(t)) (a fresh array).
     *
     * @throws IllegalStateException if no sample is covered (ξ = 0): there is nothing to scale
     */
    double[] estimate();
}
