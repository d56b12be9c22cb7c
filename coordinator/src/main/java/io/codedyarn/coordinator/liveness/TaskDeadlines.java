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
 * <p>A worker that has answered no task yet is judged against the others only, with the start's
 * floor: its task is overdue at {@code t + max(startFloor, factor × q_all × L)}, and while no
 * worker has answered anything there is no task deadline at all. Nothing but the others says how
 * long a first task takes: a floor-only deadline declared a worker 300 × slower than the others
 * hung on its first task (YarnTrainIT#aSlowNode, tasks of about 6 s), and would every worker of a
 * job whose tasks take longer than the floor; with no deadline, a JVM that answers its connection's
 * keepalive but never finishes its first task stalled, for good, a round that needs it.
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
     * infinite while no worker has answered any.
     */
    public double allowance(int worker, double load) {
        if (Double.isNaN(quantile[worker])) {
            double all = pooled();
            return Double.isNaN(all)
                    ? Double.POSITIVE_INFINITY
                    : Math.max(settings.startFloorSeconds(), settings.factor() * all * scale(load));
        }
        return Math.max(settings.floorSeconds(), settings.factor() * perUnit(worker) * scale(load));
    }

    /** Why a task that took {@code silentSeconds} so far is overdue, for the diagnostic. */
    public String explain(int worker, double load, double silentSeconds) {
        double q = perUnit(worker);
        String basis =
                Double.isNaN(q)
                        ? firstTask(load)
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

    private String firstTask(double load) {
        double all = pooled();
        return Double.isNaN(all)
                ? "none: no worker has answered a task yet"
                : String.format(
                        Locale.ROOT,
                        "its first task: %s × the workers' %s quantile %s s per unit of load × load"
                                + " %s, at least %s s",
                        fmt(settings.factor()),
                        fmt(settings.quantile()),
                        fmt(all),
                        fmt(scale(load)),
                        fmt(settings.startFloorSeconds()));
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
