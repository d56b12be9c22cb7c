package io.codedyarn.am.yarn;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.UpdateContainerRequest;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;

/**
 * The ResourceManager side {@link WorkerContainers} talks to, as a recorder: every add and remove
 * of a container request, in order, as "add w node" / "add w *" (relaxed) / "remove w node". No
 * allocation ever happens, so every strict request waits out the locality wait.
 */
final class FakeResourceManager extends AMRMClientAsync<ContainerRequest> {
    private final LinkedBlockingQueue<String> calls = new LinkedBlockingQueue<>();

    FakeResourceManager() {
        super(
                1000,
                new WorkerContainers(new io.codedyarn.coordinator.EventQueue())
                        .rmCallbacks(() -> 0));
    }

    /** The next recorded call, waiting up to 10 s; null if none came. */
    String next() throws InterruptedException {
        return calls.poll(10, TimeUnit.SECONDS);
    }

    /** The next {@code n} calls. */
    List<String> next(int n) throws InterruptedException {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(next());
        }
        return out;
    }

    private static String describe(ContainerRequest r) {
        return r.getAllocationRequestId()
                + " "
                + (r.getRelaxLocality() ? "*" : String.join(",", r.getNodes()));
    }

    @Override
    public void addContainerRequest(ContainerRequest r) {
        calls.add("add " + describe(r));
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
        throw new UnsupportedOperationException();
    }

    @Override
    public void unregisterApplicationMaster(
            FinalApplicationStatus status, String message, String url) {
        throw new UnsupportedOperationException();
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
