package io.codedyarn.coordinator.simulated;

import io.codedyarn.compute.task.Task;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.slowdown.Slowdown;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * When the tasks sent to the simulated workers finish. The tasks sent together (one broadcast: all
 * sent between two polls) share one draw of the latency model ({@link LatencyModel#sample} with the
 * broadcast's index), so Markov models advance once per broadcast. Task load = rows / (n / N): the
 * rows the task touches in shares of n/N rows (n rows, N workers), the unit of every latency model
 * ({@link LoadUnit}), whatever the plan's partition count K. (It was rows / (n / K), the plan's
 * partitions, which charged schemes with K &gt; N — hetero-gc, BCC with many partitions,
 * uncoded/SAG/DSAG with {@code --partitions} — K/N times too much.)
 *
 * <p>A worker computes one task at a time: a task sent while it is busy starts when it finishes,
 * and a newer task replaces a queued one that has not started (the real worker's "newest wins"
 * queue). A task's time is the model's plus its worker's injected slowness ({@link
 * SimulatedCluster#straggle}).
 */
final class Broadcasts {
    /** A task sent and not timed yet. */
    private record Sent(int worker, Task task) {}

    private final SimulatedCluster.TaskLatency latency;
    private final ManualClock clock;
    private final TaskLoads loads;
    private final Timeline timeline;
    private final List<Sent> sent = new ArrayList<>();
    private final List<Sent> backups = new ArrayList<>();
    private final double[] perUnit; // each worker's model seconds per unit in its last draw
    private final long[] busyUntil;
    private Slowdown[] slowdowns;
    private int count;

    Broadcasts(
            SimulatedCluster.TaskLatency latency,
            ManualClock clock,
            TaskLoads loads,
            Timeline timeline,
            int n) {
        this.latency = latency;
        this.clock = clock;
        this.loads = loads;
        this.timeline = timeline;
        this.busyUntil = new long[n];
        this.perUnit = new double[n];
        java.util.Arrays.fill(perUnit, Double.NaN);
    }

    void send(int worker, Task task) {
        sent.add(new Sent(worker, task));
    }

    /**
     * A backup task (another worker's codeword within the round): timed at the worker's model
     * seconds per unit of its last draw, not by a draw of its own, so that a Markov model's states
     * advance once per round with or without backups; a worker never drawn gets a draw.
     */
    void sendBackup(int worker, Task task) {
        (Double.isNaN(perUnit[worker]) ? sent : backups).add(new Sent(worker, task));
    }

    /** Each worker's injected slowness from now on (one per worker). */
    void straggle(Slowdown[] perWorker) {
        this.slowdowns = perWorker;
    }

    /** A replacement took over {@code worker}: idle from now on, with its node's slowness. */
    void restart(int worker, Slowdown slowdown) {
        busyUntil[worker] = clock.nanos();
        slowdowns[worker] = slowdown;
    }

    /** Broadcasts sampled so far. */
    int count() {
        return count;
    }

    /**
     * Samples {@code count} broadcasts with zero load and drops their times (the latency model then
     * stands where a run that had sent them would: see {@link SimulatedCluster#skipBatches}).
     */
    void skip(int count) {
        if (this.count != 0) {
            throw new IllegalStateException("skipBatches before the first broadcast only");
        }
        int n = busyUntil.length;
        double[] load = new double[n];
        double[] times = new double[n];
        while (this.count < count) {
            latency.sample(this.count++, load, times);
        }
    }

    /**
     * Times the tasks sent since the last flush with one latency draw and puts each on the timeline
     * unless its worker goes silent first ({@code silentAt}: when it fails or goes quiet, in ns).
     */
    void flush(IntToLongFunction silentAt) {
        long now = clock.nanos();
        if (!sent.isEmpty()) {
            int n = busyUntil.length;
            double[] load = new double[n];
            for (Sent b : sent) {
                load[b.worker()] = loads.of(b.task());
            }
            double[] times = new double[n];
            latency.sample(count++, load, times);
            for (Sent b : sent) {
                int w = b.worker();
                perUnit[w] = load[w] > 0 ? times[w] / load[w] : Double.NaN;
                start(b, times[w], now, silentAt);
            }
            sent.clear();
        }
        for (Sent b : backups) {
            start(b, perUnit[b.worker()] * loads.of(b.task()), now, silentAt);
        }
        backups.clear();
    }

    /** Puts a task of {@code seconds} model time (before injected slowness) on the timeline. */
    private void start(Sent b, double seconds, long now, IntToLongFunction silentAt) {
        int w = b.worker();
        Task task = b.task();
        long waiting = timeline.dropWaiting(w, now); // newest wins: it never started
        long start = waiting >= 0 ? waiting : Math.max(now, busyUntil[w]);
        if (slowdowns != null) {
            seconds += slowdowns[w].delaySeconds(task.iteration(), seconds);
        }
        long done = start + (long) Math.ceil(seconds * 1e9);
        busyUntil[w] = done;
        if (done >= silentAt.applyAsLong(w)) {
            return; // dies, or goes quiet, before it finishes
        }
        timeline.task(done, w, task, start, now);
    }
}
