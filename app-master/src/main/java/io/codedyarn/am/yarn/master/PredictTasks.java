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
 * relaxed after the locality wait), launches of {@link PredictTask}, completions, and up to {@link
 * PredictMaster#MAX_ATTEMPTS} attempts per part.
 */
final class PredictTasks {
    private static final Logger LOG = LoggerFactory.getLogger(PredictMaster.class);

    private final AMRMClient<ContainerRequest> rm;
    private final NMClient nm;
    private final Resource resource;
    private final ContainerLaunchContext template;
    private final List<PredictMaster.Part> parts;
    private final String javaHome;
    private final Map<Integer, ContainerRequest> pending = new HashMap<>();
    private final Map<Integer, Long> askedAt = new HashMap<>();
    private final Map<ContainerId, Integer> running = new HashMap<>();
    private final Map<ContainerId, Boolean> local = new HashMap<>();
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
            String javaHome) {
        this.rm = rm;
        this.javaHome = javaHome;
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
                        .relaxLocality(!strict);
        if (strict) {
            b.nodes(new String[] {p.node().get()});
        }
        ContainerRequest req = b.build();
        rm.addContainerRequest(req);
        pending.put(p.index(), req);
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
        if (s.getExitStatus() == 0) {
            done[part] = true;
            finished++;
            dataLocal += wasLocal ? 1 : 0;
            return;
        }
        LOG.warn(
                "part {} attempt {} failed: exit {} {}",
                part,
                attempts[part],
                s.getExitStatus(),
                s.getDiagnostics());
        if (attempts[part] >= PredictMaster.MAX_ATTEMPTS) {
            failure =
                    "part "
                            + part
                            + " failed "
                            + attempts[part]
                            + " times; last: exit "
                            + s.getExitStatus()
                            + " "
                            + s.getDiagnostics();
            return;
        }
        ask(parts.get(part), false);
    }

    String summary() {
        if (failure != null) {
            return failure;
        }
        return parts.size() + " parts, " + dataLocal + " data-local";
    }
}
