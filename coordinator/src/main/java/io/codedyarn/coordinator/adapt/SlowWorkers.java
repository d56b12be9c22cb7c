package io.codedyarn.coordinator.adapt;

import io.codedyarn.placement.straggler.StragglerDetector;

/**
 * Persistent slowness, judged from measured latencies: each worker's latencies per unit of load go
 * into a {@link StragglerDetector} (median of its last {@code window} samples against the median
 * and MAD across workers, HDFS's slow-node rule); a worker is <i>persistently</i> slow once it has
 * at least {@code window / 2} samples and was judged slow in {@code patience} consecutive
 * judgements spanning at least {@code persistSeconds}. One slow round, or a pause of a second (a
 * garbage collection, a JVM starting beside it), is what coding absorbs; only a worker slow for
 * longer is worth a replacement, which costs a container start and a reload (13–21 s measured on
 * the embedded cluster of a 2-core machine).
 *
 * <p>A replaced worker starts afresh: its samples and streak are forgotten ({@link #reset}), and it
 * is judged only once it has a full window of its own.
 */
public final class SlowWorkers {
    private final int window;
    private final int patience;
    private final double factor;
    private final StragglerDetector detector;
    private final int[] samples;
    private final int[] streak;
    private final double[] since;
    private final boolean[] fresh;
    private final double persistSeconds;

    /**
     * @param factor a slow worker's median is more than this many times the cluster's median (and 3
     *     scaled MADs above it)
     */
    public SlowWorkers(
            int workers,
            int window,
            int patience,
            double factor,
            double minimum,
            double persistSeconds) {
        if (window < 2 || patience < 1 || !(factor > 1)) {
            throw new IllegalArgumentException(
                    "need window >= 2, patience >= 1, factor > 1; got "
                            + window
                            + ", "
                            + patience
                            + ", "
                            + factor);
        }
        this.window = window;
        this.patience = patience;
        this.factor = factor;
        this.detector = new StragglerDetector(workers, window, 3, factor, minimum);
        this.samples = new int[workers];
        this.streak = new int[workers];
        this.since = new double[workers];
        this.fresh = new boolean[workers];
        this.persistSeconds = persistSeconds;
    }

    /** One measured latency (seconds) of a task of {@code load} units of work. */
    public void record(int worker, double seconds, double load) {
        if (!(load > 0) || !(seconds >= 0) || Double.isInfinite(seconds)) {
            return;
        }
        detector.record(worker, seconds / load);
        samples[worker]++;
    }

    /**
     * Judges every worker at time {@code now} (seconds); returns per worker whether it is now
     * persistently slow (slow in {@code patience} consecutive judgements with enough samples, the
     * first of them at least {@code persistSeconds} ago).
     */
    public boolean[] judge(double now) {
        boolean[] slow = detector.classify();
        boolean[] out = new boolean[slow.length];
        for (int i = 0; i < slow.length; i++) {
            boolean enough = samples[i] >= (fresh[i] ? window : window / 2);
            if (slow[i] && enough) {
                if (streak[i] == 0) {
                    since[i] = now;
                }
                streak[i]++;
            } else {
                streak[i] = 0;
            }
            out[i] = streak[i] >= patience && now - since[i] >= persistSeconds;
        }
        return out;
    }

    /** Forgets worker w's samples and streak (a new incarnation). */
    public void reset(int worker) {
        detector.forget(worker);
        samples[worker] = 0;
        streak[worker] = 0;
        fresh[worker] = true;
    }

    public int samples(int worker) {
        return samples[worker];
    }

    /** The worker's median latency per unit of load at the last judgement. */
    public double median(int worker) {
        return detector.median(worker);
    }

    /** The median over the workers at the last judgement. */
    public double clusterMedian() {
        return detector.clusterMedian();
    }

    public double factor() {
        return factor;
    }

    public int window() {
        return window;
    }
}
