package io.codedyarn.coordinator;

import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.worker.task.Piece;
import io.codedyarn.worker.task.Task;
import io.codedyarn.worker.task.TaskExecutor;
import io.codedyarn.worker.task.TaskResult;
import io.codedyarn.worker.task.WorkUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * In-process workers on simulated time ({@code --cluster simulated}, and the coordinator's unit
 * tests): each worker is a {@link TaskExecutor} over its real partitions, so results are the real
 * kernels' results, but WHEN a result arrives comes from a latency model, and the coordinator's
 * {@link ManualClock} jumps from arrival to arrival. A worker computes one task at a time; a task
 * sent while it is busy starts when it finishes, and a newer task replaces a queued one that has
 * not started (the real worker's "newest wins" queue).
 *
 * <p>The tasks sent together (one broadcast) share one draw of the latency model ({@link
 * LatencyModel#sample} with the broadcast's index), so Markov models advance once per broadcast.
 * Task load = rows / (n / N): the rows the task touches in shares of n/N rows (n rows, N workers),
 * the unit of every latency model ({@link LoadUnit}), whatever the plan's partition count K. (It
 * was rows / (n / K), the plan's partitions, which charged schemes with K &gt; N — hetero-gc, BCC
 * with many partitions, uncoded/SAG/DSAG with {@code --partitions} — K/N times too much.)
 */
public final class SimulatedCluster implements WorkerPort, EventSource {

    /** Completion time of one task (seconds) — a latency model, or a scripted one in tests. */
    @FunctionalInterface
    public interface TaskLatency {
        /**
         * Times for the tasks of broadcast {@code batch}: {@code load[w]} ({@link LoadUnit}s of n/N
         * rows; 0 for workers not in the batch) → {@code out[w]} seconds.
         */
        void sample(int batch, double[] load, double[] out);

        static TaskLatency of(LatencyModel model) {
            return model::sample;
        }
    }

    private record Pending(
            long at, long seq, int worker, CoordinatorEvent event, Task task, long start) {}

    private final List<TaskExecutor> workers;
    private final TaskLatency latency;
    private final ManualClock clock;
    private final long totalRows;
    private final int[] partitionRows;
    private final PriorityQueue<Pending> queue =
            new PriorityQueue<>(
                    Comparator.comparingLong(Pending::at).thenComparingLong(Pending::seq));
    private final List<Object[]> batch = new ArrayList<>();
    private final long[] busyUntil;
    private final Pending[] queued;
    private final long[] failAt;
    private long seq;
    private int batches;
    private double communication;

    /**
     * @param partitionRows rows of each plan partition (to turn pieces into rows, then loads)
     */
    public SimulatedCluster(
            List<TaskExecutor> workers,
            long[] partitionRows,
            TaskLatency latency,
            ManualClock clock) {
        this.workers = List.copyOf(workers);
        this.latency = latency;
        this.clock = clock;
        this.partitionRows = new int[partitionRows.length];
        long total = 0;
        for (int j = 0; j < partitionRows.length; j++) {
            this.partitionRows[j] = Math.toIntExact(partitionRows[j]);
            total += partitionRows[j];
        }
        this.totalRows = total;
        int n = workers.size();
        this.busyUntil = new long[n];
        this.queued = new Pending[n];
        this.failAt = new long[n];
        java.util.Arrays.fill(failAt, Long.MAX_VALUE);
        for (int w = 0; w < n; w++) {
            push(
                    clock.nanos(),
                    w,
                    new CoordinatorEvent.WorkerReady(w, "simulated-" + w, 0),
                    null,
                    0);
        }
    }

    /** In-process workers holding {@code plan}'s partitions of {@code data} for {@code spec}. */
    public static SimulatedCluster over(
            io.codedyarn.placement.Plan plan,
            io.codedyarn.worker.data.Rows data,
            TrainSpec spec,
            TaskLatency latency,
            ManualClock clock) {
        return new SimulatedCluster(
                InProcessWorkers.executors(
                        plan,
                        data,
                        spec.workload(),
                        spec.components(),
                        spec.intercept(),
                        clock::nanos),
                InProcessWorkers.shape(data, plan.partitions()).partitionRows(),
                latency,
                clock);
    }

    /** Worker w dies at simulated second s: a WorkerFailed event, nothing from it after that. */
    public SimulatedCluster failAt(int worker, double seconds) {
        long at = (long) (seconds * 1e9);
        failAt[worker] = at;
        push(at, worker, new CoordinatorEvent.WorkerFailed(worker, "simulated failure"), null, at);
        return this;
    }

    /**
     * Reports a fraction of each task's simulated time as communication rather than computation
     * (the worker's own compute time = (1 − f) × latency): DSAG's latency profiler needs both
     * components (default 0: the whole time is computation).
     */
    public SimulatedCluster communicationFraction(double f) {
        if (!(f >= 0 && f < 1)) {
            throw new IllegalArgumentException(
                    "communication fraction must be in [0, 1), got " + f);
        }
        this.communication = f;
        return this;
    }

    @Override
    public int workers() {
        return workers.size();
    }

    @Override
    public void send(int worker, Task task) {
        batch.add(new Object[] {worker, task});
    }

    @Override
    public void close() {
        queue.clear();
    }

    @Override
    public CoordinatorEvent poll(long timeoutNanos) {
        flush();
        Pending next = queue.peek();
        long now = clock.nanos();
        long limit = timeoutNanos >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + timeoutNanos;
        if (next == null) {
            if (limit == Long.MAX_VALUE) {
                throw new IllegalStateException(
                        "simulated cluster: nothing in flight, the coordinator would wait forever");
            }
            clock.advanceTo(limit);
            return null;
        }
        if (next.at() > limit) {
            clock.advanceTo(limit);
            return null;
        }
        queue.poll();
        clock.advanceTo(Math.max(now, next.at()));
        if (next.task() != null) {
            if (queued[next.worker()] == next) {
                queued[next.worker()] = null;
            }
            TaskResult r = workers.get(next.worker()).execute(next.task());
            return new CoordinatorEvent.ResultArrived(
                    new TaskResult(
                            r.worker(),
                            r.round(),
                            r.values(),
                            (long) ((next.at() - next.start()) * (1 - communication))));
        }
        return next.event();
    }

    /** Schedules the tasks sent since the last poll with one latency draw. */
    private void flush() {
        if (batch.isEmpty()) {
            return;
        }
        int n = workers.size();
        double[] load = new double[n];
        for (Object[] b : batch) {
            load[(int) b[0]] = load((Task) b[1]);
        }
        double[] times = new double[n];
        latency.sample(batches++, load, times);
        long now = clock.nanos();
        for (Object[] b : batch) {
            int w = (int) b[0];
            Task task = (Task) b[1];
            long start = Math.max(now, busyUntil[w]);
            if (queued[w] != null && queued[w].start() > now) {
                queue.remove(queued[w]); // newest wins: the queued task never started
                start = queued[w].start();
                queued[w] = null;
            }
            long done = start + (long) Math.ceil(times[w] * 1e9);
            busyUntil[w] = done;
            if (done >= failAt[w]) {
                continue; // dies before it finishes
            }
            Pending p = push(done, w, null, task, start);
            if (start > now) {
                queued[w] = p;
            }
        }
        batch.clear();
    }

    private Pending push(long at, int worker, CoordinatorEvent event, Task task, long start) {
        Pending p = new Pending(at, seq++, worker, event, task, start);
        queue.add(p);
        return p;
    }

    private double load(Task task) {
        long rows = 0;
        for (WorkUnit u : task.units()) {
            for (Piece p : u.pieces()) {
                rows +=
                        p.rowCount() < 0
                                ? partitionRows[p.partition()] - p.firstRow()
                                : p.rowCount();
            }
        }
        return LoadUnit.ofRows(rows, totalRows, workers.size());
    }
}
