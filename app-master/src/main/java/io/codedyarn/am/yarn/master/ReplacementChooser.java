package io.codedyarn.am.yarn.master;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where to re-place a worker's data when the node holding it cannot give a container (no
 * NodeManager there, or none free within the locality wait). Hadoop-free.
 *
 * <p>Rule: among the candidate nodes (running NodeManagers with room for one worker container and a
 * DataNode beside them), prefer one that runs or awaits no other worker — the code's tolerance
 * assumes workers fail independently, so two on one node would fail together — then the one with
 * the fewest; ties by node name, so the choice is deterministic.
 */
final class ReplacementChooser {
    /**
     * @param node the NodeManager's node name, as container requests name it
     * @param dataNode the DataNode beside it (transfer address {@code host:port}), the favored node
     *     of the copies
     */
    record Candidate(String node, String dataNode) {}

    private ReplacementChooser() {}

    /**
     * @param candidates nodes that could take the worker (the unavailable node excluded)
     * @param nodesOfOtherWorkers the node each other worker runs on or has asked for
     */
    static Optional<Candidate> choose(
            List<Candidate> candidates, Collection<String> nodesOfOtherWorkers) {
        Map<String, Integer> load = new HashMap<>();
        for (String n : nodesOfOtherWorkers) {
            load.merge(n, 1, Integer::sum);
        }
        return candidates.stream()
                .min(
                        Comparator.comparingInt((Candidate c) -> load.getOrDefault(c.node(), 0))
                                .thenComparing(Candidate::node));
    }
}
