package io.codedyarn.am.yarn.master;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.slf4j.Logger;

/**
 * The warm spares (ids workers .. workers+spares−1, no data): containers launched ahead so that a
 * replacement takes one instead of waiting for a container start; one of {@link WorkerContainers}'
 * collaborators, run on its {@code thread} only.
 *
 * <p>State machine: the pool is <em>idle</em> until every worker is ready, then <em>due</em> once
 * the job has trained as long again as the workers took to start ({@link #workersReady}), and
 * <em>requested</em> once also every worker has its container (each slot asked for once, relaxed,
 * on the node with the fewest containers). Per slot: <em>asked</em> (allocation id {@link
 * #SPARE_BASE} + n) → <em>launched</em> → either <em>adopted</em> (it becomes a worker's standby,
 * {@link #adopt}, and the slot is asked for again) or <em>gone</em> (its container ended or failed
 * to start; the slot stays empty).
 */
final class SparePool {
    private static final Logger LOG = WorkerContainers.LOG;

    /** Allocation ids of spares start here (ids below it name workers: id mod N). */
    static final long SPARE_BASE = 1L << 40;

    private final WorkerContainers owner;
    private final RunningContainers containers;
    private final Scheduler timers;
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

    SparePool(WorkerContainers owner, RunningContainers containers, Scheduler timers) {
        this.owner = owner;
        this.containers = containers;
        this.timers = timers;
    }

    /** How many spares to keep. */
    void count(int count) {
        this.spares = count;
    }

    /** When (on the timers' clock) the workers' containers were asked for. */
    void workersRequestedAt(long nanos) {
        this.requestedAt = nanos;
    }

    /** Spare requests not yet granted. */
    int outstanding() {
        return spareRequests.size();
    }

    /**
     * Every worker is ready (the coordinator sent the first round's tasks). A spare is one more JVM
     * start, as long as the workers' took from their request to now: it is asked for once the job
     * has trained that long again, so a job that ends sooner starts none (two spares starting
     * during a short job's last rounds, on the embedded cluster's two cores, slowed those rounds,
     * the outputs and the cluster's stop); a slow worker takes some rounds to be found anyway.
     */
    void workersReady() {
        long startup = Math.max(0, timers.nanos() - requestedAt);
        sparesTimer = timers.schedule(Duration.ofNanos(startup), () -> owner.post(this::sparesDue));
    }

    private void sparesDue() {
        sparesTimer = null;
        sparesDue = true;
        requestOnceAllRun();
    }

    /** The run is over: the spares' timer is cancelled. */
    void cancelTimer() {
        if (sparesTimer != null) {
            sparesTimer.cancel();
            sparesTimer = null;
        }
    }

    /**
     * Once every worker has its first container and is ready: the spares are asked for only then,
     * so that they never take the room a worker's own (or re-placed) request needs, nor the CPU its
     * JVM needs to start and load its partitions (time to the first result: two more JVMs starting
     * beside four workers on the embedded cluster's two cores slowed every worker).
     */
    void requestOnceAllRun() {
        if (!sparesRequested
                && sparesDue
                && !owner.isStopping()
                && containers.running().size() == owner.workers()) {
            sparesRequested = true;
            for (int k = 0; k < spares; k++) {
                requestSpare(k);
            }
        }
    }

    /**
     * Asks for spare slot k's container on the node with the fewest containers asked for (workers'
     * and spares'), ties by name, so that a spare is rarely beside the workers it may replace.
     */
    private void requestSpare(int slot) {
        Map<String, Integer> count = new TreeMap<>();
        for (String n : owner.requestedNodes()) {
            count.merge(n, 1, Integer::sum);
        }
        for (Container c : spareContainers.values()) {
            count.merge(WorkerContainers.nodeName(c), 1, Integer::sum);
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
                owner.request(id)
                        .nodes(node == null ? null : new String[] {node})
                        .relaxLocality(true)
                        .build();
        spareSlotOf.put(id, slot);
        spareRequests.put(id, req);
        if (node != null) {
            spareWanted.put(id, node);
        }
        owner.rm().addContainerRequest(req);
    }

    /** Container {@code c} was granted for spare request {@code id}: launched, or released. */
    void allocated(Container c, long id) {
        Integer slot = spareSlotOf.remove(id);
        ContainerRequest req = spareRequests.remove(id);
        spareWanted.remove(id);
        if (slot == null || owner.isStopping()) {
            owner.rm().releaseAssignedContainer(c.getId());
            return;
        }
        owner.rm().removeContainerRequest(req);
        spareContainers.put(slot, c);
        spareOf.put(c.getId(), slot);
        int workers = owner.workers();
        LOG.info(
                "spare {}: container {} on {}",
                workers + slot,
                c.getId(),
                WorkerContainers.nodeName(c));
        containers.launch(c, workers + slot);
    }

    /** A spare's container ended or failed to start: whether {@code id} was a spare's. */
    boolean gone(ContainerId id, String why) {
        Integer slot = spareOf.remove(id);
        if (slot == null) {
            return false;
        }
        spareContainers.remove(slot);
        LOG.warn("spare {}: container {} {}", owner.workers() + slot, id, why);
        return true;
    }

    /**
     * Spare {@code spareId}'s container becomes worker w's standby in {@code standbys}, and a new
     * spare is asked for in its slot.
     */
    void adopt(int spareId, int w, Standbys standbys) {
        int slot = spareId - owner.workers();
        Container c = spareContainers.remove(slot);
        if (c == null || owner.isStopping()) {
            return;
        }
        spareOf.remove(c.getId());
        standbys.adopt(w, c, spareId);
        requestSpare(slot);
    }
}
