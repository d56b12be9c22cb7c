package io.codedyarn.am.yarn.master;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.DoubleSupplier;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.UpdatedContainer;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;

/**
 * AMRMClientAsync's and NMClientAsync's callback handlers for {@link WorkerContainers}: on YARN's
 * callback threads each callback only posts the matching {@link Listener} call to the owner's one
 * thread (Flink's {@code runAsyncWithFatalHandler}), so no state is touched there. Callbacks for
 * calls the AM never makes (container status, stop, resize, re-initialisation) are ignored.
 */
final class ContainerCallbacks {
    /** What the callbacks become; called only on the owner's thread. */
    interface Listener {
        void allocated(Container c);

        void completed(ContainerStatus s);

        void started(ContainerId id);

        void startFailed(ContainerId id, Throwable t);

        /** Every worker is lost: the RM asked the AM to shut down, or cannot be reached. */
        void lostAll(String why);
    }

    private ContainerCallbacks() {}

    /**
     * @param thread posts to the owner's thread
     * @param progress the run's progress, 0..1, readable from the heartbeat thread
     * @param onHeartbeat run on the heartbeat thread once per heartbeat (it asks for the progress
     *     once per heartbeat)
     */
    static AMRMClientAsync.AbstractCallbackHandler resourceManager(
            Executor thread, Listener to, DoubleSupplier progress, Runnable onHeartbeat) {
        return new AMRMClientAsync.AbstractCallbackHandler() {
            @Override
            public void onContainersAllocated(List<Container> containers) {
                List<Container> copy = List.copyOf(containers);
                thread.execute(() -> copy.forEach(to::allocated));
            }

            @Override
            public void onContainersCompleted(List<ContainerStatus> statuses) {
                List<ContainerStatus> copy = List.copyOf(statuses);
                thread.execute(() -> copy.forEach(to::completed));
            }

            @Override
            public void onContainersUpdated(List<UpdatedContainer> containers) {}

            @Override
            public void onShutdownRequest() {
                thread.execute(
                        () ->
                                to.lostAll(
                                        "the ResourceManager asked the ApplicationMaster to shut"
                                                + " down"));
            }

            @Override
            public void onNodesUpdated(List<NodeReport> updatedNodes) {
                // not used: a lost node shows as its containers' exits
            }

            @Override
            public float getProgress() {
                // answered on the heartbeat thread, hence a supplier readable from any thread
                onHeartbeat.run();
                return (float) Math.max(0, Math.min(1, progress.getAsDouble()));
            }

            @Override
            public void onError(Throwable e) {
                thread.execute(() -> to.lostAll("ResourceManager connection failed: " + e));
            }
        };
    }

    /**
     * @param thread posts to the owner's thread
     */
    static NMClientAsync.AbstractCallbackHandler nodeManagers(Executor thread, Listener to) {
        return new NMClientAsync.AbstractCallbackHandler() {
            @Override
            public void onContainerStarted(
                    ContainerId id, Map<String, ByteBuffer> allServiceResponse) {
                thread.execute(() -> to.started(id));
            }

            @Override
            public void onStartContainerError(ContainerId id, Throwable t) {
                thread.execute(() -> to.startFailed(id, t));
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

    /** What a container's exit status means, as " (...)" after it; empty when nothing is known. */
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
            case io.codedyarn.am.yarn.ContainerJava.EXIT_TOO_OLD ->
                    " (its Java is older than "
                            + io.codedyarn.am.yarn.ContainerJava.MIN_VERSION
                            + ")";
            default -> "";
        };
    }
}
