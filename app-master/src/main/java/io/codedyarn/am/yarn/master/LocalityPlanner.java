package io.codedyarn.am.yarn.master;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Chooses, per worker, the NodeManager to ask for: the node whose DataNode holds the most bytes of
 * that worker's partitions. Hadoop-free (the AM adapter feeds it block locations and node names).
 *
 * <p>DataNodes are named by transfer address {@code host:port}; NodeManagers by YARN node name
 * ({@code host} or, with {@code yarn.scheduler.include-port-in-node-name}, {@code host:port}).
 * Matching (hadoop.md §2 pitfall 9, §5):
 *
 * <ol>
 *   <li>an explicit DataNode → NodeManager map, when given (the embedded cluster: every DataNode
 *       and NodeManager is on 127.0.0.1, so hosts cannot tell them apart; DataNode i is paired with
 *       NodeManager i);
 *   <li>otherwise by host after normalisation ({@code resolve}: name → IP address, so that {@code
 *       localhost} and {@code 127.0.0.1}, or a short and a full name, compare equal); with several
 *       NodeManagers on one host the first in the given order is taken.
 * </ol>
 *
 * A worker whose data is on no NodeManager's host gets no preference (the AM then asks anywhere).
 */
final class LocalityPlanner {
    private final Map<String, String> dataNodeToNodeManager;
    private final List<String> nodeManagers;
    private final UnaryOperator<String> resolve;

    /**
     * @param explicit DataNode transfer address → NodeManager node name; empty = match by host
     * @param nodeManagers the running NodeManagers' node names
     * @param resolve host name → canonical form (an IP address); identity in tests
     */
    LocalityPlanner(
            Map<String, String> explicit,
            List<String> nodeManagers,
            UnaryOperator<String> resolve) {
        this.dataNodeToNodeManager = Map.copyOf(explicit);
        this.nodeManagers = List.copyOf(nodeManagers);
        this.resolve = resolve;
    }

    /**
     * @param bytesByDataNode for one worker: DataNode transfer address → bytes of its partitions
     *     stored there (summed over blocks and partitions)
     * @return the NodeManager node name to request, if any DataNode maps to one
     */
    Optional<String> nodeFor(Map<String, Long> bytesByDataNode) {
        Map<String, Long> byNm = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : bytesByDataNode.entrySet()) {
            nodeManagerOf(e.getKey()).ifPresent(nm -> byNm.merge(nm, e.getValue(), Long::sum));
        }
        String best = null;
        long most = -1;
        for (String nm : nodeManagers) { // NodeManager order breaks ties: deterministic
            Long b = byNm.get(nm);
            if (b != null && b > most) {
                best = nm;
                most = b;
            }
        }
        return Optional.ofNullable(best);
    }

    Optional<String> nodeManagerOf(String dataNode) {
        if (!dataNodeToNodeManager.isEmpty()) {
            String nm = dataNodeToNodeManager.get(dataNode);
            return nm != null && nodeManagers.contains(nm) ? Optional.of(nm) : Optional.empty();
        }
        String host = resolve.apply(hostOf(dataNode));
        for (String nm : nodeManagers) {
            if (resolve.apply(hostOf(nm)).equals(host)) {
                return Optional.of(nm);
            }
        }
        return Optional.empty();
    }

    /** "host:port" → "host"; a bare host (or an IPv6 literal without port) as is. */
    static String hostOf(String name) {
        int colon = name.lastIndexOf(':');
        if (colon < 0 || name.indexOf(':') != colon) {
            return name;
        }
        return name.substring(0, colon);
    }
}
