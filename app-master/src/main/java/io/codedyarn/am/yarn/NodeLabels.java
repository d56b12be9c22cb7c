package io.codedyarn.am.yarn;

import io.codedyarn.am.config.ConfigKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.NodeReport;

/**
 * Which running NodeManagers a YARN node label admits, for the client (checked before submitting)
 * and the ApplicationMaster (the nodes its workers are placed and asked for on).
 *
 * <p>Why the AM filters nodes itself rather than leave the label to YARN: a worker is asked for
 * strictly on the node beside its data, and the CapacityScheduler gives a labelled node's
 * containers only to requests of that node's partition, the partition of the request's ANY
 * (off-switch) part, which the AMRM client labels and the scheduler copies onto the node and rack
 * parts (YARN-4925, {@code LocalityAppPlacementAllocator.updateNodeLabels}). A strict request for a
 * node outside the label's partition would never be granted, so data and requests must keep to the
 * label's nodes, and every request carries the label.
 */
public final class NodeLabels {
    private NodeLabels() {}

    /**
     * The reports of the nodes carrying {@code label} (every report for an empty label).
     *
     * @throws IllegalArgumentException naming {@code key}, the label and each running node's
     *     labels, when no running node carries it (YARN would wait for such a node forever)
     */
    public static List<NodeReport> carrying(
            List<NodeReport> running, String label, ConfigKey<String> key) {
        if (label.isEmpty()) {
            return running;
        }
        List<NodeReport> out = new ArrayList<>();
        for (NodeReport r : running) {
            Set<String> labels = r.getNodeLabels();
            if (labels != null && labels.contains(label)) {
                out.add(r);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(
                    key.name()
                            + " = "
                            + label
                            + ": no running NodeManager has node label '"
                            + label
                            + "' (running NodeManagers and their labels: "
                            + describe(running)
                            + ")");
        }
        return out;
    }

    /** {@code host:port [label, ...]} per node, sorted; "none" when there is no node. */
    static String describe(List<NodeReport> running) {
        List<String> parts = new ArrayList<>();
        for (NodeReport r : running) {
            Set<String> labels = r.getNodeLabels();
            parts.add(
                    r.getNodeId().getHost()
                            + ":"
                            + r.getNodeId().getPort()
                            + " "
                            + (labels == null || labels.isEmpty()
                                    ? "(no label)"
                                    : new java.util.TreeSet<>(labels).toString()));
        }
        parts.sort(null);
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }
}
