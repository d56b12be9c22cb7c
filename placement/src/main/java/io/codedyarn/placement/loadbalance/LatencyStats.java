package io.codedyarn.placement.loadbalance;

/**
 * Per-worker latency moments at a partitioning p (DSAG §VI-A): communication e_Y,i, v_Y,i and
 * computation e_Z,i, v_Z,i when worker i splits its rows into p_i subpartitions. Immutable.
 *
 * <p>Changing the load follows DSAG's linearisation (§VI-B, digest §7 item 11): e'_Z = e_Z·p/p',
 * v'_Z = v_Z·(p/p')²; communication does not change. (DSAG Fig. 1 suggests variance ∝ load, i.e.
 * p/p'; the paper and the reference use the square, and so does this class.)
 */
public final class LatencyStats {
    private final double[] commMean;
    private final double[] commVar;
    private final double[] compMean;
    private final double[] compVar;
    private final int[] p;
    private final double[] commError; // squared standard errors of the means; null: not known
    private final double[] compError;
    private final int[] samples; // samples behind each worker's means; null: not known

    public LatencyStats(
            double[] commMean, double[] commVar, double[] compMean, double[] compVar, int[] p) {
        this(commMean, commVar, compMean, compVar, p, null, null, null);
    }

    private LatencyStats(
            double[] commMean,
            double[] commVar,
            double[] compMean,
            double[] compVar,
            int[] p,
            double[] commError,
            double[] compError,
            int[] samples) {
        int n = p.length;
        if (commMean.length != n
                || commVar.length != n
                || compMean.length != n
                || compVar.length != n
                || n == 0) {
            throw new IllegalArgumentException("need equal, non-zero numbers of moments");
        }
        for (int i = 0; i < n; i++) {
            if (!(commMean[i] >= 0)
                    || !(commVar[i] >= 0)
                    || !(compMean[i] > 0)
                    || !(compVar[i] >= 0)
                    || p[i] < 1
                    || Double.isInfinite(commMean[i] + commVar[i] + compMean[i] + compVar[i])) {
                throw new IllegalArgumentException(
                        "worker " + i + ": need finite moments (computation mean > 0) and p >= 1");
            }
        }
        this.commMean = commMean.clone();
        this.commVar = commVar.clone();
        this.compMean = compMean.clone();
        this.compVar = compVar.clone();
        this.p = p.clone();
        if ((commError == null) != (compError == null)
                || (commError == null) != (samples == null)
                || (commError != null
                        && (commError.length != n
                                || compError.length != n
                                || samples.length != n))) {
            throw new IllegalArgumentException("need one standard error per worker");
        }
        this.commError = commError == null ? null : commError.clone();
        this.compError = compError == null ? null : compError.clone();
        this.samples = samples == null ? null : samples.clone();
    }

    /**
     * These moments with the squared standard errors of the communication and computation means (at
     * p), as the profiler estimated them from its window, and the number of samples behind each
     * worker's means.
     */
    public LatencyStats withErrors(double[] commMeanError, double[] compMeanError, int[] samples) {
        return new LatencyStats(
                commMean, commVar, compMean, compVar, p, commMeanError, compMeanError, samples);
    }

    /** Whether the standard errors of the means are known ({@link #withErrors}). */
    public boolean hasErrors() {
        return compError != null;
    }

    /** The squared standard error of e_Y,i (requires {@link #hasErrors}). */
    public double commMeanError(int i) {
        return commError[i];
    }

    /** The samples behind worker i's means (requires {@link #hasErrors}). */
    public int samples(int i) {
        return samples[i];
    }

    /** The squared standard error of e_Z,i at p_i (requires {@link #hasErrors}). */
    public double compMeanError(int i) {
        return compError[i];
    }

    public int workers() {
        return p.length;
    }

    public double commMean(int i) {
        return commMean[i];
    }

    public double commVar(int i) {
        return commVar[i];
    }

    public double compMean(int i) {
        return compMean[i];
    }

    public double compVar(int i) {
        return compVar[i];
    }

    /** The p_i the computation moments hold at. */
    public int p(int i) {
        return p[i];
    }

    /** e'_Z,i = e_Z,i·p_i/p'. */
    public double compMeanAt(int i, double pNew) {
        return compMean[i] * p[i] / pNew;
    }

    /** v'_Z,i = v_Z,i·(p_i/p')². */
    public double compVarAt(int i, double pNew) {
        double r = p[i] / pNew;
        return compVar[i] * r * r;
    }

    /** e'_X,i = e_Y,i + e'_Z,i. */
    public double meanAt(int i, double pNew) {
        return commMean[i] + compMeanAt(i, pNew);
    }

    /**
     * These moments with other communication and computation means (the spreads, p, the standard
     * errors and sample counts unchanged).
     */
    public LatencyStats withMeans(double[] newCommMean, double[] newCompMean) {
        return new LatencyStats(
                newCommMean, commVar, newCompMean, compVar, p, commError, compError, samples);
    }

    /** The same workers' moments re-expressed at partitioning q. */
    public LatencyStats at(int[] q) {
        double[] m = new double[q.length];
        double[] v = new double[q.length];
        for (int i = 0; i < q.length; i++) {
            m[i] = compMeanAt(i, q[i]);
            v[i] = compVarAt(i, q[i]);
        }
        return new LatencyStats(commMean, commVar, m, v, q);
    }

    /** A simulator for these moments. */
    public EventDrivenSimulator simulator() {
        return new EventDrivenSimulator(commMean, commVar, compMean, compVar);
    }
}
