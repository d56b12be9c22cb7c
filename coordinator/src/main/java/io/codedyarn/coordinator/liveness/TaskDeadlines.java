package io.codedyarn.coordinator.liveness;

import java.util.Arrays;
import java.util.Locale;

/**
 * How long a worker may stay silent on a task before it counts as hung: each answered task's
 * service time per unit of load (seconds the worker spent on it, its queueing behind an earlier
 * task excluded) goes into the worker's window; a task of load L begun at time t is overdue at
 *
 * <pre>  t + max(floor, factor × max(q_w, q_all) × L)</pre>
 *
 * with q_w the high quantile of the worker's own window and q_all that of all the workers' windows
 * pooled. A worker slow by nature (a weak host, an injected straggle) is judged against its own
 * slowness, a fast one against the slowest usual task, and only silence far beyond both counts as a
 * hang.
 *
 * <p>A worker that has answered no task yet has no task deadline: nothing says how long its first
 * task takes (measured: a worker 300 × slower than the others was declared hung on its first task
 * by a floor-only deadline, and so would every worker of a job whose tasks take longer than the
 * floor). Its connection's keepalive still finds it frozen or stopped, and the slow-worker detector
 * finds it slow.
 *
 * <p>Not thread-safe: the coordinator's thread owns it.
 */
public final class TaskDeadlines {
    private final LivenessSettings settings;
    private final double[][] ring;
    private final int[] count;
    private final double[] quantile; // per worker, per unit of load; NaN: none answered yet
    private double pooled = Double.NaN;
    private boolean pooledStale;

    public TaskDeadlines(int workers, LivenessSettings settings) {
        this.settings = settings;
        this.ring = new double[workers][settings.window()];
        this.count = new int[workers];
        this.quantile = new double[workers];
        Arrays.fill(quantile, Double.NaN);
    }

    /** One answered task: {@code seconds} of service for {@code load} units of work. */
    public void record(int worker, double seconds, double load) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            return;
        }
        double perUnit = seconds / scale(load);
        ring[worker][count[worker] % ring[worker].length] = perUnit;
        count[worker]++;
        int own = Math.min(count[worker], ring[worker].length);
        quantile[worker] = quantile(Arrays.copyOf(ring[worker], own));
        pooledStale = true;
    }

    /** A worker's new incarnation (a replacement) starts with no history of its own. */
    public void reset(int worker) {
        count[worker] = 0;
        quantile[worker] = Double.NaN;
        pooledStale = true;
    }

    /**
     * Seconds a task of {@code load} units may take on {@code worker} before it is overdue;
     * infinite while the worker has answered none.
     */
    public double allowance(int worker, double load) {
        double q = perUnit(worker);
        if (Double.isNaN(q)) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(settings.floorSeconds(), settings.factor() * q * scale(load));
    }

    /** Why a task that took {@code silentSeconds} so far is overdue, for the diagnostic. */
    public String explain(int worker, double load, double silentSeconds) {
        double q = perUnit(worker);
        String basis =
                Double.isNaN(q)
                        ? "none: it has answered no task yet"
                        : String.format(
                                Locale.ROOT,
                                "%s × the %s quantile %s s per unit of load of %s service times"
                                        + " × load %s, at least %s s",
                                fmt(settings.factor()),
                                fmt(settings.quantile()),
                                fmt(q),
                                quantile[worker] >= pooled() ? "its own" : "the workers'",
                                fmt(scale(load)),
                                fmt(settings.floorSeconds()));
        return String.format(
                Locale.ROOT,
                "no answer for %s s while its connection stays open (deadline %s s: %s)",
                fmt(silentSeconds),
                fmt(allowance(worker, load)),
                basis);
    }

    private double perUnit(int worker) {
        double own = quantile[worker];
        return Double.isNaN(own) ? Double.NaN : Math.max(own, pooled());
    }

    private double pooled() {
        if (pooledStale) {
            pooledStale = false;
            int total = 0;
            for (int w = 0; w < ring.length; w++) {
                total += Math.min(count[w], ring[w].length);
            }
            if (total == 0) {
                pooled = Double.NaN;
            } else {
                double[] all = new double[total];
                int k = 0;
                for (int w = 0; w < ring.length; w++) {
                    int own = Math.min(count[w], ring[w].length);
                    System.arraycopy(ring[w], 0, all, k, own);
                    k += own;
                }
                pooled = quantile(all);
            }
        }
        return pooled;
    }

    /** The settings' quantile of {@code values} (nearest rank, so 1.0 is the maximum). */
    private double quantile(double[] values) {
        Arrays.sort(values);
        int rank = (int) Math.ceil(settings.quantile() * values.length);
        return values[Math.max(0, Math.min(values.length - 1, rank - 1))];
    }

    /** A task's load as a multiplier: setup tasks and unmeasured loads count as one unit. */
    private static double scale(double load) {
        return load > 0 && Double.isFinite(load) ? load : 1;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
