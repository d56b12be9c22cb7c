package io.codedyarn.am.yarn.master;

import io.codedyarn.coordinator.cluster.EventQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.UpdateContainerRequest;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;

/**
 * The ResourceManager side the AM talks to, as a recorder: every call, in order, as "register host
 * url" / "add w node" / "add w *" (relaxed) / "remove w node" / "release id" / "unregister STATUS
 * diagnostic". By default no allocation ever happens, so every strict request waits out the
 * locality wait; {@link #allocating} answers each request at once with a container on its node (or
 * on {@value #ANY_NODE} when relaxed), through the AM's own callbacks. The client is never started:
 * nothing heartbeats.
 */
final class FakeResourceManager extends AMRMClientAsync<ContainerRequest> {
    /** Where a relaxed request's container lands. */
    static final String ANY_NODE = "any-node";

    /** Every container's NodeManager port. */
    static final int NM_PORT = 8041;

    private final ConcurrentLinkedQueue<String> calls = new ConcurrentLinkedQueue<>();
    private final boolean allocate;
    private long containers;

    FakeResourceManager() {
        this(
                new WorkerContainers(
                                new EventQueue(),
                                Runnable::run,
                                new ManualScheduler(
                                        new io.codedyarn.coordinator.cluster.ManualClock()))
                        .rmCallbacks(() -> 0),
                false);
    }

    private FakeResourceManager(AbstractCallbackHandler callbacks, boolean allocate) {
        super(1000, callbacks);
        this.allocate = allocate;
    }

    /** One that answers every container request with a container, at once. */
    static FakeResourceManager allocating(AbstractCallbackHandler callbacks) {
        return new FakeResourceManager(callbacks, true);
    }

    /** A container of worker {@code w}'s request on {@code host}. */
    static Container container(int w, String host, long id) {
        ContainerId cid =
                ContainerId.newContainerId(
                        ApplicationAttemptId.newInstance(ApplicationId.newInstance(1, 1), 1), id);
        Container c =
                Container.newInstance(
                        cid,
                        NodeId.newInstance(host, NM_PORT),
                        host + ":8042",
                        Resource.newInstance(256, 1),
                        Priority.newInstance(1),
                        null);
        c.setAllocationRequestId(w);
        return c;
    }

    /** The next recorded call; null if there is none (every caller here is synchronous). */
    String next() {
        return calls.poll();
    }

    /** The next {@code n} calls. */
    List<String> next(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(next());
        }
        return out;
    }

    /** Every call not yet taken by {@link #next}, and takes them. */
    List<String> rest() {
        List<String> out = new ArrayList<>();
        for (String c = next(); c != null; c = next()) {
            out.add(c);
        }
        return out;
    }

    private static String describe(ContainerRequest r) {
        return r.getAllocationRequestId()
                + " "
                + (r.getRelaxLocality() ? "*" : String.join(",", r.getNodes()))
                + (r.getNodeLabelExpression() == null ? "" : " @" + r.getNodeLabelExpression());
    }

    @Override
    public void addContainerRequest(ContainerRequest r) {
        calls.add("add " + describe(r));
        if (allocate) {
            String host =
                    r.getRelaxLocality() ? ANY_NODE : LocalityPlanner.hostOf(r.getNodes().get(0));
            int w = (int) r.getAllocationRequestId();
            handler.onContainersAllocated(List.of(container(w, host, ++containers)));
        }
    }

    @Override
    public void removeContainerRequest(ContainerRequest r) {
        calls.add("remove " + describe(r));
    }

    @Override
    public List<? extends Collection<ContainerRequest>> getMatchingRequests(
            Priority priority, String resourceName, Resource capability) {
        return List.of();
    }

    @Override
    public RegisterApplicationMasterResponse registerApplicationMaster(
            String host, int port, String url) {
        calls.add("register " + host + " " + url);
        return null; // the AM does not read the response
    }

    @Override
    public void unregisterApplicationMaster(
            FinalApplicationStatus status, String message, String url) {
        calls.add("unregister " + status + " " + message);
    }

    @Override
    public void requestContainerUpdate(Container container, UpdateContainerRequest request) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void releaseAssignedContainer(ContainerId id) {
        calls.add("release " + id);
    }

    @Override
    public Resource getAvailableResources() {
        return Resource.newInstance(0, 0);
    }

    @Override
    public int getClusterNodeCount() {
        return 0;
    }

    @Override
    public void updateBlacklist(List<String> additions, List<String> removals) {}
}
