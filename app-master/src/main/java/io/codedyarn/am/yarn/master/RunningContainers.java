package io.codedyarn.am.yarn.master;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;

/**
 * The containers {@link WorkerContainers} launched, on its {@code thread} only: each worker's
 * container, the worker each container runs (a standby's too, so that its exit names its worker),
 * the launch (a container granted before the launch context is known waits for {@link
 * #launchWith}), and stopping and releasing a container its worker no longer uses. The node of each
 * worker's container is also kept as an immutable snapshot that other threads read ({@link #nodes},
 * {@link #runningCount}).
 */
final class RunningContainers {
    private AMRMClientAsync<ContainerRequest> rm;
    private NMClientAsync nm;
    private IntFunction<ContainerLaunchContext> launchContext;
    private final Map<Integer, Container> running = new HashMap<>();
    // granted before launchWith: container id → (container, worker or spare id), in grant order
    private final Map<ContainerId, Map.Entry<Container, Integer>> awaitingLaunch =
            new LinkedHashMap<>();
    private final Map<ContainerId, Integer> workerOf = new HashMap<>();

    /**
     * Node of each worker's container (worker order, null where none yet), replaced on `thread`.
     */
    private volatile List<String> nodes = List.of();

    /** {@code workers} workers, none with a container yet. */
    void workers(int workers) {
        List<String> none = new ArrayList<>(Collections.nCopies(workers, null));
        this.nodes = Collections.unmodifiableList(none);
    }

    /** The clients that start, stop and release containers (before the first is granted). */
    void clients(AMRMClientAsync<ContainerRequest> rm, NMClientAsync nm) {
        this.rm = rm;
        this.nm = nm;
    }

    /**
     * How to launch a container from now on; the containers granted earlier are launched now, or
     * only forgotten when {@code stopping}.
     */
    void launchWith(IntFunction<ContainerLaunchContext> launchContext, boolean stopping) {
        this.launchContext = launchContext;
        List<Map.Entry<Container, Integer>> waiting = new ArrayList<>(awaitingLaunch.values());
        awaitingLaunch.clear();
        if (!stopping) {
            waiting.forEach(e -> launch(e.getKey(), e.getValue()));
        }
    }

    /** Starts container {@code c} as worker or spare {@code id}, or holds it for launchWith. */
    void launch(Container c, int id) {
        if (launchContext == null) {
            awaitingLaunch.put(c.getId(), Map.entry(c, id));
            return;
        }
        nm.startContainerAsync(c, launchContext.apply(id));
    }

    /** Container {@code id} ended: if it still waited for its launch, it no longer does. */
    void ended(ContainerId id) {
        awaitingLaunch.remove(id);
    }

    /** Worker w's first container {@code c}, on {@code node}. */
    void run(int w, Container c, String node) {
        running.put(w, c);
        workerOf.put(c.getId(), w);
        setNode(w, node);
    }

    /**
     * Worker w's replacement {@code next} becomes its container: the old one (returned, or null) is
     * stopped and released.
     */
    Container replace(int w, Container next) {
        Container old = running.put(w, next);
        if (old != null) {
            stopAndRelease(old);
        }
        setNode(w, WorkerContainers.nodeName(next));
        return old;
    }

    /** Worker w's container (returned, or null), stopped and released: w has none any more. */
    Container remove(int w) {
        Container old = running.remove(w);
        if (old != null) {
            stopAndRelease(old);
        }
        return old;
    }

    /** A worker's container, no longer its: stopped and released (its exit is no failure). */
    private void stopAndRelease(Container old) {
        workerOf.remove(old.getId());
        nm.stopContainerAsync(old.getId(), old.getNodeId());
        rm.releaseAssignedContainer(old.getId());
    }

    /** Container {@code id} runs (or will run) worker w. */
    void bind(ContainerId id, int w) {
        workerOf.put(id, w);
    }

    /** Container {@code id} no longer runs a worker. */
    void unbind(ContainerId id) {
        workerOf.remove(id);
    }

    /** The worker container {@code id} runs, or null. */
    Integer workerOf(ContainerId id) {
        return workerOf.get(id);
    }

    /** Whether worker w has a container. */
    boolean has(int w) {
        return running.containsKey(w);
    }

    /** Worker → its container (read only). */
    Map<Integer, Container> running() {
        return Collections.unmodifiableMap(running);
    }

    private void setNode(int w, String node) {
        List<String> now = new ArrayList<>(nodes);
        now.set(w, node);
        nodes = Collections.unmodifiableList(now);
    }

    /** Node names the workers' containers run on (worker order; null where none yet). */
    List<String> nodes() {
        return nodes;
    }

    /** Workers with a container (any thread). */
    int runningCount() {
        int n = 0;
        for (String node : nodes) {
            n += node == null ? 0 : 1;
        }
        return n;
    }
}
