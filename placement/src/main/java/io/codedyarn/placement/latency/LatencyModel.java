package io.codedyarn.placement.latency;

/**
 * Per-worker, per-iteration completion times, seeded and stateful over iterations (Markov models).
 * Iterations are sampled in order 0, 1, 2, ...
 *
 * <p>Unit of load ({@link LoadUnit}): one worker's uncoded share of the dataset, n/N rows, the same
 * for every scheme. A task over a fraction f of the data has load f·N (uncoded: 1; cyclic with s
 * stragglers: s+1), NOT its count of the scheme's partitions, which would charge schemes with finer
 * partitions more for the same rows. Model parameters "per unit of load" (shifted-exp α and μ,
 * exp/Pareto η, gamma computation moments) are per n/N rows.
 *
 * <p>Common random numbers: every model draws the same number of variates per worker and iteration
 * whatever the loads, so two schemes simulated with equally seeded models see the same underlying
 * randomness and their difference is not Monte-Carlo noise.
 */
public interface LatencyModel {

    int workers();

    /**
     * Advances to iteration {@code t} (models with state switch at the start of an iteration) and
     * writes worker i's completion time for {@code load[i]} units of work ({@link LoadUnit}: n/N
     * rows each) into {@code out[i]}. A worker with load 0 still has its variates drawn (common
     * random numbers) and gets time 0.
     */
    void sample(int t, double[] load, double[] out);

    /**
     * Whether each worker is in its slow state in the iteration last sampled (perfect straggler
     * state information). Models without states call a worker slow when its rate is below the
     * median rate; the default says nobody is.
     */
    default boolean[] slow() {
        return new boolean[workers()];
    }

    /**
     * The current per-worker rates (higher = faster) of heterogeneous rate models, as of the
     * iteration last sampled; null for models without rates.
     */
    default double[] rates() {
        return null;
    }
}
