package io.codedyarn.am.yarn.master;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.DoubleSupplier;
import java.util.function.IntFunction;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AM's YARN side for workers: one container request per worker, on the NodeManager holding its
 * partitions ({@code relaxLocality = false}, allocation request id = worker id, so an allocated
 * container names its worker); launches each on allocation; turns container exits and launch
 * failures into {@link CoordinatorEvent.WorkerFailed}.
 *
 * <p>Threading: every callback of AMRMClientAsync and NMClientAsync ({@link ContainerCallbacks}),
 * every timer and every call of the AM's main thread ({@link #configure}, {@link #request}, ...)
 * only posts an action to {@code thread}, one thread (a {@link SerialExecutor}; the test's own
 * thread in tests) that alone reads and writes the plain collections of this class and its
 * collaborators, so none of them needs a lock. Timers run on the injected {@link Scheduler} (the
 * coordinator's clock) and re-post their action to {@code thread}. An action that throws fails
 * every worker, naming the cause: the run ends with that diagnostic instead of waiting for a
 * container that will never be launched. Read from other threads: {@link #nodes}/{@link
 * #runningCount} (an immutable snapshot, volatile), {@code stopping} (volatile, set by the main
 * thread) and the progress supplier (the coordinator's, readable from any thread).
 *
 * <p>This class is the facade: it owns {@code thread} and dispatches YARN's callbacks ({@link
 * ContainerOutcomes}) to four collaborators that run on the same thread: {@link RunningContainers}
 * (which container runs which worker, the launch, the stop), {@link ContainerRequests} (requests
 * and the locality fallback, re-placing data), {@link Standbys} (replacements, make before break)
 * and {@link SparePool} (the warm spares); {@link RmHeartbeat} paces the RM client's heartbeat by
 * the requests outstanding. They log under this class's name.
 */
final class WorkerContainers {
    /** Re-places a worker's data beside another node; returns that node, or empty. */
    interface Relocation {
        Optional<String> replace(
                int worker, Collection<String> unavailable, Collection<String> otherNodes);
    }

    static final Logger LOG = LoggerFactory.getLogger(WorkerContainers.class);
    static final Priority PRIORITY = Priority.newInstance(1);

    private final EventQueue events;
    private final Executor thread;
    private final Scheduler timers;

    // ---- owned by `thread` ----
    private Resource resource;
    private String nodeLabel = "";
    private int workers;
    private AMRMClientAsync<ContainerRequest> rm;
    private final RunningContainers containers = new RunningContainers();
    private final ContainerRequests requests;
    private final Standbys standbys;
    private final SparePool spares;
    private final ContainerOutcomes outcomes;

    // ---- read from other threads ----
    /** Set by the main thread, so that an action in progress (a copy) need not finish first. */
    private volatile boolean stopping;

    /** Paces the RM client's heartbeat by the requests outstanding after each action. */
    private final RmHeartbeat heartbeat = new RmHeartbeat();

    /**
     * Created before registration (its callbacks are the RM's); {@link #configure} later.
     *
     * @param thread the one thread that runs every action of this object, in posting order
     * @param timers the locality wait's clock
     */
    WorkerContainers(EventQueue events, Executor thread, Scheduler timers) {
        this.events = events;
        this.thread = thread;
        this.timers = timers;
        this.requests = new ContainerRequests(this, containers, events, timers);
        this.standbys = new Standbys(containers, events);
        this.spares = new SparePool(this, containers, timers);
        this.outcomes = new ContainerOutcomes(this, containers, requests, standbys, spares, events);
    }

    /** What to request, once the job is known (before {@link #request}). */
    void configure(int workers, Resource resource) {
        configure(workers, resource, "");
    }

    /**
     * What to request, once the job is known (before {@link #request}).
     *
     * @param nodeLabel every request's node label ({@link io.codedyarn.am.yarn.NodeLabels}); empty:
     *     none
     */
    void configure(int workers, Resource resource, String nodeLabel) {
        post(
                () -> {
                    this.workers = workers;
                    this.resource = resource;
                    this.nodeLabel = nodeLabel;
                    containers.workers(workers);
                });
    }

    /**
     * How to launch a container (worker or spare id → its launch context), once the AM's endpoint
     * is up. The workers' containers are requested before it (their JVMs then start while the AM
     * finishes its own start, on CPU it leaves idle): one granted earlier waits and is launched
     * now.
     */
    void launchWith(IntFunction<ContainerLaunchContext> launchContext) {
        post(() -> containers.launchWith(launchContext, stopping));
    }

    /** {@link #configure(int, Resource)} and {@link #launchWith} at once. */
    void configure(
            int workers, Resource resource, IntFunction<ContainerLaunchContext> launchContext) {
        configure(workers, resource);
        launchWith(launchContext);
    }

    /** The RM's callbacks: each posts to {@code thread}. */
    AMRMClientAsync.AbstractCallbackHandler rmCallbacks(DoubleSupplier progress) {
        return ContainerCallbacks.resourceManager(this::post, outcomes, progress, heartbeat::beat);
    }

    /** After each action on `thread`: what the heartbeat thread paces by. */
    private void noteOutstanding() {
        heartbeat.outstanding(requests.outstanding() + spares.outstanding());
    }

    /** The NodeManagers' callbacks: each posts to {@code thread}. */
    NMClientAsync.AbstractCallbackHandler nmCallbacks() {
        return ContainerCallbacks.nodeManagers(this::post, outcomes);
    }

    /**
     * Keep {@code count} warm spare containers (worker ids workers .. workers+count−1, no data): a
     * replacement then takes a spare instead of waiting for a container start. Before {@link
     * #request}.
     */
    void spares(int count) {
        post(() -> spares.count(count));
    }

    /** How to re-place a worker's data (null: never; fall back to relaxed locality at once). */
    void relocateWith(Relocation r) {
        post(() -> requests.relocateWith(r));
    }

    /**
     * Requests every worker's container and starts the locality wait; returns once the requests are
     * made (it waits for {@code thread}), throwing what making them threw.
     */
    void request(
            AMRMClientAsync<ContainerRequest> rm,
            NMClientAsync nm,
            IntFunction<Optional<String>> nodeOf,
            int localityWaitSeconds) {
        SerialExecutor.runAndWait(
                thread,
                () -> {
                    this.rm = rm;
                    containers.clients(rm, nm);
                    heartbeat.pace(rm);
                    spares.workersRequestedAt(timers.nanos());
                    requests.requestAll(nodeOf, Duration.ofSeconds(localityWaitSeconds));
                    noteOutstanding();
                    if (requests.anyPlaced()) {
                        requests.startLocalityWait();
                    }
                });
    }

    /** Every worker is ready: the spares are due later ({@link SparePool#workersReady}). */
    void workersReady() {
        post(spares::workersReady);
    }

    /**
     * Spare {@code spareId}'s container becomes worker w's replacement-in-waiting (it is loading
     * the worker's partitions; {@link #promote} then makes it the worker's container), and a new
     * spare is asked for in its slot.
     */
    void adoptSpare(int spareId, int w) {
        post(() -> spares.adopt(spareId, w, standbys));
    }

    // ---- replacements (the coordinator's adapt step, through the AM's worker port) ----

    /**
     * Asks for a replacement container of worker w on a node outside {@code avoid}, its partitions
     * re-placed beside that node; the current container keeps working. Returns at once (the caller
     * is the coordinator's thread, which must never wait for a copy on HDFS): the re-placement and
     * the request run on {@code thread}, and when no node can take the worker a {@link
     * CoordinatorEvent.ReplacementFailed} says so. A worker that already has a replacement under
     * way is left as it is (the coordinator asks once per worker).
     */
    boolean replace(int w, Collection<String> avoid) {
        if (stopping) {
            return false;
        }
        Set<String> copy = new java.util.TreeSet<>(avoid);
        post(
                () -> {
                    String why = requests.requestReplacement(w, copy, standbys);
                    if (why != null) {
                        events.post(new CoordinatorEvent.ReplacementFailed(w, why));
                    }
                });
        return true;
    }

    /**
     * Worker w's replacement takes over: the old container is stopped and released (its exit is not
     * a failure), the replacement becomes the worker's container.
     */
    void promote(int w) {
        post(() -> standbys.promote(w));
    }

    /**
     * Worker w's container stays up but its worker answers nothing (the coordinator gave up on it):
     * it is stopped and released, and its exit is no failure of the worker (whose replacement may
     * already be on its way). A container still being asked for or launched is left to its request.
     */
    void abandon(int w) {
        post(
                () -> {
                    Container old = containers.remove(w);
                    if (old == null) {
                        return;
                    }
                    LOG.info(
                            "worker {}: stopping container {} on {}, which answers nothing",
                            w,
                            old.getId(),
                            nodeName(old));
                });
    }

    // ---- for the collaborators: on `thread` only ----

    /** Runs {@code action} on {@code thread}; if it throws, every worker fails with the cause. */
    void post(Runnable action) {
        thread.execute(
                () -> {
                    try {
                        action.run();
                    } catch (RuntimeException e) {
                        LOG.error("handling containers failed", e);
                        outcomes.lostAll("handling containers failed: " + e);
                    }
                    noteOutstanding();
                });
    }

    int workers() {
        return workers;
    }

    Resource resource() {
        return resource;
    }

    /**
     * A worker or spare container's request, allocation id {@code id}: the workers' resource,
     * priority and node label (on every request, strict ones too: the scheduler grants a labelled
     * node only to requests of its partition); the caller adds nodes and locality.
     */
    ContainerRequest.ContainerRequestBuilder request(long id) {
        return ContainerRequest.newBuilder()
                .capability(resource)
                .priority(PRIORITY)
                .allocationRequestId(id)
                .nodeLabelsExpression(nodeLabel.isEmpty() ? null : nodeLabel);
    }

    AMRMClientAsync<ContainerRequest> rm() {
        return rm;
    }

    boolean isStopping() {
        return stopping;
    }

    /** The nodes the workers were asked for on (see {@link ContainerRequests#requestedNodes}). */
    Collection<String> requestedNodes() {
        return requests.requestedNodes();
    }

    static String nodeName(Container c) {
        return c.getNodeId().getHost() + ":" + c.getNodeId().getPort();
    }

    /** Node names the workers' containers run on (worker order; null where none yet). */
    List<String> nodes() {
        return containers.nodes();
    }

    /** Workers with a container (any thread). */
    int runningCount() {
        return containers.runningCount();
    }

    /**
     * From now on container exits are expected (the run is over): later callbacks are ignored and
     * the locality wait is cancelled. Returns at once, also while an action (a copy) is running.
     */
    void stopping() {
        stopping = true;
        post(
                () -> {
                    requests.cancelLocalityWait();
                    spares.cancelTimer();
                });
    }
}
