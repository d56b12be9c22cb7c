package io.codedyarn.coordinator.async;

/**
 * DSAG (§IV-B): every arriving result, fresh or stale, is offered to the cache, which keeps it
 * unless an overlapping entry is at least as fresh (t' ≥ t); the estimate is H/ξ.
 *
 * <p>Example: n = 10, worker A holds samples 1..5, worker B 6..10, one subpartition each. Iteration
 * 1: A returns Y^(1)_{1:5} (fresh), B is still busy; ξ = 0.5 and the estimate is 2·Y^(1)_{1:5}.
 * Iteration 2: B's Y^(1)_{6:10} arrives (stale, computed at t = 1) and is still inserted, A's
 * Y^(2)_{1:5} replaces Y^(1)_{1:5} in place; ξ = 1 and the estimate is the plain sum.
 *
 * <p>Start state: either empty (ξ = 0 until the first insert) or, as in the reference, {@link
 * GradientCache#initiallyCovering} with a zero payload (ξ = 1, H = 0) — see {@link
 * #referenceStart(long, int, long)}.
 */
public final class DsagAggregator extends CacheAggregator {

    /** An empty cache over n samples; the first iteration is {@code firstIteration}. */
    public DsagAggregator(long n, int dimension, long firstIteration) {
        super(new GradientCache(n, dimension), firstIteration);
    }

    private DsagAggregator(GradientCache cache, long firstIteration) {
        super(cache, firstIteration);
    }

    /**
     * [R]'s start: one zero entry [1, n] stamped {@code firstIteration − 1}, so ξ = 1 and H = 0
     * until the first result evicts it.
     */
    public static DsagAggregator referenceStart(long n, int dimension, long firstIteration) {
        GradientCache cache =
                GradientCache.initiallyCovering(n, firstIteration - 1, new double[dimension]);
        return new DsagAggregator(cache, firstIteration);
    }

    @Override
    public OfferResult offer(long first, long last, long computedAt, double[] payload) {
        checkNotFromFuture(computedAt);
        return store(first, last, computedAt, payload);
    }
}
