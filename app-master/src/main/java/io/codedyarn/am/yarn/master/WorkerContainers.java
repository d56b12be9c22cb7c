package io.codedyarn.am.yarn.master;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.function.DoubleSupplier;
import java.util.function.IntFunction;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
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
 * <p>Locality fallback, re-placing data: a worker whose data is on no NodeManager's node, or whose
 * node has not given a container within {@code localityWaitSeconds} (dead, full or unknown), has
 * its partitions copied beside another node by the {@link Relocation} ({@link DataReplacer}: a node
 * with room and no other worker first) and is asked for again, strictly, on that node. When no node
 * can take it, the copy fails, or the re-placed request also waits out the locality wait, it is
 * asked for with relaxed locality (logged: its reads then go over the network, which costs speed,
 * not correctness). A container for an abandoned request that still arrives is used if the worker
 * has none yet (it reads its data remotely), else released.
 *
 * <p>Threading: every callback of AMRMClientAsync and NMClientAsync ({@link ContainerCallbacks}),
 * every timer and every call of the AM's main thread ({@link #configure}, {@link #request}, ...)
 * only posts an action to {@code thread}, one thread (a {@link SerialExecutor}; the test's own
 * thread in tests) that alone reads and writes the plain collections below, so none of them needs a
 * lock. Timers run on the injected {@link Scheduler} (the coordinator's clock) and re-post their
 * action to {@code thread}. An action that throws fails every worker, naming the cause: the run
 * ends with that diagnostic instead of waiting for a container that will never be launched. Read
 * from other threads: {@link #nodes}/{@link #runningCount} (an immutable snapshot, volatile),
 * {@code stopping} (volatile, set by the main thread) and the progress supplier (the coordinator's,
 * readable from any thread).
 */
final class WorkerContainers implements ContainerCallbacks.Listener {
    /** Re-places a worker's data beside another node; returns that node, or empty. */
    interface Relocation {
        Optional<String> replace(
                int worker, Collection<String> unavailable, Collection<String> otherNodes);
    }

    private static final Logger LOG = LoggerFactory.getLogger(WorkerContainers.class);
    private static final Priority PRIORITY = Priority.newInstance(1);

    private final EventQueue events;
    private final Executor thread;
    private final Scheduler timers;

    // ---- owned by `thread` ----
    private IntFunction<ContainerLaunchContext> launchContext;
    private Resource resource;
    private int workers;
    private Relocation relocation;
    private Duration localityWait;
    private AMRMClientAsync<ContainerRequest> rm;
    private NMClientAsync nm;
    private final Map<Integer, Container> running = new HashMap<>();
    // granted before launchWith: container id → (container, worker or spare id), in grant order
    private final Map<ContainerId, Map.Entry<Container, Integer>> awaitingLaunch =
            new LinkedHashMap<>();
    private final Map<ContainerId, Integer> workerOf = new HashMap<>();
    // sorted: the locality fallback handles workers in id order (its log and requests read so)
    private final Map<Integer, ContainerRequest> pending = new TreeMap<>();
    private final Map<Integer, String> requestedNode = new HashMap<>();
    private final Set<Integer> relocated = new HashSet<>();
    // replacements (make before break): the new container of a worker, launched beside the old
    private final Map<Integer, Container> standby = new HashMap<>();
    private final Set<ContainerId> standbyIds = new HashSet<>();
    private final Map<Integer, Set<String>> avoidFor = new HashMap<>();
    private int replacementsAsked;
    private Scheduler.Cancellable localityTimer;
    // warm spares (ids workers .. workers+spares−1): requested, launched, not yet a worker's
    private int spares;
    private boolean sparesRequested;
    private boolean sparesDue;
    private Scheduler.Cancellable sparesTimer;
    private long requestedAt; // on timers' clock: when the workers' containers were asked for
    private long sparesAsked;
    private final Map<Long, Integer> spareSlotOf = new HashMap<>(); // allocation id → slot
    private final Map<Long, ContainerRequest> spareRequests = new HashMap<>();
    private final Map<Long, String> spareWanted = new HashMap<>(); // allocation id → node
    private final Map<Integer, Container> spareContainers = new HashMap<>();
    private final Map<ContainerId, Integer> spareOf = new HashMap<>();

    // ---- read from other threads ----
    /** Set by the main thread, so that an action in progress (a copy) need not finish first. */
    private volatile boolean stopping;

    /** The RM client, for the heartbeat thread to pace ({@link HeartbeatPace}); set once. */
    private volatile AMRMClientAsync<ContainerRequest> paced;

    /** Container requests not yet granted (workers', replacements', spares'), after each action. */
    private volatile int outstanding;

    private final HeartbeatPace pace = new HeartbeatPace(YarnAmClients.HEARTBEAT_MILLIS);

    /**
     * Node of each worker's container (worker order, null where none yet), replaced on `thread`.
     */
    private volatile List<String> nodes = List.of();

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
    }

    /** What to request, once the job is known (before {@link #request}). */
    void configure(int workers, Resource resource) {
        post(
                () -> {
                    this.workers = workers;
                    this.resource = resource;
                    List<String> none = new ArrayList<>(Collections.nCopies(workers, null));
                    this.nodes = Collections.unmodifiableList(none);
                });
    }

    /**
     * How to launch a container (worker or spare id → its launch context), once the AM's endpoint
     * is up. The workers' containers are requested before it (their JVMs then start while the AM
     * finishes its own start, on CPU it leaves idle): one granted earlier waits and is launched
     * now.
     */
    void launchWith(IntFunction<ContainerLaunchContext> launchContext) {
        post(
                () -> {
                    this.launchContext = launchContext;
                    List<Map.Entry<Container, Integer>> waiting =
                            new ArrayList<>(awaitingLaunch.values());
                    awaitingLaunch.clear();
                    if (!stopping) {
                        waiting.forEach(e -> launch(e.getKey(), e.getValue()));
                    }
                });
    }

    /** {@link #configure(int, Resource)} and {@link #launchWith} at once. */
    void configure(
            int workers, Resource resource, IntFunction<ContainerLaunchContext> launchContext) {
        configure(workers, resource);
        launchWith(launchContext);
    }

    /** Starts container {@code c} as worker or spare {@code id}, or holds it for launchWith. */
    private void launch(Container c, int id) {
        if (launchContext == null) {
            awaitingLaunch.put(c.getId(), Map.entry(c, id));
            return;
        }
        nm.startContainerAsync(c, launchContext.apply(id));
    }

    /** The RM's callbacks: each posts to {@code thread}. */
    AMRMClientAsync.AbstractCallbackHandler rmCallbacks(DoubleSupplier progress) {
        return ContainerCallbacks.resourceManager(this::post, this, progress, this::heartbeat);
    }

    /** After each action on `thread`: what the heartbeat thread paces by. */
    private void noteOutstanding() {
        outstanding = pending.size() + spareRequests.size();
    }

    /** On the RM client's heartbeat thread, once per heartbeat: the next one's interval. */
    private void heartbeat() {
        AMRMClientAsync<ContainerRequest> client = paced;
        if (client != null) {
            client.setHeartbeatInterval(pace.next(outstanding > 0));
        }
    }

    /** The NodeManagers' callbacks: each posts to {@code thread}. */
    NMClientAsync.AbstractCallbackHandler nmCallbacks() {
        return ContainerCallbacks.nodeManagers(this::post, this);
    }

    /**
     * Keep {@code count} warm spare containers (worker ids workers .. workers+count−1, no data): a
     * replacement then takes a spare instead of waiting for a container start. Before {@link
     * #request}.
     */
    void spares(int count) {
        post(() -> this.spares = count);
    }

    /** How to re-place a worker's data (null: never; fall back to relaxed locality at once). */
    void relocateWith(Relocation r) {
        post(() -> this.relocation = r);
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
                thread, () -> requestAll(rm, nm, nodeOf, Duration.ofSeconds(localityWaitSeconds)));
    }

    private void requestAll(
            AMRMClientAsync<ContainerRequest> rm,
            NMClientAsync nm,
            IntFunction<Optional<String>> nodeOf,
            Duration localityWait) {
        this.rm = rm;
        this.nm = nm;
        this.paced = rm;
        this.localityWait = localityWait;
        this.requestedAt = timers.nanos();
        List<Integer> homeless = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            Optional<String> node = nodeOf.apply(w);
            if (node.isPresent()) {
                requestedNode.put(w, node.get());
            } else {
                homeless.add(w);
            }
        }
        for (int w : homeless) { // after the others: the chooser avoids their nodes
            Optional<String> node = relocate(w, null);
            if (node.isPresent()) {
                requestedNode.put(w, node.get());
            } else {
                LOG.warn("worker {}: its data is on no NodeManager's host; asking anywhere", w);
            }
        }
        for (int w = 0; w < workers; w++) {
            String node = requestedNode.get(w);
            ContainerRequest req = node != null ? strict(w, node) : relaxed(w);
            pending.put(w, req);
            rm.addContainerRequest(req);
        }
        noteOutstanding();
        if (!requestedNode.isEmpty()) {
            startLocalityWait();
        }
    }

    /**
     * Every worker is ready (the coordinator sent the first round's tasks). A spare is one more JVM
     * start, as long as the workers' took from their request to now: it is asked for once the job
     * has trained that long again, so a job that ends sooner starts none (two spares starting
     * during a short job's last rounds, on the embedded cluster's two cores, slowed those rounds,
     * the outputs and the cluster's stop); a slow worker takes some rounds to be found anyway.
     */
    void workersReady() {
        post(
                () -> {
                    long startup = Math.max(0, timers.nanos() - requestedAt);
                    sparesTimer =
                            timers.schedule(Duration.ofNanos(startup), () -> post(this::sparesDue));
                });
    }

    private void sparesDue() {
        sparesTimer = null;
        sparesDue = true;
        requestSparesOnceAllRun();
    }

    /**
     * Once every worker has its first container and is ready: the spares are asked for only then,
     * so that they never take the room a worker's own (or re-placed) request needs, nor the CPU its
     * JVM needs to start and load its partitions (time to the first result: two more JVMs starting
     * beside four workers on the embedded cluster's two cores slowed every worker).
     */
    private void requestSparesOnceAllRun() {
        if (!sparesRequested && sparesDue && !stopping && running.size() == workers) {
            sparesRequested = true;
            for (int k = 0; k < spares; k++) {
                requestSpare(k);
            }
        }
    }

    /** Allocation ids of spares start here (ids below it name workers: id mod N). */
    static final long SPARE_BASE = 1L << 40;

    /**
     * Asks for spare slot k's container on the node with the fewest containers asked for (workers'
     * and spares'), ties by name, so that a spare is rarely beside the workers it may replace.
     */
    private void requestSpare(int slot) {
        Map<String, Integer> count = new TreeMap<>();
        for (String n : requestedNode.values()) {
            count.merge(n, 1, Integer::sum);
        }
        for (Container c : spareContainers.values()) {
            count.merge(nodeName(c), 1, Integer::sum);
        }
        for (String n : spareWanted.values()) {
            count.merge(n, 1, Integer::sum);
        }
        String node = null;
        for (var e : count.entrySet()) {
            if (node == null || e.getValue() < count.get(node)) {
                node = e.getKey();
            }
        }
        long id = SPARE_BASE + sparesAsked++;
        // relaxed: a spare anywhere beats none; the node is a preference
        ContainerRequest req =
                ContainerRequest.newBuilder()
                        .capability(resource)
                        .nodes(node == null ? null : new String[] {node})
                        .priority(PRIORITY)
                        .relaxLocality(true)
                        .allocationRequestId(id)
                        .build();
        spareSlotOf.put(id, slot);
        spareRequests.put(id, req);
        if (node != null) {
            spareWanted.put(id, node);
        }
        rm.addContainerRequest(req);
    }

    private void spareAllocated(Container c, long id) {
        Integer slot = spareSlotOf.remove(id);
        ContainerRequest req = spareRequests.remove(id);
        spareWanted.remove(id);
        if (slot == null || stopping) {
            rm.releaseAssignedContainer(c.getId());
            return;
        }
        rm.removeContainerRequest(req);
        spareContainers.put(slot, c);
        spareOf.put(c.getId(), slot);
        LOG.info("spare {}: container {} on {}", workers + slot, c.getId(), nodeName(c));
        launch(c, workers + slot);
    }

    /** A spare's container ended or failed to start: the slot is asked for again, once. */
    private boolean spareGone(ContainerId id, String why) {
        Integer slot = spareOf.remove(id);
        if (slot == null) {
            return false;
        }
        spareContainers.remove(slot);
        LOG.warn("spare {}: container {} {}", workers + slot, id, why);
        return true;
    }

    /**
     * Spare {@code spareId}'s container becomes worker w's replacement-in-waiting (it is loading
     * the worker's partitions; {@link #promote} then makes it the worker's container), and a new
     * spare is asked for in its slot.
     */
    void adoptSpare(int spareId, int w) {
        post(
                () -> {
                    int slot = spareId - workers;
                    Container c = spareContainers.remove(slot);
                    if (c == null || stopping) {
                        return;
                    }
                    spareOf.remove(c.getId());
                    standby.put(w, c);
                    standbyIds.add(c.getId());
                    workerOf.put(c.getId(), w);
                    LOG.info("worker {}: spare {} ({}) takes over", w, spareId, c.getId());
                    requestSpare(slot);
                });
    }

    /** Re-places worker w's data once (never twice); the new node, or empty. */
    private Optional<String> relocate(int w, String unavailable) {
        Relocation r = relocation;
        if (r == null || !relocated.add(w)) {
            return Optional.empty();
        }
        // each other worker once: the node it asked for (named as candidates are), else the one
        // its container runs on (a relaxed request)
        List<String> others = new ArrayList<>();
        for (int k = 0; k < workers; k++) {
            Container c = running.get(k);
            String node =
                    requestedNode.containsKey(k)
                            ? requestedNode.get(k)
                            : c == null ? null : nodeName(c);
            if (k != w && node != null) {
                others.add(node);
            }
        }
        return r.replace(w, unavailable == null ? List.of() : List.of(unavailable), others);
    }

    /**
     * A strict request; {@code id} is the allocation request id: the worker's id for its first
     * container, worker + N·k for its k-th replacement (so id mod N names the worker).
     */
    private ContainerRequest strict(long id, String node) {
        return ContainerRequest.newBuilder()
                .capability(resource)
                .nodes(new String[] {node})
                .priority(PRIORITY)
                .relaxLocality(false)
                .allocationRequestId(id)
                .build();
    }

    private ContainerRequest relaxed(long id) {
        return ContainerRequest.newBuilder()
                .capability(resource)
                .priority(PRIORITY)
                .relaxLocality(true)
                .allocationRequestId(id)
                .build();
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
                    String why = requestReplacement(w, copy);
                    if (why != null) {
                        events.post(new CoordinatorEvent.ReplacementFailed(w, why));
                    }
                });
        return true;
    }

    /** Re-places and requests; null when asked (or already under way), else why not. */
    private String requestReplacement(int w, Collection<String> avoid) {
        if (pending.containsKey(w) || standby.containsKey(w)) {
            return null; // one replacement at a time
        }
        Relocation r = relocation;
        if (stopping || rm == null || r == null) {
            return "this application master cannot start replacement containers now";
        }
        Optional<String> node = r.replace(w, avoid, nodesOfOthers(w));
        if (node.isEmpty()) {
            return "no node outside " + avoid + " can take worker " + w + " and its partitions";
        }
        long id = w + (long) workers * ++replacementsAsked;
        avoidFor.put(w, new java.util.TreeSet<>(avoid));
        ContainerRequest req = strict(id, node.get());
        requestedNode.put(w, node.get());
        pending.put(w, req);
        rm.addContainerRequest(req);
        LOG.info("worker {}: asked for a replacement container on {}", w, node.get());
        if (localityTimer == null) {
            startLocalityWait();
        }
        return null;
    }

    /**
     * Worker w's replacement takes over: the old container is stopped and released (its exit is not
     * a failure), the replacement becomes the worker's container.
     */
    void promote(int w) {
        post(
                () -> {
                    Container next = standby.remove(w);
                    if (next == null) {
                        return;
                    }
                    standbyIds.remove(next.getId());
                    Container old = running.put(w, next);
                    if (old != null) {
                        workerOf.remove(old.getId());
                        nm.stopContainerAsync(old.getId(), old.getNodeId());
                        rm.releaseAssignedContainer(old.getId());
                        LOG.info(
                                "worker {}: replaced container {} on {} by {} on {}",
                                w,
                                old.getId(),
                                nodeName(old),
                                next.getId(),
                                nodeName(next));
                    }
                    List<String> now = new ArrayList<>(nodes);
                    now.set(w, nodeName(next));
                    nodes = Collections.unmodifiableList(now);
                });
    }

    /**
     * Worker w's container stays up but its worker answers nothing (the coordinator gave up on it):
     * it is stopped and released, and its exit is no failure of the worker (whose replacement may
     * already be on its way). A container still being asked for or launched is left to its request.
     */
    void abandon(int w) {
        post(
                () -> {
                    Container old = running.remove(w);
                    if (old == null) {
                        return;
                    }
                    workerOf.remove(old.getId());
                    nm.stopContainerAsync(old.getId(), old.getNodeId());
                    rm.releaseAssignedContainer(old.getId());
                    LOG.info(
                            "worker {}: stopping container {} on {}, which answers nothing",
                            w,
                            old.getId(),
                            nodeName(old));
                });
    }

    /** The locality wait: once it is over, {@link #relaxPending} runs on {@code thread}. */
    private void startLocalityWait() {
        localityTimer = timers.schedule(localityWait, () -> post(this::relaxPending));
    }

    private void relaxPending() {
        localityTimer = null;
        boolean again = false;
        for (int w : List.copyOf(pending.keySet())) {
            ContainerRequest req = pending.get(w);
            long id = req.getAllocationRequestId();
            boolean replacement = id >= workers;
            if (stopping || (!replacement && running.containsKey(w)) || req.getRelaxLocality()) {
                continue; // placed (or its container is on the way), or already anywhere
            }
            if (replacement) {
                again |= replacementWaitedInVain(w, req);
                continue;
            }
            Optional<String> moved = relocate(w, requestedNode.get(w));
            if (moved.isPresent()) {
                rm.removeContainerRequest(req);
                ContainerRequest r = strict(id, moved.get());
                requestedNode.put(w, moved.get());
                pending.put(w, r);
                rm.addContainerRequest(r);
                again = true;
                continue;
            }
            LOG.warn(
                    "worker {}: no container on {} within the locality wait; asking anywhere"
                            + " (its partitions will be read remotely)",
                    w,
                    requestedNode.get(w));
            rm.removeContainerRequest(req);
            ContainerRequest r = relaxed(id);
            pending.put(w, r);
            rm.addContainerRequest(r);
        }
        if (again && !stopping) { // a re-placed request that also waits in vain goes relaxed
            startLocalityWait();
        }
    }

    /** The node each other worker's container runs on (a replacement's chooser avoids them). */
    private List<String> nodesOfOthers(int w) {
        List<String> others = new ArrayList<>();
        for (int k = 0; k < workers; k++) {
            if (k != w && nodes.get(k) != null) {
                others.add(nodes.get(k));
            }
        }
        return others;
    }

    /**
     * A replacement's node gave no container within the locality wait: re-place its data beside
     * another node outside the excluded ones and the one just tried; never ask anywhere (a relaxed
     * request could land on an excluded node). Without such a node the replacement is given up
     * ({@code ReplacementFailed}; the worker keeps its current container). Whether a new strict
     * request was made.
     */
    private boolean replacementWaitedInVain(int w, ContainerRequest req) {
        Set<String> avoid = avoidFor.computeIfAbsent(w, k -> new java.util.TreeSet<>());
        avoid.add(requestedNode.get(w));
        rm.removeContainerRequest(req);
        Relocation r = relocation;
        Optional<String> moved =
                r == null ? Optional.empty() : r.replace(w, avoid, nodesOfOthers(w));
        if (moved.isEmpty()) {
            pending.remove(w);
            events.post(
                    new CoordinatorEvent.ReplacementFailed(
                            w,
                            "no node outside "
                                    + avoid
                                    + " gave a replacement container within the locality wait"));
            return false;
        }
        ContainerRequest next = strict(req.getAllocationRequestId(), moved.get());
        requestedNode.put(w, moved.get());
        pending.put(w, next);
        rm.addContainerRequest(next);
        return true;
    }

    // ---- ContainerCallbacks.Listener: on `thread` only ----

    @Override
    public void allocated(Container c) {
        long id = c.getAllocationRequestId();
        if (id >= SPARE_BASE) {
            spareAllocated(c, id);
            return;
        }
        int w = workers > 0 && id >= 0 ? (int) (id % workers) : -1;
        String node = nodeName(c);
        ContainerRequest req = w < 0 ? null : pending.get(w);
        if (req != null && req.getAllocationRequestId() == id && id >= workers && !stopping) {
            pending.remove(w);
            rm.removeContainerRequest(req);
            standby.put(w, c);
            standbyIds.add(c.getId());
            workerOf.put(c.getId(), w);
            LOG.info("worker {}: replacement container {} on {}", w, c.getId(), node);
            launch(c, w);
            return;
        }
        if (stopping
                || w < 0
                || req == null
                || req.getAllocationRequestId() != id
                || running.containsKey(w)) {
            LOG.info("releasing surplus container {} on {} (worker {})", c.getId(), node, w);
            rm.releaseAssignedContainer(c.getId());
            return;
        }
        pending.remove(w);
        rm.removeContainerRequest(req);
        running.put(w, c);
        workerOf.put(c.getId(), w);
        List<String> now = new ArrayList<>(nodes);
        now.set(w, node);
        nodes = Collections.unmodifiableList(now);
        String wanted = requestedNode.get(w);
        LOG.info(
                "worker {}: container {} on {}{}",
                w,
                c.getId(),
                node,
                wanted == null || wanted.equals(node) ? "" : " (wanted " + wanted + ")");
        launch(c, w);
        requestSparesOnceAllRun();
    }

    @Override
    public void started(ContainerId id) {
        LOG.info("worker {} started in {}", workerOf.get(id), id);
    }

    @Override
    public void startFailed(ContainerId id, Throwable t) {
        if (spareGone(id, "failed to start: " + t)) {
            return;
        }
        Integer w = workerOf.get(id);
        if (w != null && standbyIds.remove(id)) {
            standby.remove(w);
            workerOf.remove(id);
            events.post(
                    new CoordinatorEvent.ReplacementFailed(
                            w, "replacement container " + id + " failed to start: " + t));
            return;
        }
        if (w != null) {
            events.post(
                    new CoordinatorEvent.WorkerFailed(
                            w, "container " + id + " failed to start: " + t));
        }
    }

    @Override
    public void completed(ContainerStatus s) {
        awaitingLaunch.remove(s.getContainerId());
        if (spareGone(s.getContainerId(), "exited with status " + s.getExitStatus())) {
            return;
        }
        Integer w = workerOf.get(s.getContainerId());
        if (w == null || stopping) {
            return;
        }
        if (standbyIds.remove(s.getContainerId())) {
            standby.remove(w);
            workerOf.remove(s.getContainerId());
            events.post(
                    new CoordinatorEvent.ReplacementFailed(
                            w,
                            "replacement container "
                                    + s.getContainerId()
                                    + " exited with status "
                                    + s.getExitStatus()
                                    + exitCause(s.getExitStatus())));
            return;
        }
        events.post(
                new CoordinatorEvent.WorkerFailed(
                        w,
                        "container "
                                + s.getContainerId()
                                + " exited with status "
                                + s.getExitStatus()
                                + exitCause(s.getExitStatus())
                                + (s.getDiagnostics() == null || s.getDiagnostics().isBlank()
                                        ? ""
                                        : ": " + s.getDiagnostics().strip())));
    }

    static String exitCause(int status) {
        return switch (status) {
            case ContainerExitStatus.SUCCESS -> " (worker stopped)";
            case ContainerExitStatus.PREEMPTED -> " (preempted)";
            case ContainerExitStatus.KILLED_EXCEEDED_PMEM -> " (exceeded physical memory)";
            case ContainerExitStatus.KILLED_EXCEEDED_VMEM -> " (exceeded virtual memory)";
            case ContainerExitStatus.DISKS_FAILED -> " (disks failed)";
            case ContainerExitStatus.ABORTED -> " (aborted by YARN)";
            case 1 -> " (worker failed)";
            case 2 -> " (AM rejected the worker)";
            case 3 -> " (connection to the AM lost)";
            case 64 -> " (worker misconfigured)";
            default -> "";
        };
    }

    @Override
    public void lostAll(String why) {
        for (int w = 0; w < workers; w++) {
            events.post(new CoordinatorEvent.WorkerFailed(w, why));
        }
    }

    /** Runs {@code action} on {@code thread}; if it throws, every worker fails with the cause. */
    private void post(Runnable action) {
        thread.execute(
                () -> {
                    try {
                        action.run();
                    } catch (RuntimeException e) {
                        LOG.error("handling containers failed", e);
                        lostAll("handling containers failed: " + e);
                    }
                    noteOutstanding();
                });
    }

    private static String nodeName(Container c) {
        return c.getNodeId().getHost() + ":" + c.getNodeId().getPort();
    }

    /** Node names the workers' containers run on (worker order; null where none yet). */
    List<String> nodes() {
        return nodes;
    }

    /** Workers with a container (any thread). */
    int runningCount() {
        int n = 0;
        for (String node : nodes) {
            n += node == null ? 0 : 1;
        }
        return n;
    }

    /**
     * From now on container exits are expected (the run is over): later callbacks are ignored and
     * the locality wait is cancelled. Returns at once, also while an action (a copy) is running.
     */
    void stopping() {
        stopping = true;
        post(
                () -> {
                    if (localityTimer != null) {
                        localityTimer.cancel();
                        localityTimer = null;
                    }
                    if (sparesTimer != null) {
                        sparesTimer.cancel();
                        sparesTimer = null;
                    }
                });
    }
}
