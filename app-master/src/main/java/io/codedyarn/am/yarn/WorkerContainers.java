package io.codedyarn.am.yarn;

import io.codedyarn.coordinator.CoordinatorEvent;
import io.codedyarn.coordinator.EventQueue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.IntFunction;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
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
 * failures into {@link CoordinatorEvent.WorkerFailed}. Callbacks run on AMRMClientAsync's and
 * NMClientAsync's threads and only post events or touch the concurrent maps here.
 *
 * <p>Locality fallback, re-placing data: a worker whose data is on no NodeManager's node, or whose
 * node has not given a container within {@code localityWaitSeconds} (dead, full or unknown), has
 * its partitions copied beside another node by the {@link Relocation} ({@link DataReplacer}: a node
 * with room and no other worker first) and is asked for again, strictly, on that node. When no node
 * can take it, the copy fails, or the re-placed request also waits out the locality wait, it is
 * asked for with relaxed locality (logged: its reads then go over the network, which costs speed,
 * not correctness). A container for an abandoned request that still arrives is used if the worker
 * has none yet (it reads its data remotely), else released.
 */
final class WorkerContainers {
    /** Re-places a worker's data beside another node; returns that node, or empty. */
    interface Relocation {
        Optional<String> replace(int worker, String unavailable, Collection<String> otherNodes);
    }

    private static final Logger LOG = LoggerFactory.getLogger(WorkerContainers.class);
    private static final Priority PRIORITY = Priority.newInstance(1);

    private final EventQueue events;
    private volatile IntFunction<ContainerLaunchContext> launchContext;
    private volatile Resource resource;
    private volatile int workers;
    private final Map<Integer, Container> running = new ConcurrentHashMap<>();
    private final Map<ContainerId, Integer> workerOf = new ConcurrentHashMap<>();
    private final Map<Integer, ContainerRequest> pending = new ConcurrentHashMap<>();
    private final Map<Integer, String> requestedNode = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "locality-fallback");
                        t.setDaemon(true);
                        return t;
                    });
    private final Set<Integer> relocated = ConcurrentHashMap.newKeySet();
    private volatile Relocation relocation;
    private volatile int localityWaitSeconds;
    private volatile boolean stopping;
    private AMRMClientAsync<ContainerRequest> rm;
    private NMClientAsync nm;

    /** Created before registration (its callbacks are the RM's); {@link #configure} later. */
    WorkerContainers(EventQueue events) {
        this.events = events;
    }

    /** What to request and launch, once the job is known (before {@link #request}). */
    void configure(
            int workers, Resource resource, IntFunction<ContainerLaunchContext> launchContext) {
        this.workers = workers;
        this.resource = resource;
        this.launchContext = launchContext;
    }

    AMRMClientAsync.AbstractCallbackHandler rmCallbacks(DoubleSupplier progress) {
        return new AMRMClientAsync.AbstractCallbackHandler() {
            @Override
            public void onContainersAllocated(List<Container> containers) {
                for (Container c : containers) {
                    allocated(c);
                }
            }

            @Override
            public void onContainersCompleted(List<ContainerStatus> statuses) {
                for (ContainerStatus s : statuses) {
                    completed(s);
                }
            }

            @Override
            public void onContainersUpdated(
                    List<org.apache.hadoop.yarn.api.records.UpdatedContainer> containers) {}

            @Override
            public void onShutdownRequest() {
                failAll("the ResourceManager asked the ApplicationMaster to shut down");
            }

            @Override
            public void onNodesUpdated(List<NodeReport> updatedNodes) {}

            @Override
            public float getProgress() {
                return (float) Math.max(0, Math.min(1, progress.getAsDouble()));
            }

            @Override
            public void onError(Throwable e) {
                failAll("ResourceManager connection failed: " + e);
            }
        };
    }

    NMClientAsync.AbstractCallbackHandler nmCallbacks() {
        return new NMClientAsync.AbstractCallbackHandler() {
            @Override
            public void onContainerStarted(
                    ContainerId id, Map<String, ByteBuffer> allServiceResponse) {
                LOG.info("worker {} started in {}", workerOf.get(id), id);
            }

            @Override
            public void onStartContainerError(ContainerId id, Throwable t) {
                Integer w = workerOf.get(id);
                if (w != null) {
                    events.post(
                            new CoordinatorEvent.WorkerFailed(
                                    w, "container " + id + " failed to start: " + t));
                }
            }

            @Override
            public void onContainerStatusReceived(ContainerId id, ContainerStatus status) {}

            @Override
            public void onContainerStopped(ContainerId id) {}

            @Override
            public void onGetContainerStatusError(ContainerId id, Throwable t) {}

            @Override
            public void onContainerResourceIncreased(ContainerId id, Resource r) {}

            @Override
            public void onContainerResourceUpdated(ContainerId id, Resource r) {}

            @Override
            public void onIncreaseContainerResourceError(ContainerId id, Throwable t) {}

            @Override
            public void onUpdateContainerResourceError(ContainerId id, Throwable t) {}

            @Override
            public void onStopContainerError(ContainerId id, Throwable t) {}
        };
    }

    /** How to re-place a worker's data (null: never; fall back to relaxed locality at once). */
    void relocateWith(Relocation r) {
        this.relocation = r;
    }

    /** Requests every worker's container; starts the locality fallback timer. */
    synchronized void request(
            AMRMClientAsync<ContainerRequest> rm,
            NMClientAsync nm,
            IntFunction<Optional<String>> nodeOf,
            int localityWaitSeconds) {
        this.rm = rm;
        this.nm = nm;
        this.localityWaitSeconds = localityWaitSeconds;
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
        if (!requestedNode.isEmpty()) {
            timer.schedule(this::relaxPending, localityWaitSeconds, TimeUnit.SECONDS);
        }
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
                            : c == null
                                    ? null
                                    : c.getNodeId().getHost() + ":" + c.getNodeId().getPort();
            if (k != w && node != null) {
                others.add(node);
            }
        }
        return r.replace(w, unavailable, others);
    }

    private ContainerRequest strict(int w, String node) {
        return ContainerRequest.newBuilder()
                .capability(resource)
                .nodes(new String[] {node})
                .priority(PRIORITY)
                .relaxLocality(false)
                .allocationRequestId(w)
                .build();
    }

    private ContainerRequest relaxed(int w) {
        return ContainerRequest.newBuilder()
                .capability(resource)
                .priority(PRIORITY)
                .relaxLocality(true)
                .allocationRequestId(w)
                .build();
    }

    private synchronized void relaxPending() {
        boolean again = false;
        for (Map.Entry<Integer, ContainerRequest> e : pending.entrySet()) {
            int w = e.getKey();
            if (stopping || running.containsKey(w) || e.getValue().getRelaxLocality()) {
                continue;
            }
            Optional<String> moved = relocate(w, requestedNode.get(w));
            if (moved.isPresent()) {
                rm.removeContainerRequest(e.getValue());
                ContainerRequest r = strict(w, moved.get());
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
            rm.removeContainerRequest(e.getValue());
            ContainerRequest r = relaxed(w);
            pending.put(w, r);
            rm.addContainerRequest(r);
        }
        if (again && !stopping) { // a re-placed request that also waits in vain goes relaxed
            timer.schedule(this::relaxPending, localityWaitSeconds, TimeUnit.SECONDS);
        }
    }

    private synchronized void allocated(Container c) {
        int w = (int) c.getAllocationRequestId();
        String node = c.getNodeId().getHost() + ":" + c.getNodeId().getPort();
        ContainerRequest req = pending.remove(w);
        if (stopping || w < 0 || w >= workers || req == null || running.containsKey(w)) {
            LOG.info("releasing surplus container {} on {} (worker {})", c.getId(), node, w);
            rm.releaseAssignedContainer(c.getId());
            return;
        }
        rm.removeContainerRequest(req);
        running.put(w, c);
        workerOf.put(c.getId(), w);
        String wanted = requestedNode.get(w);
        LOG.info(
                "worker {}: container {} on {}{}",
                w,
                c.getId(),
                node,
                wanted == null || wanted.equals(node) ? "" : " (wanted " + wanted + ")");
        nm.startContainerAsync(c, launchContext.apply(w));
    }

    private void completed(ContainerStatus s) {
        Integer w = workerOf.get(s.getContainerId());
        if (w == null || stopping) {
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

    private void failAll(String why) {
        for (int w = 0; w < workers; w++) {
            events.post(new CoordinatorEvent.WorkerFailed(w, why));
        }
    }

    /** Node names the workers' containers run on (worker order; null where none yet). */
    List<String> nodes() {
        List<String> out = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            Container c = running.get(w);
            out.add(c == null ? null : c.getNodeId().getHost() + ":" + c.getNodeId().getPort());
        }
        return out;
    }

    int runningCount() {
        return running.size();
    }

    /** From now on container exits are expected (the run is over). */
    void stopping() {
        stopping = true;
        timer.shutdownNow();
    }
}
