package io.codedyarn.coordinator.simulated;

import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.TaskExecutor;
import io.codedyarn.compute.task.TaskResult;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventSource;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.slowdown.Slowdown;
import java.util.ArrayList;
import java.util.List;

/**
 * In-process workers on simulated time ({@code --cluster simulated}, and the coordinator's unit
 * tests): each worker is a {@link TaskExecutor} over its real partitions, so results are the real
 * kernels' results, but WHEN a result arrives comes from a latency model, and the coordinator's
 * {@link ManualClock} jumps from arrival to arrival. The tasks sent together (one broadcast) are
 * timed by one draw of the latency model, each worker computing one task at a time, newest wins
 * ({@code Broadcasts}); this class adds what else a cluster does: partition moves, replacements on
 * other nodes, and the failures and silences tests script.
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

    /** Builds worker w's executor over the partitions {@code hold} (in-process {@link #load}). */
    @FunctionalInterface
    public interface Reloader {
        TaskExecutor executor(int worker, int[] hold);
    }

    private final List<TaskExecutor> workers;
    private Reloader reloader;
    private final ManualClock clock;
    private final TaskLoads loads;
    private final Timeline timeline;
    private final Broadcasts broadcasts;
    private final long[] failAt;
    private final long[] hangAt;
    private String replacementsFail; // non-null: every replacement fails to start, with this
    private SimulatedNodes nodes;
    private double communication;
    private double loadSecondsPerUnit;
    private int[][] initial; // each worker's partitions at start, when built over a plan

    /**
     * @param partitionRows rows of each plan partition (to turn pieces into rows, then loads)
     */
    public SimulatedCluster(
            List<TaskExecutor> workers,
            long[] partitionRows,
            TaskLatency latency,
            ManualClock clock) {
        this.workers = new ArrayList<>(workers);
        this.clock = clock;
        int n = workers.size();
        this.loads = new TaskLoads(partitionRows, n);
        this.timeline = new Timeline(n);
        this.broadcasts = new Broadcasts(latency, clock, loads, timeline, n);
        this.failAt = new long[n];
        java.util.Arrays.fill(failAt, Long.MAX_VALUE);
        this.hangAt = new long[n];
        java.util.Arrays.fill(hangAt, Long.MAX_VALUE);
        for (int w = 0; w < n; w++) {
            timeline.event(
                    clock.nanos(), w, new CoordinatorEvent.WorkerReady(w, "simulated-" + w, 0));
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
        c.reloader = InProcessWorkers.reloader(plan, data, spec, clock::nanos);
        c.initial = new int[plan.workers()][];
        for (int w = 0; w < plan.workers(); w++) {
            c.initial[w] = plan.stored(w);
        }
        return c;
    }

    /**
     * The worker holds {@code add ∪ retain}: it computes over them at once (the current code's
     * partitions are in {@code retain}, so its results do not change, as a real worker goes on
     * computing while it reads), and says it holds them after {@link #loadSeconds} per unit of load
     * added, unless it fails or goes quiet first, or is replaced meanwhile.
     */
    @Override
    public boolean load(int worker, int[] add, int[] retain) {
        if (reloader == null) {
            return false;
        }
        workers.set(worker, reloader.executor(worker, WorkerPort.held(add, retain)));
        long now = clock.nanos();
        long took = (long) Math.ceil(loadSecondsPerUnit * loads.ofPartitions(add) * 1e9);
        long at = now + took;
        if (at < silentAt(worker)) {
            timeline.event(at, worker, new CoordinatorEvent.PartitionsLoaded(worker, took));
        }
        return true;
    }

    /**
     * How long a worker takes to read partitions it is asked to {@link #load}: simulated seconds
     * per unit of load (n/N rows) added (default 0: at once).
     */
    public SimulatedCluster loadSeconds(double perUnit) {
        if (!(perUnit >= 0 && perUnit < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(
                    "load seconds per unit must be finite and >= 0, got " + perUnit);
        }
        this.loadSecondsPerUnit = perUnit;
        // the start-up reads take as long: each worker's ready event says so (auto prices its
        // first move from the slowest one)
        timeline.rewrite(
                p -> p.event() instanceof CoordinatorEvent.WorkerReady r && r.loadNanos() == 0,
                p -> {
                    var r = (CoordinatorEvent.WorkerReady) p.event();
                    double units = initial == null ? 1 : loads.ofPartitions(initial[r.worker()]);
                    long nanos = (long) Math.ceil(perUnit * units * 1e9);
                    return new CoordinatorEvent.WorkerReady(r.worker(), r.host(), nanos, r.spare());
                });
        return this;
    }

    /** Worker w dies at simulated second s: a WorkerFailed event, nothing from it after that. */
    public SimulatedCluster failAt(int worker, double seconds) {
        long at = (long) (seconds * 1e9);
        failAt[worker] = at;
        timeline.event(at, worker, new CoordinatorEvent.WorkerFailed(worker, "simulated failure"));
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
        timeline.drop(
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
        broadcasts.straggle(perWorker.clone());
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
        this.nodes = new SimulatedNodes(nodes, workers.size());
        // the initial ready events name each worker's node (the engine learns nodes from them)
        timeline.rewrite(
                p -> p.event() instanceof CoordinatorEvent.WorkerReady,
                p -> {
                    var r = (CoordinatorEvent.WorkerReady) p.event();
                    return new CoordinatorEvent.WorkerReady(
                            r.worker(), nodes.nodeOf()[r.worker()], r.loadNanos());
                });
        Slowdown[] s = new Slowdown[workers.size()];
        for (int w = 0; w < s.length; w++) {
            s[w] = this.nodes.slowdown(w);
        }
        return straggle(s);
    }

    /**
     * A replacement on the node outside {@code avoid} with the fewest workers (ties by name), ready
     * after the start time; the old incarnation goes on until {@link #promote}.
     */
    @Override
    public boolean replace(int worker, java.util.Set<String> avoid) {
        if (nodes == null || nodes.hasStandby(worker)) {
            return false;
        }
        String best = nodes.leastLoaded(avoid);
        if (best == null) {
            return false;
        }
        long at = clock.nanos() + (long) (nodes.startSeconds() * 1e9);
        if (replacementsFail != null) {
            timeline.event(
                    at, worker, new CoordinatorEvent.ReplacementFailed(worker, replacementsFail));
            return true;
        }
        nodes.startStandby(worker, best);
        timeline.event(at, worker, new CoordinatorEvent.WorkerReady(worker, best, 0));
        return true;
    }

    /** The node the worker runs on, once {@link #nodes} placed it (else null). */
    @Override
    public String node(int worker) {
        return nodes == null ? null : nodes.nodeOf(worker);
    }

    /** The replacement takes over: the old incarnation's queued and running tasks vanish. */
    @Override
    public void promote(int worker) {
        if (nodes == null) {
            throw new IllegalStateException("worker " + worker + " has no replacement ready");
        }
        nodes.promote(worker);
        // the old incarnation's tasks and a load it had not finished vanish with it (the
        // replacement was started with the partitions it was last asked to hold)
        timeline.drop(
                p ->
                        p.worker() == worker
                                && (p.task() != null
                                        || p.event() instanceof CoordinatorEvent.PartitionsLoaded));
        timeline.forgetWaiting(worker);
        broadcasts.restart(worker, nodes.slowdown(worker));
        failAt[worker] = Long.MAX_VALUE;
        hangAt[worker] = Long.MAX_VALUE;
    }

    @Override
    public int workers() {
        return workers.size();
    }

    @Override
    public void send(int worker, Task task) {
        broadcasts.send(worker, task);
    }

    @Override
    public void sendBackup(int worker, Task task) {
        broadcasts.sendBackup(worker, task);
    }

    @Override
    public void close() {
        timeline.clear();
    }

    @Override
    public CoordinatorEvent poll(long timeoutNanos) {
        broadcasts.flush(this::silentAt);
        long now = clock.nanos();
        long limit = timeoutNanos >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + timeoutNanos;
        if (limit == Long.MAX_VALUE && timeline.isEmpty()) {
            throw new IllegalStateException(
                    "simulated cluster: nothing in flight, the coordinator would wait forever");
        }
        Timeline.Pending next = timeline.next(limit);
        if (next == null) {
            clock.advanceTo(limit);
            return null;
        }
        clock.advanceTo(Math.max(now, next.at()));
        if (next.task() != null) {
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
        return broadcasts.count();
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
        broadcasts.skip(count);
    }

    /** When the worker fails or goes quiet (ns; Long.MAX_VALUE: never): nothing it says after. */
    private long silentAt(int worker) {
        return Math.min(failAt[worker], hangAt[worker]);
    }
}
