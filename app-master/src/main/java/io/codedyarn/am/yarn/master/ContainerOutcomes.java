package io.codedyarn.am.yarn.master;

import io.codedyarn.am.yarn.ContainerJava;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;

/**
 * What YARN's container callbacks mean for the workers, for {@link WorkerContainers}: an allocated
 * container becomes a worker's, its replacement's or a spare's (or is released as surplus) and is
 * launched; a container that fails to start or exits becomes a {@link
 * CoordinatorEvent.WorkerFailed} unless it was a spare's, a replaced one's or expected (the run is
 * stopping). Runs on the facade's one thread only, like its other collaborators, and logs under its
 * name.
 */
final class ContainerOutcomes implements ContainerCallbacks.Listener {
    private static final org.slf4j.Logger LOG = WorkerContainers.LOG;

    private final WorkerContainers owner;
    private final RunningContainers containers;
    private final ContainerRequests requests;
    private final Standbys standbys;
    private final SparePool spares;
    private final EventQueue events;

    ContainerOutcomes(
            WorkerContainers owner,
            RunningContainers containers,
            ContainerRequests requests,
            Standbys standbys,
            SparePool spares,
            EventQueue events) {
        this.owner = owner;
        this.containers = containers;
        this.requests = requests;
        this.standbys = standbys;
        this.spares = spares;
        this.events = events;
    }

    @Override
    public void allocated(Container c) {
        long id = c.getAllocationRequestId();
        if (id >= SparePool.SPARE_BASE) {
            spares.allocated(c, id);
            return;
        }
        int w = owner.workers() > 0 && id >= 0 ? (int) (id % owner.workers()) : -1;
        String node = WorkerContainers.nodeName(c);
        ContainerRequest req = w < 0 ? null : requests.pending(w);
        if (req != null
                && req.getAllocationRequestId() == id
                && id >= owner.workers()
                && !owner.isStopping()) {
            requests.granted(w, req);
            standbys.allocated(w, c, node);
            return;
        }
        if (owner.isStopping()
                || w < 0
                || req == null
                || req.getAllocationRequestId() != id
                || containers.has(w)) {
            LOG.info("releasing surplus container {} on {} (worker {})", c.getId(), node, w);
            owner.rm().releaseAssignedContainer(c.getId());
            return;
        }
        requests.granted(w, req);
        containers.run(w, c, node);
        String wanted = requests.requestedNode(w);
        LOG.info(
                "worker {}: container {} on {}{}",
                w,
                c.getId(),
                node,
                wanted == null || wanted.equals(node) ? "" : " (wanted " + wanted + ")");
        containers.launch(c, w);
        spares.requestOnceAllRun();
    }

    @Override
    public void started(ContainerId id) {
        LOG.info("worker {} started in {}", containers.workerOf(id), id);
    }

    @Override
    public void startFailed(ContainerId id, Throwable t) {
        if (spares.gone(id, "failed to start: " + t)) {
            return;
        }
        Integer w = containers.workerOf(id);
        if (w != null && standbys.ended(id, w, "failed to start: " + t)) {
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
        containers.ended(s.getContainerId());
        if (spares.gone(s.getContainerId(), "exited with status " + s.getExitStatus())) {
            return;
        }
        Integer w = containers.workerOf(s.getContainerId());
        if (w == null || owner.isStopping()) {
            return;
        }
        if (standbys.ended(
                s.getContainerId(),
                w,
                "exited with status "
                        + s.getExitStatus()
                        + ContainerCallbacks.exitCause(s.getExitStatus()))) {
            return;
        }
        events.post(new CoordinatorEvent.WorkerFailed(w, failure(s)));
    }

    /**
     * Why worker w's container ended: its status and YARN's diagnostics, or, for a Java older than
     * 17, only the launch check's one line (the rest of the diagnostics is the NodeManager's launch
     * boilerplate; the coordinator adds the worker's node).
     */
    private static String failure(ContainerStatus s) {
        String diagnostics = s.getDiagnostics() == null ? "" : s.getDiagnostics().strip();
        String head =
                "container "
                        + s.getContainerId()
                        + " exited with status "
                        + s.getExitStatus()
                        + ContainerCallbacks.exitCause(s.getExitStatus());
        if (s.getExitStatus() == ContainerJava.EXIT_TOO_OLD) {
            return head
                    + ": "
                    + diagnostics
                            .lines()
                            .filter(l -> l.startsWith("coded-yarn: "))
                            .findFirst()
                            .orElse(diagnostics);
        }
        return head + (diagnostics.isEmpty() ? "" : ": " + diagnostics);
    }

    @Override
    public void lostAll(String why) {
        for (int w = 0; w < owner.workers(); w++) {
            events.post(new CoordinatorEvent.WorkerFailed(w, why));
        }
    }
}
