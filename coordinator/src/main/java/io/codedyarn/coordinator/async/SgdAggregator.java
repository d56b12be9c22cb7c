package io.codedyarn.coordinator.async;

/**
 * The "ignoring-stragglers SGD" baseline of DSAG §VII: only this iteration's fresh results count,
 * rescaled to be unbiased, and nothing is remembered across iterations:
 *
 * <pre>
 *   estimate = (n / n_processed) · Σ_{fresh results of iteration t} Y^(t)_{i:j}
 * </pre>
 *
 * where n_processed is the number of samples those results cover ([R]: ∇ = Σ/(n_processed/n)). This
 * is exactly H/ξ of a cache that is cleared at every {@link #beginIteration(long)} and admits only
 * fresh results, which is how it is implemented. Example: n = 10, fresh Y_{1:2} = 1 and Y_{6:7} = 3
 * → estimate = (10/4)·4 = 10.
 *
 * <p>With disjoint worker data the fresh results of one iteration never overlap. Should they
 * (replicated data), the later of two overlapping fresh results is dropped rather than double
 * counted — the reference would sum both.
 */
public final class SgdAggregator extends CacheAggregator {

    public SgdAggregator(long n, int dimension, long firstIteration) {
        super(new GradientCache(n, dimension), firstIteration);
    }

    @Override
    public void beginIteration(long t) {
        super.beginIteration(t);
        cache.clear(); // no memory across iterations
    }

    @Override
    public OfferResult offer(long first, long last, long computedAt, double[] payload) {
        return offerFreshOnly(first, last, computedAt, payload);
    }
}
