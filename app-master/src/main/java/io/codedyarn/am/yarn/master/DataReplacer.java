package io.codedyarn.am.yarn.master;

import io.codedyarn.am.yarn.master.ReplacementChooser.Candidate;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import io.codedyarn.hdfs.dataset.Manifest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AM's locality fallback, re-placing data (issue 6: "falling back to re-placing data when a
 * node cannot be had"): when a worker's node has no NodeManager, or gives no container within
 * {@code coded-yarn.locality.wait-seconds}, copies the worker's partition files onto the DataNode
 * beside another NodeManager ({@link ReplacementChooser}: one with room and no other worker first),
 * as HDFS favored node, under the application's staging directory (hidden temp + rename; the client
 * deletes the directory when the application ends), and from then on tells the worker (its Welcome)
 * to read the copies. The caller then asks strictly for that node. Hadoop types stay here; {@link
 * WorkerContainers} sees a {@code (worker, unavailable node, other workers' nodes) → node}
 * function.
 */
final class DataReplacer {
    /** The RUNNING NodeManagers' reports, asked now ({@link AmClients#runningNodes}). */
    @FunctionalInterface
    interface RunningNodes {
        List<NodeReport> get() throws IOException, YarnException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(DataReplacer.class);

    private final Map<Integer, Integer> moves = new java.util.HashMap<>();
    private final Configuration conf;
    private final RunningNodes nodes;
    private final FileSystem fs;
    private final PlacedJob placed;
    private final Path dir;
    private final Resource container;
    private final Map<String, String> dataNodeToNodeManager;
    private final boolean includePort;
    private final UnaryOperator<String> canonical;
    // written by replace (on the containers' one thread), read by the workers' Hellos (gRPC
    // threads) and by the main thread for the summary: hence concurrent
    private final Map<Integer, Map<Integer, String>> copies = new ConcurrentHashMap<>();
    private final Map<Integer, String> replaced = new ConcurrentHashMap<>();

    /**
     * @param dir where the copies go (the application's staging directory + "replaced")
     * @param container one worker container's resources (a candidate must have them free)
     * @param dataNodeToNodeManager the embedded cluster's explicit pairing; empty = by host
     */
    DataReplacer(
            Configuration conf,
            RunningNodes nodes,
            FileSystem fs,
            PlacedJob placed,
            Path dir,
            Resource container,
            Map<String, String> dataNodeToNodeManager,
            boolean includePort,
            UnaryOperator<String> canonical) {
        this.conf = conf;
        this.nodes = nodes;
        this.fs = fs;
        this.placed = placed;
        this.dir = dir;
        this.container = container;
        this.dataNodeToNodeManager = Map.copyOf(dataNodeToNodeManager);
        this.includePort = includePort;
        this.canonical = canonical;
    }

    /**
     * Copies worker {@code w}'s partitions next to a node other than {@code unavailable} (null:
     * none known) and returns that node, or empty when no node can take it or the copy fails
     * (logged; the caller then asks anywhere). Called on one thread at a time (the containers' one
     * thread).
     */
    Optional<String> replace(
            int w, Collection<String> unavailable, Collection<String> nodesOfOtherWorkers) {
        try {
            Optional<Candidate> c =
                    ReplacementChooser.choose(candidates(unavailable), nodesOfOtherWorkers);
            if (c.isEmpty()) {
                LOG.warn("worker {}: no other node has room and a DataNode; cannot re-place", w);
                return Optional.empty();
            }
            String dataNode = c.get().dataNode();
            Map<Integer, String> uris = new TreeMap<>();
            long bytes = 0;
            int time = moves.merge(w, 1, Integer::sum); // a replacement may move it again
            Path target = new Path(dir, "worker-" + w + (time == 1 ? "" : "-" + time));
            Path manifestDir = null;
            for (int j : placed.stored(w)) {
                Path src = new Path(placed.partitionUris.get(j));
                Path dst = new Path(target, src.getName());
                bytes += copy(src, dst, dataNode);
                uris.put(j, fs.makeQualified(dst).toString());
                manifestDir = src.getParent();
            }
            if (manifestDir != null) { // a worker reads its files through the dataset's manifest
                copy(
                        new Path(manifestDir, Manifest.FILE_NAME),
                        new Path(target, Manifest.FILE_NAME),
                        dataNode);
            }
            copies.put(w, uris);
            replaced.put(w, c.get().node());
            LOG.warn(
                    "worker {}: node {} could not be had; re-placed its {} partitions ({} bytes)"
                            + " onto DataNode {} beside node {}",
                    w,
                    unavailable.isEmpty() ? "(none for its data)" : unavailable,
                    uris.size(),
                    bytes,
                    dataNode,
                    c.get().node());
            return Optional.of(c.get().node());
        } catch (IOException | YarnException e) {
            LOG.warn(
                    "worker {}: re-placing its data failed ({}); asking anywhere", w, e.toString());
            return Optional.empty();
        }
    }

    /** The worker's setup with each partition that has a copy for it pointed at the copy. */
    WorkerSetup setup(WorkerSetup s) {
        Map<Integer, String> uris = copies.get(s.worker());
        if (uris == null) {
            return s;
        }
        Map<Integer, String> out = new TreeMap<>(s.partitions());
        out.replaceAll((j, uri) -> uris.getOrDefault(j, uri));
        return s.withPartitions(out);
    }

    /**
     * The URIs worker {@code w} on {@code node} reads partitions {@code add} from, after a re-plan
     * moved them to it: a partition with a replica on the DataNode beside {@code node} is read
     * where it is; the others are copied there first (favored node, as {@code data prepare}
     * places), under the application's staging directory. A copy that fails, or a node with no
     * DataNode beside it, leaves the partition's own file (read over the network: slower, not
     * wrong). Called on one thread at a time (the containers' one thread).
     */
    Map<Integer, String> placeBeside(int w, String node, int[] add) {
        Map<Integer, String> uris = new TreeMap<>();
        for (int j : add) {
            uris.put(j, placed.partitionUris.get(j));
        }
        try {
            if (!(fs instanceof DistributedFileSystem dfs) || node == null) {
                return uris;
            }
            List<String> dataNodes = new ArrayList<>();
            for (DatanodeInfo d : dfs.getDataNodeStats()) {
                dataNodes.add(d.getXferAddr());
            }
            Optional<String> dataNode = dataNodeBeside(node, dataNodes);
            if (dataNode.isEmpty()) {
                LOG.warn(
                        "worker {}: no DataNode beside {}; reads its new partitions remotely",
                        w,
                        node);
                return uris;
            }
            int time = moves.merge(w, 1, Integer::sum);
            Path target = new Path(dir, "worker-" + w + "-" + time);
            int copied = 0;
            long bytes = 0;
            Path manifestDir = null;
            for (int j : add) {
                Path src = new Path(placed.partitionUris.get(j));
                manifestDir = src.getParent();
                if (onDataNode(src, dataNode.get())) {
                    continue;
                }
                Path dst = new Path(target, src.getName());
                bytes += copy(src, dst, dataNode.get());
                uris.put(j, fs.makeQualified(dst).toString());
                copied++;
            }
            if (copied > 0) { // a worker reads its files through the dataset's manifest
                copy(
                        new Path(manifestDir, Manifest.FILE_NAME),
                        new Path(target, Manifest.FILE_NAME),
                        dataNode.get());
                copies.merge(
                        w,
                        new TreeMap<>(uris),
                        (a, b) -> {
                            Map<Integer, String> m = new TreeMap<>(a);
                            m.putAll(b);
                            return m;
                        });
            }
            LOG.info(
                    "worker {}: {} new partitions, {} copied ({} bytes) onto DataNode {} beside {}",
                    w,
                    add.length,
                    copied,
                    bytes,
                    dataNode.get(),
                    node);
        } catch (IOException e) {
            LOG.warn(
                    "worker {}: placing its new partitions failed ({}); reads them remotely",
                    w,
                    e.toString());
            uris.clear();
            for (int j : add) {
                uris.put(j, placed.partitionUris.get(j));
            }
        }
        return uris;
    }

    /** Whether every block of {@code file} has a replica on {@code dataNode}. */
    private boolean onDataNode(Path file, String dataNode) throws IOException {
        FileStatus st = fs.getFileStatus(file);
        BlockLocation[] blocks = fs.getFileBlockLocations(st, 0, st.getLen());
        for (BlockLocation b : blocks) {
            if (!java.util.Arrays.asList(b.getNames()).contains(dataNode)) {
                return false;
            }
        }
        return blocks.length > 0;
    }

    /** Worker → the node its data was re-placed beside. */
    Map<Integer, String> replaced() {
        return new TreeMap<>(replaced);
    }

    /** Running NodeManagers (but {@code unavailable}) with room for a worker and a DataNode. */
    private List<Candidate> candidates(Collection<String> unavailable)
            throws IOException, YarnException {
        List<Candidate> out = new ArrayList<>();
        if (!(fs instanceof DistributedFileSystem dfs)) {
            return out; // no DataNodes to favour
        }
        List<String> dataNodes = new ArrayList<>();
        for (DatanodeInfo d : dfs.getDataNodeStats()) {
            dataNodes.add(d.getXferAddr());
        }
        for (NodeReport r : nodes.get()) {
            String full = r.getNodeId().getHost() + ":" + r.getNodeId().getPort();
            String node = includePort ? full : LocalityPlanner.hostOf(full);
            Resource used = r.getUsed();
            long free =
                    r.getCapability().getMemorySize() - (used == null ? 0 : used.getMemorySize());
            if (unavailable.contains(node)
                    || unavailable.contains(full)
                    || free < container.getMemorySize()) {
                continue;
            }
            dataNodeBeside(node, dataNodes).ifPresent(dn -> out.add(new Candidate(node, dn)));
        }
        return out;
    }

    private Optional<String> dataNodeBeside(String node, List<String> dataNodes) {
        if (!dataNodeToNodeManager.isEmpty()) {
            return dataNodeToNodeManager.entrySet().stream()
                    .filter(e -> e.getValue().equals(node) && dataNodes.contains(e.getKey()))
                    .map(Map.Entry::getKey)
                    .findFirst();
        }
        String host = canonical.apply(LocalityPlanner.hostOf(node));
        return dataNodes.stream()
                .filter(dn -> canonical.apply(LocalityPlanner.hostOf(dn)).equals(host))
                .findFirst();
    }

    /** src → dst with one replica favoured on {@code dataNode}; hidden temp + rename. */
    private long copy(Path src, Path dst, String dataNode) throws IOException {
        DistributedFileSystem dfs = (DistributedFileSystem) fs;
        Path tmp = new Path(dst.getParent(), "." + dst.getName() + ".tmp");
        InetSocketAddress favored =
                new InetSocketAddress(
                        LocalityPlanner.hostOf(dataNode),
                        Integer.parseInt(dataNode.substring(dataNode.lastIndexOf(':') + 1)));
        long length;
        try (InputStream in = fs.open(src);
                OutputStream out =
                        dfs.create(
                                tmp,
                                FsPermission.getFileDefault()
                                        .applyUMask(FsPermission.getUMask(conf)),
                                true,
                                conf.getInt("io.file.buffer.size", 4096),
                                (short) 1,
                                fs.getDefaultBlockSize(tmp),
                                null,
                                new InetSocketAddress[] {favored})) {
            IOUtils.copyBytes(in, out, 1 << 16, false);
        }
        if (!fs.rename(tmp, dst)) {
            throw new IOException("cannot rename " + tmp + " to " + dst);
        }
        FileStatus st = fs.getFileStatus(dst);
        length = st.getLen();
        boolean onIt = false;
        for (BlockLocation b : fs.getFileBlockLocations(st, 0, length)) {
            for (String name : b.getNames()) {
                onIt |= name.equals(dataNode);
            }
        }
        if (!onIt) {
            LOG.warn("{}: the NameNode did not honour the favored DataNode {}", dst, dataNode);
        }
        return length;
    }
}
