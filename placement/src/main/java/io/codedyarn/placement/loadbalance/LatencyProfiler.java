package io.codedyarn.placement.loadbalance;

import java.util.Arrays;
import java.util.Optional;

/**
 * DSAG's latency profiler (§VI-A, digest §5.1, reference {@code profiling.jl}). Per result from
 * worker i the coordinator records the worker-measured computation time z and the round-trip time;
 * communication is y = RTT − z. Per worker only samples from the last {@code window} seconds count
 * (a time window, not a count). Statistics, computed on demand at time {@code now}:
 *
 * <ul>
 *   <li>computation per unit of work, z/(θ_i·q) = z·p/θ_i with θ_i = n_i/n and q = 1/p (the p the
 *       sample was measured at), so samples at different p are comparable (DSAG fn. 15);
 *   <li>comp and comm are each sorted and trimmed to the order statistics ceil(m·0.1) ..
 *       floor(m·0.9) (1-based, the reference's 10–90 % quantile view), then mean and population
 *       variance (the reference's E[x²] − E[x]², here in two passes);
 *   <li>a result is used only if the trimmed set has ≥ minSamples values and all four moments are
 *       finite and &gt; 0 (the reference skips NaN, negative and ≈ 0 outputs); otherwise the worker
 *       keeps its last good statistics (the reference's load balancer keeps the last value it
 *       received), so a straggler that is silent for a window is not forgotten;
 *   <li>at partitioning p: e_Z,i = mc_i·θ_i/p_i, v_Z,i = vc_i·(θ_i/p_i)².
 * </ul>
 *
 * Stale results: their RTT includes waiting for an older task, so their y is not trusted; the mean
 * of the last N trusted (fresh) comm samples over all workers is used instead, as the reference
 * coordinator does; until there is one, a stale result contributes computation only.
 *
 * <p>Example (θ = 1/2, p = 4): z = 0.5 s gives 0.5·4·2 = 4 s per unit of work, i.e. a whole
 * worker's block at p = 1 would take θ·4 = 2 s. Timestamps are seconds from the caller's clock,
 * non-decreasing per worker.
 */
public final class LatencyProfiler {

    /** Window length (s), minimum trimmed samples, and the trimming quantiles. */
    public record Config(
            double window, int minSamples, double lowerQuantile, double upperQuantile) {
        public Config {
            if (!(window > 0)
                    || minSamples < 1
                    || !(lowerQuantile >= 0
                            && lowerQuantile <= upperQuantile
                            && upperQuantile <= 1)) {
                throw new IllegalArgumentException(
                        "need window > 0, minSamples >= 1, 0 <= lower <= upper <= 1");
            }
        }

        /** 10 s window, 10 samples (reference CLI default), 10–90 % trimming. */
        public static Config defaults() {
            return new Config(10.0, 10, 0.1, 0.9);
        }

        public Config withMinSamples(int m) {
            return new Config(window, m, lowerQuantile, upperQuantile);
        }

        public Config withWindow(double seconds) {
            return new Config(seconds, minSamples, lowerQuantile, upperQuantile);
        }
    }

    private final Config cfg;
    private final double[] theta;
    private final SampleWindow[] windows;
    private final double[] recentComm; // ring of the last N trusted comm samples
    private int recentCount;
    private int recentNext;
    private final double[] mc;
    private final double[] vc;
    private final double[] my;
    private final double[] vy;
    private final double[] sc; // squared standard error of mc (Tukey–McLaughlin)
    private final double[] sy; // squared standard error of my
    private final int[] kept; // samples left after trimming (the fewer of comp's and comm's)
    private final boolean[] known;

    /**
     * @param rows n_i, the rows stored by each worker (θ_i = n_i/n)
     */
    public LatencyProfiler(int[] rows, Config cfg) {
        this.cfg = cfg;
        int n = rows.length;
        long total = 0;
        for (int r : rows) {
            if (r < 1) {
                throw new IllegalArgumentException("every worker needs >= 1 row");
            }
            total += r;
        }
        theta = new double[n];
        windows = new SampleWindow[n];
        for (int i = 0; i < n; i++) {
            theta[i] = (double) rows[i] / total;
            windows[i] = new SampleWindow();
        }
        recentComm = new double[n];
        mc = new double[n];
        vc = new double[n];
        my = new double[n];
        vy = new double[n];
        sc = new double[n];
        sy = new double[n];
        kept = new int[n];
        known = new boolean[n];
    }

    /**
     * Records one result.
     *
     * @param computation z, measured by the worker (s)
     * @param roundTrip the coordinator's send-to-receive time (s); y = roundTrip − z
     * @param p the subpartition count the worker reports it used for this result
     * @param stale whether the result was computed at an older iterate
     */
    public void record(
            int worker,
            double timestamp,
            double computation,
            double roundTrip,
            int p,
            boolean stale) {
        if (p < 1 || Double.isNaN(timestamp)) {
            throw new IllegalArgumentException("need p >= 1 and a timestamp");
        }
        if (Double.isNaN(computation) || Double.isNaN(roundTrip)) {
            return; // the reference drops NaN inputs
        }
        double comm = roundTrip - computation;
        if (stale) {
            comm = recentCount == 0 ? Double.NaN : recentMean();
        } else {
            recentComm[recentNext] = comm;
            recentNext = (recentNext + 1) % recentComm.length;
            recentCount = Math.min(recentCount + 1, recentComm.length);
        }
        windows[worker].add(timestamp, computation * p / theta[worker], comm);
    }

    private double recentMean() {
        double s = 0;
        for (int k = 0; k < recentCount; k++) {
            s += recentComm[k];
        }
        return s / recentCount;
    }

    /**
     * Drops samples older than now − window, refreshes every worker's statistics and returns them
     * at partitioning p, or empty while some worker has never had valid statistics (the optimizer
     * does not start before that).
     */
    public Optional<LatencyStats> statistics(double now, int[] p) {
        int n = windows.length;
        if (p.length != n) {
            throw new IllegalArgumentException("p has " + p.length + " entries, expected " + n);
        }
        double[] buf = new double[0];
        double[] out = new double[4];
        boolean all = true;
        for (int i = 0; i < n; i++) {
            SampleWindow sw = windows[i];
            sw.dropBefore(now - cfg.window());
            if (buf.length < sw.size()) {
                buf = new double[sw.size()];
            }
            int m = sw.copyComp(buf);
            boolean ok = trimmedMoments(buf, m, out);
            double cm = out[0];
            double cv = out[1];
            double cs = out[2];
            double ck = out[3];
            m = sw.copyComm(buf);
            ok &= trimmedMoments(buf, m, out);
            if (ok && valid(cm) && valid(cv) && valid(out[0]) && valid(out[1])) {
                mc[i] = cm;
                vc[i] = cv;
                sc[i] = cs;
                my[i] = out[0];
                vy[i] = out[1];
                sy[i] = out[2];
                kept[i] = (int) Math.min(ck, out[3]);
                known[i] = true;
            }
            all &= known[i];
        }
        if (!all) {
            return Optional.empty();
        }
        double[] ez = new double[n];
        double[] vz = new double[n];
        double[] sz = new double[n];
        for (int i = 0; i < n; i++) {
            double s = theta[i] / p[i];
            ez[i] = mc[i] * s;
            vz[i] = vc[i] * s * s;
            sz[i] = sc[i] * s * s;
        }
        return Optional.of(new LatencyStats(my, vy, ez, vz, p).withErrors(sy, sz, kept));
    }

    private static boolean valid(double x) {
        return x > 0 && !Double.isInfinite(x);
    }

    /**
     * Trimmed mean, population variance, the trimmed mean's squared standard error and the number
     * of samples kept, of a[0..m), into out; false if too few remain. The standard error is Tukey
     * and McLaughlin's (1963), as Wilcox gives it: se² = m·s_w²/h², with s_w² the winsorized sample
     * variance (the trimmed values replaced by the nearest kept one, divisor m − 1) and h the
     * number kept; 0 when m = 1.
     */
    private boolean trimmedMoments(double[] a, int m, double[] out) {
        Arrays.sort(a, 0, m);
        int lo = Math.max(1, (int) Math.ceil(m * cfg.lowerQuantile())); // 1-based, inclusive
        int hi = Math.min(m, (int) Math.floor(m * cfg.upperQuantile()));
        int count = hi - lo + 1;
        if (count < cfg.minSamples()) {
            return false;
        }
        double s = 0;
        for (int k = lo - 1; k < hi; k++) {
            s += a[k];
        }
        double mean = s / count;
        double ss = 0;
        for (int k = lo - 1; k < hi; k++) {
            double d = a[k] - mean;
            ss += d * d;
        }
        out[0] = mean;
        out[1] = ss / count;
        double low = a[lo - 1];
        double high = a[hi - 1];
        double ws = 0;
        for (int k = 0; k < m; k++) {
            ws += Math.min(high, Math.max(low, a[k]));
        }
        double wm = ws / m;
        double wss = 0;
        for (int k = 0; k < m; k++) {
            double d = Math.min(high, Math.max(low, a[k])) - wm;
            wss += d * d;
        }
        out[2] = m < 2 ? 0 : m * (wss / (m - 1)) / ((double) count * count);
        out[3] = count;
        return true;
    }
}
