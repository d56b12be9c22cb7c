package io.codedyarn.coordinator.async;

/**
 * The SAG baseline of DSAG §VII: "DSAG with stale results discarded". Only results computed at the
 * current iterate V^(t) enter the cache; a stale one is dropped ({@link
 * OfferResult#DISCARDED_STALE}) even where it would have filled a gap. The estimate is H/ξ as in
 * DSAG. With w = N and p subpartitions per worker this is cyclic SAG; with w &lt; N the samples of
 * persistent stragglers never enter the cache and the method stalls (§VII).
 */
public final class SagAggregator extends CacheAggregator {

    public SagAggregator(long n, int dimension, long firstIteration) {
        super(new GradientCache(n, dimension), firstIteration);
    }

    @Override
    public OfferResult offer(long first, long last, long computedAt, double[] payload) {
        return offerFreshOnly(first, last, computedAt, payload);
    }
}
