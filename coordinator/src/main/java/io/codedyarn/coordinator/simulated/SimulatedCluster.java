package io.codedyarn.coordinator.simulated;

import io.codedyarn.compute.task.Piece;
import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskExecutor;
import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.compute.task.WorkUnit;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventSource;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.slowdown.Slowdown;
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

    /** Builds worker w's executor over the partitions {@code hold} (in-process {@link #load}). */
    @FunctionalInterface
    public interface Reloader {
        TaskExecutor executor(int worker, int[] hold);
    }

    private final List<TaskExecutor> workers;
    private Reloader reloader;
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
    private final long[] hangAt;
    private String replacementsFail; // non-null: every replacement fails to start, with this
    private Slowdown[] slowdowns;
    private Nodes nodes;
    private String[] standby;
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
        this.workers = new ArrayList<>(workers);
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
        this.hangAt = new long[n];
        java.util.Arrays.fill(hangAt, Long.MAX_VALUE);
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
            io.codedyarn.compute.data.Rows data,
            TrainSpec spec,
            TaskLatency latency,
            ManualClock clock) {
        SimulatedCluster c =
                new SimulatedCluster(
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
        java.util.Map<Integer, io.codedyarn.compute.data.Rows> cache = new java.util.HashMap<>();
        c.reloader =
                (w, hold) -> {
                    java.util.Map<Integer, io.codedyarn.compute.data.Rows> mine =
                            new java.util.HashMap<>();
                    for (int j : hold) {
                        mine.put(
                                j,
                                cache.computeIfAbsent(
                                        j,
                                        p ->
                                                InProcessWorkers.partition(
                                                        data,
                                                        plan.partitions(),
                                                        p,
                                                        spec.intercept())));
                    }
                    return new TaskExecutor(
                            w, mine, spec.workload(), spec.components(), clock::nanos);
                };
        return c;
    }

    /**
     * The worker holds {@code add ∪ retain} from now on (in-process: at once; the loaded event
     * comes now).
     */
    @Override
    public boolean load(int worker, int[] add, int[] retain) {
        if (reloader == null) {
            return false;
        }
        int[] hold = WorkerPort.held(add, retain);
        workers.set(worker, reloader.executor(worker, hold));
        long now = clock.nanos();
        push(now, worker, new CoordinatorEvent.PartitionsLoaded(worker, 0), null, now);
        return true;
    }

    /** Worker w dies at simulated second s: a WorkerFailed event, nothing from it after that. */
    public SimulatedCluster failAt(int worker, double seconds) {
        long at = (long) (seconds * 1e9);
        failAt[worker] = at;
        push(at, worker, new CoordinatorEvent.WorkerFailed(worker, "simulated failure"), null, at);
        return this;
    }

    /**
     * Worker w goes quiet at simulated second s, its connection open (a frozen host, a JVM stopped
     * with SIGSTOP): no task it has not finished by then is ever answered, and nothing says so. At
     * second 0 it never says Ready. A replacement ({@link #promote}) answers normally.
     */
    public SimulatedCluster hangAt(int worker, double seconds) {
        long at = (long) (seconds * 1e9);
        hangAt[worker] = at;
        queue.removeIf(
                p ->
                        p.worker() == worker
                                && p.at() >= at
                                && (p.task() != null
                                        || p.event() instanceof CoordinatorEvent.WorkerReady));
        return this;
    }

    /**
     * Every replacement fails to start ({@code why}: e.g. its partitions' only replica was lost), a
     * start time after it was asked for.
     */
    public SimulatedCluster replacementsFail(String why) {
        this.replacementsFail = java.util.Objects.requireNonNull(why);
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

    /**
     * Slowness each worker injects ({@code --straggle}): a task of iteration t whose model time is
     * c takes c + {@link Slowdown#delaySeconds}(t, c), as a real worker sleeps after computing.
     */
    public SimulatedCluster straggle(Slowdown[] perWorker) {
        if (perWorker.length != workers.size()) {
            throw new IllegalArgumentException(
                    "one slowdown per worker: " + perWorker.length + " for " + workers.size());
        }
        this.slowdowns = perWorker.clone();
        return this;
    }

    /**
     * Where the simulated workers run, so that they can be replaced ({@link #replace}): the
     * cluster's nodes, each worker's node, the slowness a worker injects on a node ({@code
     * --straggle}: a replacement on another node sheds node-bound slowness), and how long a
     * replacement takes to start and load (simulated seconds).
     */
    public record Nodes(
            java.util.List<String> all,
            String[] nodeOf,
            java.util.function.BiFunction<Integer, String, Slowdown> slowdownOn,
            double startSeconds) {}

    /** Makes workers replaceable on {@code nodes} (and sets their slowdowns from it). */
    public SimulatedCluster nodes(Nodes nodes) {
        this.nodes = nodes;
        this.standby = new String[workers.size()];
        // the initial ready events name each worker's node (the engine learns nodes from them)
        List<Pending> ready = new ArrayList<>();
        queue.removeIf(
                p -> {
                    boolean initial = p.event() instanceof CoordinatorEvent.WorkerReady;
                    if (initial) {
                        ready.add(p);
                    }
                    return initial;
                });
        ready.sort(Comparator.comparingLong(Pending::seq));
        for (Pending p : ready) {
            var r = (CoordinatorEvent.WorkerReady) p.event();
            push(
                    p.at(),
                    p.worker(),
                    new CoordinatorEvent.WorkerReady(
                            r.worker(), nodes.nodeOf()[r.worker()], r.loadNanos()),
                    null,
                    p.start());
        }
        Slowdown[] s = new Slowdown[workers.size()];
        for (int w = 0; w < s.length; w++) {
            s[w] = nodes.slowdownOn().apply(w, nodes.nodeOf()[w]);
        }
        return straggle(s);
    }

    /**
     * A replacement on the node outside {@code avoid} with the fewest workers (ties by name), ready
     * after the start time; the old incarnation goes on until {@link #promote}.
     */
    @Override
    public boolean replace(int worker, java.util.Set<String> avoid) {
        if (nodes == null || standby[worker] != null) {
            return false;
        }
        java.util.Map<String, Integer> load = new java.util.TreeMap<>();
        for (String n : nodes.all()) {
            if (!avoid.contains(n)) {
                load.put(n, 0);
            }
        }
        for (int w = 0; w < nodes.nodeOf().length; w++) {
            load.computeIfPresent(nodes.nodeOf()[w], (k, v) -> v + 1);
            if (standby[w] != null) {
                load.computeIfPresent(standby[w], (k, v) -> v + 1);
            }
        }
        String best = null;
        for (var e : load.entrySet()) {
            if (best == null || e.getValue() < load.get(best)) {
                best = e.getKey();
            }
        }
        if (best == null) {
            return false;
        }
        long at = clock.nanos() + (long) (nodes.startSeconds() * 1e9);
        if (replacementsFail != null) {
            push(
                    at,
                    worker,
                    new CoordinatorEvent.ReplacementFailed(worker, replacementsFail),
                    null,
                    at);
            return true;
        }
        standby[worker] = best;
        push(at, worker, new CoordinatorEvent.WorkerReady(worker, best, 0), null, at);
        return true;
    }

    /** The node the worker runs on, once {@link #nodes} placed it (else null). */
    @Override
    public String node(int worker) {
        return nodes == null ? null : nodes.nodeOf()[worker];
    }

    /** The replacement takes over: the old incarnation's queued and running tasks vanish. */
    @Override
    public void promote(int worker) {
        String node = standby[worker];
        if (node == null) {
            throw new IllegalStateException("worker " + worker + " has no replacement ready");
        }
        standby[worker] = null;
        queue.removeIf(p -> p.worker() == worker && p.task() != null);
        queued[worker] = null;
        busyUntil[worker] = clock.nanos();
        failAt[worker] = Long.MAX_VALUE;
        hangAt[worker] = Long.MAX_VALUE;
        nodes.nodeOf()[worker] = node;
        slowdowns[worker] = nodes.slowdownOn().apply(worker, node);
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

    /**
     * Broadcasts sampled so far: with the latency model's seed, the model's position (what a
     * checkpoint keeps of this cluster).
     */
    public int batches() {
        return batches;
    }

    /**
     * Continues a checkpointed run: advances the latency model past the {@code count} broadcasts
     * the run had sampled, by sampling them again with zero load. Every model draws the same
     * variates per broadcast whatever the loads (common random numbers, {@link LatencyModel}), so
     * this re-derives the generator's state from (seed, broadcasts) without serialising it. The
     * workers start idle, as a new attempt's containers do: tasks in flight at the checkpoint are
     * lost. (Keeping their busy times instead was tried: the coordinator, which had lost those
     * tasks, then sent work to workers it believed idle and the times drifted further.)
     *
     * @throws IllegalStateException once a broadcast was sampled
     */
    public void skipBatches(int count) {
        if (batches != 0) {
            throw new IllegalStateException("skipBatches before the first broadcast only");
        }
        int n = workers.size();
        double[] load = new double[n];
        double[] times = new double[n];
        while (batches < count) {
            latency.sample(batches++, load, times);
        }
    }

    /** Schedules the tasks sent since the last poll with one latency draw. */
    private void flush() {
        if (batch.isEmpty()) {
            return;
        }
        int n = workers.size();
        double[] load = new double[n];
        for (Object[] b : batch) {
            load[(int) b[0]] = loadOf((Task) b[1]);
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
            double seconds = times[w];
            if (slowdowns != null) {
                seconds += slowdowns[w].delaySeconds(task.iteration(), seconds);
            }
            long done = start + (long) Math.ceil(seconds * 1e9);
            busyUntil[w] = done;
            if (done >= failAt[w] || done >= hangAt[w]) {
                continue; // dies, or goes quiet, before it finishes
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

    private double loadOf(Task task) {
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
