package io.codedyarn.am.yarn.client;

import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.yarn.NodeLabels;
import io.codedyarn.am.yarn.YarnKeys;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Where {@code train} places the data when the workers have a node label ({@link
 * YarnJobKeys#WORKER_NODE_LABEL}): only on the DataNodes beside the NodeManagers that carry it, so
 * that each worker's strict request names a node of the label's partition ({@link NodeLabels} says
 * why it must).
 */
public final class LabelledPlacement {
    private LabelledPlacement() {}

    /**
     * The DataNodes ({@code ip:port}, in the form {@code data prepare --hosts} takes) beside the
     * running NodeManagers carrying the workers' label, sorted; empty when there is no label (the
     * placement's round robin over every DataNode). Where the DataNode list cannot be read (HDFS
     * may need superuser rights for it), the labelled NodeManagers' hosts.
     *
     * @throws IllegalArgumentException naming the key when no running node carries the workers' or
     *     the ApplicationMaster's label, or no DataNode runs beside a node carrying the workers'
     *     label
     */
    public static List<String> dataNodes(Configuration conf, YarnSettings settings, FileSystem fs)
            throws IOException, YarnException {
        String label = settings.workerNodeLabel();
        if (label.isEmpty() && settings.amNodeLabel().isEmpty()) {
            return List.of();
        }
        List<NodeReport> labelled;
        try (YarnClient yarn = YarnClient.createYarnClient()) {
            yarn.init(RmConnection.clientConf(conf));
            yarn.start();
            List<NodeReport> running = yarn.getNodeReports(NodeState.RUNNING);
            // the AM's label too, before the data is placed (the submission checks it again)
            NodeLabels.carrying(running, settings.amNodeLabel(), YarnJobKeys.AM_NODE_LABEL);
            if (label.isEmpty()) {
                return List.of();
            }
            labelled = NodeLabels.carrying(running, label, YarnJobKeys.WORKER_NODE_LABEL);
        }
        Set<String> nodes = new TreeSet<>();
        Set<String> hosts = new TreeSet<>();
        for (NodeReport r : labelled) {
            nodes.add(r.getNodeId().getHost() + ":" + r.getNodeId().getPort());
            hosts.add(canonical(r.getNodeId().getHost()));
        }
        Map<String, String> embedded = YarnKeys.parseNodeMap(conf.get(YarnKeys.EMBEDDED_NODE_MAP));
        List<String> out = new ArrayList<>();
        if (!embedded.isEmpty()) { // one host: DataNode i is paired with NodeManager i
            embedded.forEach(
                    (dn, nm) -> {
                        if (nodes.contains(nm)) {
                            out.add(dn);
                        }
                    });
        } else if (fs instanceof DistributedFileSystem dfs) {
            DatanodeInfo[] live;
            try {
                live = dfs.getDataNodeStats();
            } catch (IOException e) {
                return List.copyOf(hosts);
            }
            for (DatanodeInfo dn : live) {
                if (hosts.contains(canonical(dn.getIpAddr()))) {
                    out.add(dn.getXferAddr());
                }
            }
        } else {
            return List.of(); // no DataNodes to favour
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(
                    YarnJobKeys.WORKER_NODE_LABEL.name()
                            + " = "
                            + label
                            + ": no DataNode runs beside the NodeManagers with node label '"
                            + label
                            + "' ("
                            + String.join(", ", nodes)
                            + "), so no worker could read its data locally");
        }
        out.sort(null);
        return out;
    }

    private static String canonical(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            return host;
        }
    }
}
