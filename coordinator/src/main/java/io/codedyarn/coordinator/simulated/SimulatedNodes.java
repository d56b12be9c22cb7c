package io.codedyarn.coordinator.simulated;

import io.codedyarn.placement.slowdown.Slowdown;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Where the simulated workers run once {@link SimulatedCluster#nodes} placed them: each worker's
 * node, the node of the replacement started for it (a standby until promoted), and where a new
 * replacement goes. Node-bound {@code --straggle} slowness follows the node, so a replacement on
 * another node sheds it, as on YARN.
 */
final class SimulatedNodes {
    private final SimulatedCluster.Nodes nodes;
    private final String[] standby;

    SimulatedNodes(SimulatedCluster.Nodes nodes, int workers) {
        this.nodes = nodes;
        this.standby = new String[workers];
    }

    String nodeOf(int worker) {
        return nodes.nodeOf()[worker];
    }

    boolean hasStandby(int worker) {
        return standby[worker] != null;
    }

    /** A replacement's start and load time (simulated seconds). */
    double startSeconds() {
        return nodes.startSeconds();
    }

    /** The slowness worker w injects on its current node. */
    Slowdown slowdown(int worker) {
        return nodes.slowdownOn().apply(worker, nodeOf(worker));
    }

    /**
     * The node outside {@code avoid} with the fewest workers, standbys counted (ties by name), or
     * null when every node is avoided.
     */
    String leastLoaded(Set<String> avoid) {
        Map<String, Integer> load = new TreeMap<>();
        for (String n : nodes.all()) {
            if (!avoid.contains(n)) {
                load.put(n, 0);
            }
        }
        for (int w = 0; w < standby.length; w++) {
            load.computeIfPresent(nodeOf(w), (k, v) -> v + 1);
            if (standby[w] != null) {
                load.computeIfPresent(standby[w], (k, v) -> v + 1);
            }
        }
        String best = null;
        for (var e : load.entrySet()) {
            if (best == null || e.getValue() < load.get(best)) {
                best = e.getKey();
            }
        }
        return best;
    }

    void startStandby(int worker, String node) {
        standby[worker] = node;
    }

    /** The standby takes over: worker w now runs on its node. */
    void promote(int worker) {
        String node = standby[worker];
        if (node == null) {
            throw new IllegalStateException("worker " + worker + " has no replacement ready");
        }
        standby[worker] = null;
        nodes.nodeOf()[worker] = node;
    }
}
