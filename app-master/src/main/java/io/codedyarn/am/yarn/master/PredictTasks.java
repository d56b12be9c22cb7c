package io.codedyarn.am.yarn.master;

import io.codedyarn.am.yarn.ContainerJava;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.NMClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link PredictMaster}'s loop on its one thread: a container request per part (strict on its node,
 * relaxed after the locality wait, labelled with the workers' node label), launches of {@link
 * PredictTask}, completions, and up to {@link PredictMaster#MAX_ATTEMPTS} attempts per part. An
 * attempt past its {@link PartDeadlines} limit is stopped and counts as failed; a request
 * unanswered past its wait fails the job, naming the part and the node it asked for.
 */
final class PredictTasks {
    private static final Logger LOG = LoggerFactory.getLogger(PredictMaster.class);

    private final AMRMClient<ContainerRequest> rm;
    private final NMClient nm;
    private final Resource resource;
    private final ContainerLaunchContext template;
    private final List<PredictMaster.Part> parts;
    private final String javaHome;
    private final String nodeLabel;
    private final Map<Integer, ContainerRequest> pending = new HashMap<>();
    private final Map<Integer, Long> askedAt = new HashMap<>();
    private final Map<ContainerId, Integer> running = new HashMap<>();
    private final Map<ContainerId, Boolean> local = new HashMap<>();
    private final Map<ContainerId, Container> containers = new HashMap<>();
    private final Map<ContainerId, Long> launchedAt = new HashMap<>();
    private final Map<ContainerId, String> stopped = new HashMap<>(); // why we stopped it
    private final Map<Integer, Long> firstAskedAt = new HashMap<>(); // per attempt's request
    private final PartDeadlines deadlines;
    private final int[] attempts;
    private final boolean[] done;
    private int finished;
    private int dataLocal;
    private String failure;

    PredictTasks(
            AMRMClient<ContainerRequest> rm,
            NMClient nm,
            Resource resource,
            ContainerLaunchContext template,
            List<PredictMaster.Part> parts,
            String javaHome,
            String nodeLabel,
            PartDeadlines deadlines) {
        this.rm = rm;
        this.javaHome = javaHome;
        this.nodeLabel = nodeLabel;
        this.deadlines = deadlines;
        this.nm = nm;
        this.resource = resource;
        this.template = template;
        this.parts = parts;
        attempts = new int[parts.size()];
        done = new boolean[parts.size()];
    }

    boolean runAll(int localityWaitSeconds) throws Exception {
        for (PredictMaster.Part p : parts) {
            ask(p, p.node().isPresent());
        }
        while (finished < parts.size() && failure == null) {
            AllocateResponse r = rm.allocate((float) finished / Math.max(1, parts.size()));
            for (Container c : r.getAllocatedContainers()) {
                launch(c);
            }
            for (ContainerStatus s : r.getCompletedContainersStatuses()) {
                completed(s);
            }
            relaxLate(localityWaitSeconds);
            overdue();
            Thread.sleep(100);
        }
        return failure == null;
    }

    private void ask(PredictMaster.Part p, boolean strict) {
        ContainerRequest.ContainerRequestBuilder b =
                ContainerRequest.newBuilder()
                        .capability(resource)
                        .priority(WorkerContainers.PRIORITY)
                        .allocationRequestId(p.index())
                        .relaxLocality(!strict)
                        // on strict requests too, as train's workers (WorkerContainers.request)
                        .nodeLabelsExpression(nodeLabel.isEmpty() ? null : nodeLabel);
        if (strict) {
            b.nodes(new String[] {p.node().get()});
        }
        ContainerRequest req = b.build();
        rm.addContainerRequest(req);
        pending.put(p.index(), req);
        firstAskedAt.putIfAbsent(p.index(), System.nanoTime());
        if (strict) {
            askedAt.put(p.index(), System.nanoTime()); // relaxed after the wait (relaxLate)
        } else {
            askedAt.remove(p.index()); // already anywhere: nothing to relax
        }
    }

    /** A strict request unanswered past the wait is asked again anywhere. */
    private void relaxLate(int waitSeconds) {
        long now = System.nanoTime();
        for (PredictMaster.Part p : parts) {
            Long t = askedAt.get(p.index());
            if (pending.containsKey(p.index())
                    && t != null
                    && now - t > waitSeconds * 1_000_000_000L) {
                rm.removeContainerRequest(pending.remove(p.index()));
                LOG.info(
                        "part {}: no container on {} within {} s; asking anywhere",
                        p.index(),
                        p.node().orElse("?"),
                        waitSeconds);
                ask(p, false);
            }
        }
    }

    private void launch(Container c) throws Exception {
        int part = (int) c.getAllocationRequestId();
        ContainerRequest req = pending.remove(part);
        if (req == null || done[part]) {
            rm.releaseAssignedContainer(c.getId());
            return;
        }
        rm.removeContainerRequest(req);
        firstAskedAt.remove(part);
        String node = c.getNodeId().getHost() + ":" + c.getNodeId().getPort();
        PredictMaster.Part p = parts.get(part);
        boolean isLocal =
                p.holders().contains(node) || p.holders().contains(c.getNodeId().getHost());
        ContainerLaunchContext ctx =
                ContainerLaunchContext.newInstance(
                        template.getLocalResources(),
                        template.getEnvironment(),
                        List.of(command(part, resource.getMemorySize())),
                        null,
                        template.getTokens() == null ? null : template.getTokens().duplicate(),
                        null);
        attempts[part]++;
        running.put(c.getId(), part);
        local.put(c.getId(), isLocal);
        containers.put(c.getId(), c);
        launchedAt.put(c.getId(), System.nanoTime());
        LOG.info(
                "part {} attempt {} on {} ({})",
                part,
                attempts[part],
                node,
                isLocal ? "data-local" : "remote");
        nm.startContainer(c, ctx);
    }

    private String command(int part, long memoryMb) {
        return ContainerJava.command(
                javaHome,
                ContainerJava.Role.PREDICT_TASK,
                "-Xmx"
                        + Math.max(64, memoryMb * 3 / 4)
                        + "m "
                        + PredictTask.class.getName()
                        + " "
                        + part
                        + " 1>"
                        + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                        + "/PredictTask.stdout 2>"
                        + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                        + "/PredictTask.stderr",
                "PredictTask.stderr");
    }

    private void completed(ContainerStatus s) {
        Integer part = running.remove(s.getContainerId());
        if (part == null) {
            return;
        }
        boolean wasLocal = Boolean.TRUE.equals(local.remove(s.getContainerId()));
        Container c = containers.remove(s.getContainerId());
        Long started = launchedAt.remove(s.getContainerId());
        String why = stopped.remove(s.getContainerId());
        if (s.getExitStatus() == 0 && why == null) {
            if (started != null) {
                deadlines.finished((System.nanoTime() - started) / 1e9);
            }
            done[part] = true;
            finished++;
            dataLocal += wasLocal ? 1 : 0;
            return;
        }
        String node = c == null ? "?" : c.getNodeId().toString();
        String cause =
                why != null
                        ? "overdue: " + why
                        : "exit " + s.getExitStatus() + " " + s.getDiagnostics().strip();
        LOG.warn("part {} attempt {} on {} failed: {}", part, attempts[part], node, cause);
        if (attempts[part] >= PredictMaster.MAX_ATTEMPTS) {
            failure =
                    "part "
                            + part
                            + " failed "
                            + attempts[part]
                            + " times; last on "
                            + node
                            + ": "
                            + cause;
            return;
        }
        ask(parts.get(part), false);
    }

    /**
     * Stops the attempts past their limit (their completion then counts them as failed) and fails
     * the job when a part's request has waited past its limit.
     */
    private void overdue() {
        long now = System.nanoTime();
        for (var e : launchedAt.entrySet()) {
            ContainerId id = e.getKey();
            String why =
                    stopped.containsKey(id)
                            ? null
                            : deadlines.overdueTask((now - e.getValue()) / 1e9);
            if (why != null) {
                Container c = containers.get(id);
                LOG.warn("part {} on {}: {}; stopping it", running.get(id), c.getNodeId(), why);
                stopped.put(id, why);
                try {
                    nm.stopContainer(id, c.getNodeId());
                } catch (Exception stopFailed) { // its completion still comes from the RM
                    LOG.warn("could not stop {}: {}", id, stopFailed.toString());
                }
            }
        }
        for (var e : firstAskedAt.entrySet()) {
            String why = deadlines.overdueRequest((now - e.getValue()) / 1e9);
            if (why != null && failure == null) {
                PredictMaster.Part p = parts.get(e.getKey());
                failure =
                        "part "
                                + p.index()
                                + " (data on "
                                + p.node().orElse("no NodeManager's host")
                                + "): "
                                + why
                                + "; each part asks for "
                                + resource.getMemorySize()
                                + " MB and "
                                + resource.getVirtualCores()
                                + " vcores";
            }
        }
    }

    String summary() {
        if (failure != null) {
            return failure;
        }
        return parts.size() + " parts, " + dataLocal + " data-local";
    }
}
