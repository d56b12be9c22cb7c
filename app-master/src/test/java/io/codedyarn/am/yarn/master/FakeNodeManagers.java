package io.codedyarn.am.yarn.master;

import io.codedyarn.coordinator.cluster.EventQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;

/**
 * The NodeManagers the AM launches containers on, as a recorder ("start w on host:port") that hands
 * each launch to a {@link Launcher} (none by default: the container never reports back). The client
 * is never started.
 */
final class FakeNodeManagers extends NMClientAsync {
    /** What "starting" a container does; may call back through {@code callbacks}. */
    @FunctionalInterface
    interface Launcher {
        void start(Container c, ContainerLaunchContext context, CallbackHandler callbacks);
    }

    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final Launcher launcher;

    FakeNodeManagers() {
        this(
                new WorkerContainers(
                                new EventQueue(),
                                Runnable::run,
                                new ManualScheduler(
                                        new io.codedyarn.coordinator.cluster.ManualClock()))
                        .nmCallbacks(),
                (c, context, callbacks) -> {});
    }

    FakeNodeManagers(AbstractCallbackHandler callbacks, Launcher launcher) {
        super(callbacks);
        this.launcher = launcher;
    }

    /** The launches so far, in order. */
    List<String> starts() {
        return new ArrayList<>(calls);
    }

    @Override
    public void startContainerAsync(Container c, ContainerLaunchContext context) {
        calls.add("start " + c.getAllocationRequestId() + " on " + c.getNodeId());
        launcher.start(c, context, callbackHandler);
    }

    /** A replaced worker's old container is stopped (recorded as "stop id on host:port"). */
    @Override
    public void stopContainerAsync(ContainerId id, NodeId node) {
        calls.add("stop " + id + " on " + node);
    }

    // ---- calls the AM never makes ----

    @Override
    public void increaseContainerResourceAsync(Container c) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void updateContainerResourceAsync(Container c) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void reInitializeContainerAsync(
            ContainerId id, ContainerLaunchContext context, boolean autoCommit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void restartContainerAsync(ContainerId id) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void rollbackLastReInitializationAsync(ContainerId id) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void commitLastReInitializationAsync(ContainerId id) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void getContainerStatusAsync(ContainerId id, NodeId node) {
        throw new UnsupportedOperationException();
    }
}
