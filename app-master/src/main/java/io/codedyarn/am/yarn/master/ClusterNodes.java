package io.codedyarn.am.yarn.master;

import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.yarn.NodeLabels;
import io.codedyarn.am.yarn.YarnKeys;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's NodeManagers as the {@link AppMaster} names them, and where each worker's data lies
 * among them. YARN names a node host:port where {@code yarn.scheduler.include-port-in-node-name} is
 * set (the embedded cluster) and by its host elsewhere; HDFS names a block's DataNodes by address,
 * so hosts are compared after resolving them to IP addresses ({@link #canonical}), and the embedded
 * cluster, where every node is 127.0.0.1, pairs DataNode i with NodeManager i ({@link
 * #embeddedNodeMap}). With a workers' node label only the nodes carrying it count ({@link
 * #workerNodes}). Runs on the AM's main thread; logs under the AppMaster's name.
 */
final class ClusterNodes {
    private static final Logger LOG = LoggerFactory.getLogger(AppMaster.class);

    private final AmClients clients;
    private final Configuration conf;
    private final String workerLabel;

    /**
     * @param workerLabel the workers' node label ({@link YarnJobKeys#WORKER_NODE_LABEL}); empty:
     *     every running node
     */
    ClusterNodes(AmClients clients, Configuration conf, String workerLabel) {
        this.clients = clients;
        this.conf = conf;
        this.workerLabel = workerLabel;
    }

    /**
     * The running NodeManagers the workers may run on: those carrying the workers' label, or all
     * ({@link NodeLabels}).
     *
     * @throws IllegalArgumentException naming the label and each node's labels when none carries it
     */
    List<NodeReport> workerNodes() throws IOException, YarnException {
        return NodeLabels.carrying(
                clients.runningNodes(conf), workerLabel, YarnJobKeys.WORKER_NODE_LABEL);
    }

    /** Whether YARN names nodes host:port (the embedded cluster) rather than host. */
    boolean includePort() {
        return conf.getBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, false);
    }

    /** The embedded cluster's DataNode → NodeManager pairing; empty elsewhere. */
    Map<String, String> embeddedNodeMap() {
        return YarnKeys.parseNodeMap(conf.get(YarnKeys.EMBEDDED_NODE_MAP));
    }

    /** {@code host}'s IP address, or {@code host} when it does not resolve. */
    static String canonical(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            return host;
        }
    }

    /**
     * The workers' running NodeManagers as host:port, sorted (the order of --straggle's node=K).
     */
    List<String> runningNames() throws IOException {
        List<String> names = new ArrayList<>();
        List<NodeReport> reports;
        try {
            reports = workerNodes();
        } catch (YarnException e) {
            throw new IOException("cannot list the running NodeManagers", e);
        }
        for (NodeReport r : reports) {
            names.add(r.getNodeId().getHost() + ":" + r.getNodeId().getPort());
        }
        names.sort(null);
        return names;
    }

    /**
     * Per worker, the NodeManager holding most of its partitions' bytes on {@code fs} (absent: no
     * match).
     */
    Map<Integer, String> forWorkers(FileSystem fs, PlacedJob placed) throws Exception {
        boolean includePort = includePort();
        List<String> names = new ArrayList<>();
        for (NodeReport r : workerNodes()) {
            String nm = r.getNodeId().getHost() + ":" + r.getNodeId().getPort();
            names.add(includePort ? nm : LocalityPlanner.hostOf(nm));
        }
        names.sort(null);
        LocalityPlanner planner =
                new LocalityPlanner(embeddedNodeMap(), names, ClusterNodes::canonical);
        Map<Integer, String> out = new HashMap<>();
        for (int w = 0; w < placed.plan.workers(); w++) {
            Map<String, Long> bytes = new LinkedHashMap<>();
            for (int j : placed.plan.stored(w)) {
                FileStatus st = fs.getFileStatus(new Path(placed.partitionUris.get(j)));
                for (BlockLocation b : fs.getFileBlockLocations(st, 0, st.getLen())) {
                    for (String name : b.getNames()) {
                        bytes.merge(name, b.getLength(), Long::sum);
                    }
                }
            }
            int worker = w;
            planner.nodeFor(bytes).ifPresent(node -> out.put(worker, node));
            LOG.info("worker {}: partitions on {} -> node {}", w, bytes.keySet(), out.get(w));
        }
        return out;
    }
}
