package io.codedyarn.coordinator.async;

/**
 * Shared part of DSAG and SAG: a {@link GradientCache} whose estimate is H/ξ (DSAG §IV-B, "Dividing
 * by ξ speeds up the early iterations, before the cache covers all samples").
 */
abstract class CacheAggregator implements GradientAggregator {
    protected final GradientCache cache;
    private long iteration;
    private RecutHold hold; // null: DSAG's eviction rule as the paper has it

    CacheAggregator(GradientCache cache, long firstIteration) {
        this.cache = cache;
        this.iteration = firstIteration;
    }

    @Override
    public void beginIteration(long t) {
        if (t < iteration) {
            throw new IllegalArgumentException(
                    "iterations must not decrease: " + t + " < " + iteration);
        }
        iteration = t;
    }

    @Override
    public long iteration() {
        return iteration;
    }

    protected void checkNotFromFuture(long computedAt) {
        if (computedAt > iteration) {
            throw new IllegalArgumentException(
                    "result computed at iterate " + computedAt + " > current " + iteration);
        }
    }

    /**
     * SAG's and SGD's rule: a result computed at the current iterate enters the cache, any older
     * one is dropped ({@link OfferResult#DISCARDED_STALE}).
     */
    protected OfferResult offerFreshOnly(long first, long last, long computedAt, double[] payload) {
        checkNotFromFuture(computedAt);
        if (computedAt != iteration()) {
            return OfferResult.DISCARDED_STALE;
        }
        return store(first, last, computedAt, payload);
    }

    /**
     * From now on a result that covers a cached entry only in part is held until the held results
     * cover it whole ({@link RecutHold}): what the load balancer's re-cuts need so that ξ never
     * drops.
     */
    public void keepCoverageAcrossRecuts() {
        if (hold == null) {
            hold = new RecutHold();
        }
    }

    /** Inserts into the cache, through the re-cut hold when it is on. */
    protected OfferResult store(long first, long last, long computedAt, double[] payload) {
        return hold == null
                ? cache.insert(first, last, computedAt, payload)
                : hold.offer(cache, first, last, computedAt, payload);
    }

    /**
     * Restores a checkpointed state: the cache's and the current iteration (the cache's entries
     * keep the iterations they were computed at).
     */
    public void restore(GradientCache.State state, long currentIteration) {
        cache.restore(state);
        this.iteration = currentIteration;
    }

    @Override
    public double coverage() {
        return cache.coverage();
    }

    /** H/ξ = (n / covered samples)·H. */
    @Override
    public double[] estimate() {
        long covered = cache.coveredSamples();
        if (covered == 0) {
            throw new IllegalStateException("no sample covered yet (ξ = 0): H/ξ is undefined");
        }
        double scale = (double) cache.n() / covered;
        double[] h = cache.sum();
        for (int k = 0; k < h.length; k++) {
            h[k] *= scale;
        }
        return h;
    }

    /**
     * Read access to the cache (for diagnostics, tests and {@link GradientCache#recomputeSum()}).
     */
    public GradientCache cache() {
        return cache;
    }
}
