package io.codedyarn.am.yarn.master;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.slf4j.Logger;

/**
 * The workers' container requests, first containers and replacements alike, with the locality
 * fallback; one of {@link WorkerContainers}' collaborators, run on its {@code thread} only.
 *
 * <p>State machine, per worker: <em>strict</em> (asked for on the node holding its partitions,
 * allocation id w, or w + N·k for its k-th replacement) → on the locality wait's end without a
 * container, <em>re-placed</em> once (its data copied beside another node, {@link
 * WorkerContainers.Relocation}, asked for strictly there) → <em>relaxed</em> (asked for anywhere; a
 * replacement is never relaxed: it is re-placed again or given up with {@code ReplacementFailed}) →
 * <em>granted</em> (the request is removed; the container is the worker's or, for a replacement, a
 * standby's). One locality timer serves every pending request.
 *
 * <p>Locality fallback, re-placing data: a worker whose data is on no NodeManager's node, or whose
 * node has not given a container within {@code localityWaitSeconds} (dead, full or unknown), has
 * its partitions copied beside another node by the {@link WorkerContainers.Relocation} ({@link
 * DataReplacer}: a node with room and no other worker first) and is asked for again, strictly, on
 * that node. When no node can take it, the copy fails, or the re-placed request also waits out the
 * locality wait, it is asked for with relaxed locality (logged: its reads then go over the network,
 * which costs speed, not correctness). A container for an abandoned request that still arrives is
 * used if the worker has none yet (it reads its data remotely), else released.
 */
final class ContainerRequests {
    private static final Logger LOG = WorkerContainers.LOG;

    private final WorkerContainers owner;
    private final RunningContainers containers;
    private final EventQueue events;
    private final Scheduler timers;
    private WorkerContainers.Relocation relocation;
    private Duration localityWait;
    // sorted: the locality fallback handles workers in id order (its log and requests read so)
    private final Map<Integer, ContainerRequest> pending = new TreeMap<>();
    private final Map<Integer, String> requestedNode = new HashMap<>();
    private final Set<Integer> relocated = new HashSet<>();
    private final Map<Integer, Set<String>> avoidFor = new HashMap<>();
    private int replacementsAsked;
    private Scheduler.Cancellable localityTimer;

    ContainerRequests(
            WorkerContainers owner,
            RunningContainers containers,
            EventQueue events,
            Scheduler timers) {
        this.owner = owner;
        this.containers = containers;
        this.events = events;
        this.timers = timers;
    }

    /** How to re-place a worker's data (null: never; fall back to relaxed locality at once). */
    void relocateWith(WorkerContainers.Relocation r) {
        this.relocation = r;
    }

    /** Requests not yet granted. */
    int outstanding() {
        return pending.size();
    }

    /** Worker w's request not yet granted, or null. */
    ContainerRequest pending(int w) {
        return pending.get(w);
    }

    /** The node worker w was last asked for on, or null (asked for anywhere). */
    String requestedNode(int w) {
        return requestedNode.get(w);
    }

    /** The nodes asked for, one per worker asked for on a node. */
    Collection<String> requestedNodes() {
        return requestedNode.values();
    }

    /** Worker w's request {@code req} was granted: it is no longer asked for. */
    void granted(int w, ContainerRequest req) {
        pending.remove(w);
        owner.rm().removeContainerRequest(req);
    }

    /** Every worker's first request, then the locality wait. */
    void requestAll(IntFunction<Optional<String>> nodeOf, Duration localityWait) {
        this.localityWait = localityWait;
        int workers = owner.workers();
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
        AMRMClientAsync<ContainerRequest> rm = owner.rm();
        for (int w = 0; w < workers; w++) {
            String node = requestedNode.get(w);
            ContainerRequest req = node != null ? strict(w, node) : relaxed(w);
            pending.put(w, req);
            rm.addContainerRequest(req);
        }
    }

    /** Whether any worker was asked for on a node (then the locality wait starts). */
    boolean anyPlaced() {
        return !requestedNode.isEmpty();
    }

    /** Re-places worker w's data once (never twice); the new node, or empty. */
    private Optional<String> relocate(int w, String unavailable) {
        WorkerContainers.Relocation r = relocation;
        if (r == null || !relocated.add(w)) {
            return Optional.empty();
        }
        // each other worker once: the node it asked for (named as candidates are), else the one
        // its container runs on (a relaxed request)
        Map<Integer, Container> running = containers.running();
        List<String> others = new ArrayList<>();
        for (int k = 0; k < owner.workers(); k++) {
            Container c = running.get(k);
            String node =
                    requestedNode.containsKey(k)
                            ? requestedNode.get(k)
                            : c == null ? null : WorkerContainers.nodeName(c);
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
        return owner.request(id).nodes(new String[] {node}).relaxLocality(false).build();
    }

    private ContainerRequest relaxed(long id) {
        return owner.request(id).relaxLocality(true).build();
    }

    /**
     * Re-places and requests worker w's replacement; null when asked (or already under way, its
     * request here or its standby's container in {@code standbys}), else why not.
     */
    String requestReplacement(int w, Collection<String> avoid, Standbys standbys) {
        if (pending.containsKey(w) || standbys.has(w)) {
            return null; // one replacement at a time
        }
        WorkerContainers.Relocation r = relocation;
        AMRMClientAsync<ContainerRequest> rm = owner.rm();
        if (owner.isStopping() || rm == null || r == null) {
            return "this application master cannot start replacement containers now";
        }
        Optional<String> node = r.replace(w, avoid, nodesOfOthers(w));
        if (node.isEmpty()) {
            return "no node outside " + avoid + " can take worker " + w + " and its partitions";
        }
        long id = w + (long) owner.workers() * ++replacementsAsked;
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

    /** The locality wait: once it is over, {@link #relaxPending} runs on {@code thread}. */
    void startLocalityWait() {
        localityTimer = timers.schedule(localityWait, () -> owner.post(this::relaxPending));
    }

    /** The run is over: the locality wait is cancelled. */
    void cancelLocalityWait() {
        if (localityTimer != null) {
            localityTimer.cancel();
            localityTimer = null;
        }
    }

    private void relaxPending() {
        localityTimer = null;
        boolean again = false;
        AMRMClientAsync<ContainerRequest> rm = owner.rm();
        for (int w : List.copyOf(pending.keySet())) {
            ContainerRequest req = pending.get(w);
            long id = req.getAllocationRequestId();
            boolean replacement = id >= owner.workers();
            if (owner.isStopping()
                    || (!replacement && containers.has(w))
                    || req.getRelaxLocality()) {
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
        if (again
                && !owner
                        .isStopping()) { // a re-placed request that also waits in vain goes relaxed
            startLocalityWait();
        }
    }

    /** The node each other worker's container runs on (a replacement's chooser avoids them). */
    private List<String> nodesOfOthers(int w) {
        List<String> nodes = containers.nodes();
        List<String> others = new ArrayList<>();
        for (int k = 0; k < owner.workers(); k++) {
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
        AMRMClientAsync<ContainerRequest> rm = owner.rm();
        rm.removeContainerRequest(req);
        WorkerContainers.Relocation r = relocation;
        Optional<String> moved =
                r == null ? Optional.empty() : r.replace(w, avoid, nodesOfOthers(w));
        if (moved.isEmpty()) {
            pending.remove(w);
            events.post(
                    new CoordinatorEvent.ReplacementFailed(
                            w,
                            "no node outside "
                                    + avoid
                                    + " gave a replacement container within the locality"
                                    + " wait"));
            return false;
        }
        ContainerRequest next = strict(req.getAllocationRequestId(), moved.get());
        requestedNode.put(w, moved.get());
        pending.put(w, next);
        rm.addContainerRequest(next);
        return true;
    }
}
