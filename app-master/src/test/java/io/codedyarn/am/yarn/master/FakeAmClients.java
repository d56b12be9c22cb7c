package io.codedyarn.am.yarn.master;

import io.codedyarn.am.net.AmIdentity;
import io.codedyarn.am.net.GrpcWorkerServer;
import io.codedyarn.am.net.ServerOptions;
import io.codedyarn.coordinator.cluster.Clock;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.cluster.WorkerSetup;
import io.codedyarn.worker.hdfs.HdfsPartitionLoader;
import io.codedyarn.worker.net.WorkerClient;
import io.codedyarn.worker.yarn.WorkerMain;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;

/**
 * {@link AmClients} for a cluster of one NodeManager ({@value #NODE}) that exists only in this JVM:
 * a {@link FakeResourceManager} that allocates every request at once, {@link FakeNodeManagers} that
 * start each container with a {@link FakeNodeManagers.Launcher} (by default the real {@link
 * WorkerClient} in this JVM, configured from the launch context alone), the local file system, a
 * loopback gRPC endpoint and the system clock. The clients it made stay readable for assertions.
 */
final class FakeAmClients implements AmClients, AutoCloseable {
    static final String NODE = "localhost";

    private final FakeNodeManagers.Launcher launcher;
    private final ExecutorService workers = Executors.newCachedThreadPool();
    volatile FakeResourceManager rm;
    volatile FakeNodeManagers nm;

    /** Containers run their worker in this JVM ({@link #startInProcess}). */
    FakeAmClients() {
        this.launcher = this::startInProcess;
    }

    /**
     * @param launcher what starting a container does
     */
    FakeAmClients(FakeNodeManagers.Launcher launcher) {
        this.launcher = launcher;
    }

    /** Starts the container's worker as a {@link WorkerClient} in this JVM, as WorkerMain would. */
    private void startInProcess(
            Container c, ContainerLaunchContext context, NMClientAsync.CallbackHandler callbacks) {
        Map<String, String> env = new java.util.HashMap<>(context.getEnvironment());
        env.put("NM_HOST", c.getNodeId().getHost()); // what the NodeManager would set
        WorkerClient client =
                new WorkerClient(
                        WorkerMain.config(env, credentials(context.getTokens())),
                        new HdfsPartitionLoader(new Configuration()),
                        System::nanoTime);
        callbacks.onContainerStarted(c.getId(), Map.of());
        workers.submit(
                () -> {
                    try (client) {
                        return client.run();
                    }
                });
    }

    /** A container's credentials, as the worker reads them. */
    private static Credentials credentials(ByteBuffer tokens) {
        byte[] bytes = new byte[tokens.remaining()];
        tokens.duplicate().get(bytes);
        Credentials creds = new Credentials();
        try {
            creds.readTokenStorageStream(new DataInputStream(new ByteArrayInputStream(bytes)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return creds;
    }

    @Override
    public AMRMClientAsync<ContainerRequest> resourceManager(
            Configuration conf, AMRMClientAsync.AbstractCallbackHandler callbacks) {
        rm = FakeResourceManager.allocating(callbacks);
        return rm;
    }

    @Override
    public NMClientAsync nodeManagers(
            Configuration conf, NMClientAsync.AbstractCallbackHandler callbacks) {
        nm = new FakeNodeManagers(callbacks, launcher);
        return nm;
    }

    @Override
    public List<NodeReport> runningNodes(Configuration conf) {
        return List.of(
                NodeReport.newInstance(
                        NodeId.newInstance(NODE, FakeResourceManager.NM_PORT),
                        NodeState.RUNNING,
                        NODE + ":8042",
                        "/default-rack",
                        Resource.newInstance(0, 0),
                        Resource.newInstance(4096, 4),
                        0,
                        "",
                        0));
    }

    /**
     * The local file system with this fake's own home directory: the AM keeps its job directory
     * ({@code <home>/.coded-yarn/<appId>/}: checkpoints, progress) there, and the tests' fixed
     * application id would otherwise share one in the user's real home with every earlier and
     * concurrent run (a later run resumed from their checkpoints).
     */
    @Override
    public FileSystem fileSystem(URI uri, Configuration conf) throws IOException {
        FileSystem fs = FileSystem.get(uri, conf);
        if (!"file".equals(fs.getScheme())) {
            return fs;
        }
        FileSystem withHome =
                new FilterFileSystem(fs) {
                    @Override
                    public Path getHomeDirectory() {
                        return makeQualified(new Path(home.toUri()));
                    }
                };
        withHome.setConf(fs.getConf());
        return withHome;
    }

    private final java.nio.file.Path home = tempHome();

    private static java.nio.file.Path tempHome() {
        try {
            return java.nio.file.Files.createTempDirectory("fake-am-home");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public GrpcWorkerServer workerServer(
            int workers,
            byte[] secret,
            AmIdentity identity,
            java.util.function.BiFunction<Integer, String, WorkerSetup> setups,
            EventQueue events,
            ServerOptions options)
            throws IOException {
        serverOptions = options;
        return new GrpcWorkerServer(workers, secret, identity, setups, events, options).start();
    }

    /** The options the AM gave its worker endpoint (null before it started one). */
    volatile ServerOptions serverOptions;

    @Override
    public Clock clock() {
        return Clock.system();
    }

    @Override
    public void close() {
        workers.shutdownNow();
        org.apache.hadoop.fs.FileUtil.fullyDelete(home.toFile());
    }
}
