package io.codedyarn.am.embedded;

import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.yarn.ClassDataSharing;
import io.codedyarn.am.yarn.YarnKeys;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.service.Service;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A whole Hadoop cluster in this JVM: a MiniDFSCluster with D DataNodes and a MiniYARNCluster with
 * M NodeManagers (sizes from {@link YarnSettings}), configured as {@code hadoop.md} §2 measured:
 * node names include the port (all NodeManagers are "localhost", so strict locality needs the
 * port), a 64 MiB minimum allocation, no vmem check, container logs retained 1 s (shutdown takes
 * seconds, not 34 s) and the capacity queues set in code (the shaded minicluster has no
 * capacity-scheduler.xml).
 *
 * <p>The AM and workers are separate JVMs started by the NodeManagers. They find the ephemeral RM
 * and NameNode ports through {@link #confDir()}, which holds the cluster's site files ({@link
 * SiteFiles}); the submitter puts it first on the containers' classpath.
 *
 * <p>Not thread-safe; start once, {@link #close} once.
 */
public final class EmbeddedCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedCluster.class);

    /** {@link YarnJobKeys#LOCALITY_WAIT_SECONDS} on this cluster (docs/configuration.md). */
    public static final int LOCALITY_WAIT_SECONDS = 5;

    /**
     * {@link YarnJobKeys#REPORT_INTERVAL_MS} on this cluster: the ResourceManager is in this JVM,
     * so a quicker poll costs next to nothing and the client sees the end of a job sooner.
     */
    public static final int REPORT_INTERVAL_MS = 200;

    private final Path baseDir;
    private final boolean deleteBaseDir;
    private final MiniDFSCluster dfs;
    private final MiniYARNCluster yarn;
    private final Path confDir;
    private final Configuration conf;
    private final int nodeManagerCount;
    private final Path cds; // null: no class-data sharing

    private EmbeddedCluster(
            Path baseDir,
            boolean deleteBaseDir,
            MiniDFSCluster dfs,
            MiniYARNCluster yarn,
            Path confDir,
            Configuration conf,
            int nodeManagerCount,
            Path cds) {
        this.baseDir = baseDir;
        this.deleteBaseDir = deleteBaseDir;
        this.dfs = dfs;
        this.yarn = yarn;
        this.confDir = confDir;
        this.conf = conf;
        this.nodeManagerCount = nodeManagerCount;
        this.cds = cds;
    }

    /**
     * Starts HDFS and YARN side by side (YARN needs no file system until a job is submitted; most
     * of either start is waiting for heartbeats and registrations, which then overlap), waits until
     * every NodeManager has registered and writes the conf dir, which carries both. On failure
     * everything started so far is stopped again.
     */
    public static EmbeddedCluster start(YarnSettings s) throws IOException {
        return start(s, java.util.Map.of());
    }

    /**
     * {@link #start(YarnSettings)} with {@code yarnSettings} laid over the embedded cluster's YARN
     * configuration (a test's node labels and queues, {@link #labelNodeManagers}).
     */
    public static EmbeddedCluster start(YarnSettings s, java.util.Map<String, String> yarnSettings)
            throws IOException {
        boolean temp = s.embeddedBaseDir().isEmpty();
        Path base =
                temp
                        ? Files.createTempDirectory("coded-yarn-embedded-")
                        : Files.createDirectories(Path.of(s.embeddedBaseDir()).toAbsolutePath());
        // MiniYARNCluster puts its NM/RM dirs under GenericTestUtils.getTestDir(), i.e. the
        // test.build.data system property (default target/test/data relative to the cwd); set
        // before either starts, since both threads read system properties
        System.setProperty("test.build.data", base.resolve("yarn").toString());
        long t0 = System.nanoTime();
        CompletableFuture<MiniClusterStart.Started<MiniDFSCluster>> hdfs =
                MiniClusterStart.hdfs(s, base);
        MiniDFSCluster dfs = null;
        MiniClusterStart.Started<MiniYARNCluster> yarnStarted = null;
        MiniYARNCluster yarn = null;
        try {
            yarnStarted = MiniClusterStart.yarn(s, t0, userCacheDir(), yarnSettings);
            yarn = yarnStarted.cluster();
            MiniClusterStart.Started<MiniDFSCluster> dfsStarted = MiniClusterStart.join(hdfs);
            dfs = dfsStarted.cluster();
            // the DataNodes' and the RM's addresses in one conf: the YARN conf, plus what the
            // MiniDFSCluster set (fs.defaultFS, the NameNode's addresses, ...)
            Configuration cluster =
                    MiniClusterStart.withHdfs(yarn.getConfig(), dfs.getConfiguration(0));
            Path confDir = Files.createDirectories(base.resolve("conf"));
            // the submitter puts confDir first on the containers' classpath; the AM pairs
            // DataNode i with NodeManager i (all share 127.0.0.1, hadoop.md §2 pitfall 9)
            cluster.set(YarnKeys.EMBEDDED_CONF_DIR, confDir.toString());
            Path cds = s.embeddedCds() ? classDataSharing() : null;
            if (cds != null) {
                cluster.set(YarnKeys.EMBEDDED_CDS_DIR, cds.toString());
            }
            // every node is this machine, so a container on "the data's node" buys no locality:
            // a short wait before re-placing (a -D on the command line still wins)
            cluster.setInt(YarnJobKeys.LOCALITY_WAIT_SECONDS.name(), LOCALITY_WAIT_SECONDS);
            cluster.setInt(YarnJobKeys.REPORT_INTERVAL_MS.name(), REPORT_INTERVAL_MS);
            cluster.set(
                    YarnKeys.EMBEDDED_NODE_MAP,
                    YarnKeys.nodeMap(
                            dataNodeNames(dfs), nodeManagerNames(yarn, s.embeddedNodeManagers())));
            SiteFiles.write(cluster, confDir);
            LOG.info(
                    "embedded cluster up in {} ms: {} DataNodes in {} ms beside {} NodeManagers"
                            + " in {} ms; {}",
                    (System.nanoTime() - t0) / 1_000_000,
                    s.embeddedDataNodes(),
                    dfsStarted.millis(),
                    s.embeddedNodeManagers(),
                    yarnStarted.millis(),
                    cluster.get("fs.defaultFS"));
            return new EmbeddedCluster(
                    base, temp, dfs, yarn, confDir, cluster, s.embeddedNodeManagers(), cds);
        } catch (IOException | RuntimeException | Error e) {
            if (dfs == null) {
                dfs = MiniClusterStart.hdfsAfterFailure(hdfs);
            }
            stopQuietly(yarn, dfs);
            if (temp) {
                deleteTree(base);
            }
            throw e;
        }
    }

    /**
     * Where this user's embedded clusters keep what outlives a run: class-data sharing archives,
     * the RM's proxy CA.
     */
    private static Path userCacheDir() {
        return Path.of(
                System.getProperty("java.io.tmpdir"),
                "coded-yarn-cds-" + System.getProperty("user.name"));
    }

    /**
     * This JVM's class-data sharing directory, or null (logged) when it cannot be made or its
     * parent is not this user's alone.
     */
    private static Path classDataSharing() {
        try {
            return ClassDataSharing.directory(userCacheDir());
        } catch (IOException | RuntimeException e) {
            LOG.info("class-data sharing off: {}", e.toString());
            return null;
        }
    }

    /** The cluster's configuration (fs.defaultFS = the MiniDFSCluster, the RM's addresses). */
    public Configuration configuration() {
        return new YarnConfiguration(conf);
    }

    /** A directory with this cluster's core-, hdfs- and yarn-site.xml ({@link SiteFiles}). */
    public Path confDir() {
        return confDir;
    }

    public DistributedFileSystem fileSystem() throws IOException {
        return dfs.getFileSystem();
    }

    /** YARN node names of the NodeManagers ({@code localhost:port}), in start order. */
    public List<String> nodeManagers() {
        return nodeManagerNames(yarn, nodeManagerCount);
    }

    private static List<String> nodeManagerNames(MiniYARNCluster yarn, int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            NodeManager nm = yarn.getNodeManager(i);
            NodeId id = nm.getNMContext().getNodeId();
            names.add(id.getHost() + ":" + id.getPort());
        }
        return names;
    }

    /**
     * Gives NodeManagers {@code indices} (of {@link #nodeManagers()}) the node label {@code label}
     * through the ResourceManager's labels manager, as {@code yarn rmadmin -addToClusterNodeLabels}
     * and {@code -replaceLabelsOnNode} would; the cluster must have been started with {@code
     * yarn.node-labels.enabled}. Returns once the ResourceManager reports the labels.
     */
    public void labelNodeManagers(String label, List<Integer> indices) throws IOException {
        var labels = yarn.getResourceManager().getRMContext().getNodeLabelManager();
        labels.addToCluserNodeLabelsWithDefaultExclusivity(java.util.Set.of(label));
        java.util.Map<NodeId, java.util.Set<String>> onNodes = new java.util.HashMap<>();
        for (int i : indices) {
            onNodes.put(yarn.getNodeManager(i).getNMContext().getNodeId(), java.util.Set.of(label));
        }
        labels.replaceLabelsOnNode(onNodes);
    }

    /**
     * The node ({@code host:port}) application {@code applicationId}'s current ApplicationMaster
     * container was placed on, as the ResourceManager keeps it (also after the application ends).
     */
    public String applicationMasterNode(String applicationId) {
        var app =
                yarn.getResourceManager()
                        .getRMContext()
                        .getRMApps()
                        .get(
                                org.apache.hadoop.yarn.api.records.ApplicationId.fromString(
                                        applicationId));
        NodeId id = app.getCurrentAppAttempt().getMasterContainer().getNodeId();
        return id.getHost() + ":" + id.getPort();
    }

    /** DataNode transfer addresses ({@code ip:port}), in start order. */
    public List<String> dataNodes() {
        return dataNodeNames(dfs);
    }

    private static List<String> dataNodeNames(MiniDFSCluster dfs) {
        List<String> names = new ArrayList<>();
        for (DataNode dn : dfs.getDataNodes()) {
            names.add(dn.getDatanodeId().getXferAddr());
        }
        return names;
    }

    /**
     * Fault injection (issue 16 §3): stops NodeManager {@code i} (of {@link #nodeManagers()}) as a
     * crashed node would stop; its containers are killed with it. The RM notices only when the
     * node's heartbeats stop for {@code yarn.nm.liveness-monitor.expiry-interval-ms}.
     */
    public void stopNodeManager(int i) {
        yarn.getNodeManager(i).stop();
    }

    /** The container ids NodeManager {@code i} runs now. */
    public List<String> containersOn(int i) {
        List<String> ids = new ArrayList<>();
        yarn.getNodeManager(i).getNMContext().getContainers().keySet().stream()
                .map(Object::toString)
                .sorted()
                .forEach(ids::add);
        return ids;
    }

    /**
     * Fault injection: stops DataNode {@code i} (of {@link #dataNodes()}) at once; {@link
     * #restartDataNode} brings it back on the same address.
     */
    public Object stopDataNode(int i) {
        return dfs.stopDataNode(i);
    }

    /** Restarts a DataNode {@link #stopDataNode} stopped, on its old ports, and waits for it. */
    public void restartDataNode(Object stopped) throws IOException {
        dfs.restartDataNode((MiniDFSCluster.DataNodeProperties) stopped, true);
        dfs.waitActive();
    }

    /**
     * Fault injection: flips one byte in the middle of the first block of {@code file}'s replica on
     * DataNode {@code i}, on disk behind HDFS's back (as a bad disk would); false when that
     * DataNode holds no replica of it.
     */
    public boolean corruptReplica(org.apache.hadoop.fs.Path file, int i) throws IOException {
        org.apache.hadoop.hdfs.protocol.ExtendedBlock block =
                org.apache.hadoop.hdfs.DFSTestUtil.getFirstBlock(dfs.getFileSystem(), file);
        File replica = dfs.getBlockFile(i, block);
        if (replica == null || !replica.isFile()) {
            return false;
        }
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(replica, "rw")) {
            long at = raf.length() / 2;
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0xFF);
        }
        return true;
    }

    /** Replicas the NameNode has been told are corrupt. */
    public long corruptReplicas() {
        return dfs.getNamesystem().getCorruptReplicaBlocks();
    }

    /** Stops YARN and HDFS, then deletes a temporary base directory. */
    @Override
    public void close() {
        long t0 = System.nanoTime();
        awaitApplicationsDone();
        // side by side: no application is left, and neither stop needs the other (each mostly
        // waits for its daemons' threads to end)
        Thread hdfsStop = new Thread(() -> stopQuietly(null, dfs), "embedded-hdfs-stop");
        hdfsStop.start();
        stopQuietly(yarn, null);
        try {
            hdfsStop.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            FileSystem.closeAll();
        } catch (IOException e) {
            LOG.warn("closing cached file systems: {}", e.toString());
        }
        if (deleteBaseDir) {
            deleteTree(baseDir);
        }
        LOG.info("embedded cluster stopped in {} ms", (System.nanoTime() - t0) / 1_000_000);
        if (cds != null) {
            ClassDataSharing.dumpMissingInBackground(cds); // once per Java and class path
        }
        ClassDataSharing.dumpClientInBackground(); // when bin/coded-yarn had this JVM record
    }

    /**
     * Waits (at most {@value #APPS_DONE_WAIT_MS} ms) until no NodeManager still holds an
     * application: a NodeManager's stop otherwise waits for them itself, checking once a second,
     * one NodeManager after another (2 s of the README command's shutdown). A finished job's
     * applications leave within a heartbeat or two.
     */
    private void awaitApplicationsDone() {
        long until = System.nanoTime() + APPS_DONE_WAIT_MS * 1_000_000L;
        for (int i = 0; i < nodeManagerCount; i++) {
            NodeManager nm = yarn.getNodeManager(i);
            while (nm.getServiceState() == Service.STATE.STARTED
                    && !nm.getNMContext().getApplications().isEmpty()
                    && System.nanoTime() < until) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static final long APPS_DONE_WAIT_MS = 3_000;

    static void stopQuietly(MiniYARNCluster yarn, MiniDFSCluster dfs) {
        if (yarn != null) {
            try {
                yarn.stop();
            } catch (RuntimeException e) {
                LOG.warn("stopping MiniYARNCluster: {}", e.toString());
            }
        }
        if (dfs != null) {
            try {
                dfs.shutdown();
            } catch (RuntimeException e) {
                LOG.warn("stopping MiniDFSCluster: {}", e.toString());
            }
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("cannot delete {}: {}", root, e.toString());
        }
    }
}
