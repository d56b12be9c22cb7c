package io.codedyarn.am.yarn;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.net.GrpcWorkerServer;
import io.codedyarn.am.net.ServerOptions;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.output.RunSummary;
import io.codedyarn.coordinator.Clock;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.EventQueue;
import io.codedyarn.coordinator.JobInfo;
import io.codedyarn.coordinator.JobJson;
import io.codedyarn.coordinator.RunResult;
import io.codedyarn.coordinator.TrainSpec;
import io.codedyarn.worker.kernel.RowBlocks;
import io.codedyarn.worker.task.Workload;
import io.codedyarn.worker.yarn.WorkerMain;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster's main and its one Hadoop adapter: reads the staged job ({@code job.json},
 * {@code job-info.json}, {@code coded-yarn-site.xml}), checks the placed dataset against the plan,
 * starts the gRPC worker endpoint and the status page, registers with the RM, requests one
 * container per worker on the node holding its partitions, runs the Hadoop-free {@link Coordinator}
 * on this thread, writes the outputs atomically and unregisters SUCCEEDED, or FAILED with a
 * diagnostic naming the cause (also for any exception).
 *
 * <p>The per-application secret (SecureRandom: a credential, not an algorithmic random choice)
 * reaches workers only in their containers' credentials.
 */
public final class AppMaster {
    private static final Logger LOG = LoggerFactory.getLogger(AppMaster.class);
    private static final int SECRET_BYTES = 32;

    /** Beyond the locality wait: time for containers to start and workers to load. */
    private static final double STARTUP_SLACK_SECONDS = 300;

    private AppMaster() {}

    public static void main(String[] args) {
        int status = 0;
        try {
            run();
        } catch (Throwable t) {
            LOG.error("ApplicationMaster failed", t);
            status = 1;
        }
        System.exit(status);
    }

    private static void run() throws Exception {
        YarnConfiguration conf = new YarnConfiguration();
        if (Files.exists(Path.of(YarnKeys.SITE_XML))) {
            conf.addResource(new org.apache.hadoop.fs.Path(Path.of(YarnKeys.SITE_XML).toUri()));
        }
        YarnSettings settings = CodedYarnConfig.parse(conf::get).yarn();
        String host = System.getenv(Environment.NM_HOST.name());
        String appId =
                ContainerId.fromString(System.getenv(Environment.CONTAINER_ID.name()))
                        .getApplicationAttemptId()
                        .getApplicationId()
                        .toString();

        AMRMClientAsync<ContainerRequest> rm = null;
        NMClientAsync nm = null;
        GrpcWorkerServer server = null;
        StatusPage page = null;
        String diagnostic = "";
        boolean succeeded = false;
        EventQueue events = new EventQueue();
        Clock clock = Clock.system();
        // the one thread YARN's callbacks and the locality wait post to
        SerialExecutor containerEvents = SerialExecutor.start("worker-containers", clock);
        WorkerContainers containers =
                new WorkerContainers(events, containerEvents, containerEvents);
        AtomicReference<Coordinator> coordinator = new AtomicReference<>();
        AtomicReference<Supplier<String>> status =
                new AtomicReference<>(() -> "coded-yarn " + appId + ": starting\n");
        DoubleSupplier progress =
                () -> coordinator.get() == null ? 0 : coordinator.get().progress();
        try {
            // register first, so that every later failure unregisters with its diagnostic
            page = new StatusPage(() -> status.get().get());
            rm = AMRMClientAsync.createAMRMClientAsync(500, containers.rmCallbacks(progress));
            rm.init(conf);
            rm.start();
            nm = NMClientAsync.createNMClientAsync(containers.nmCallbacks());
            nm.init(conf);
            nm.start();
            String tracking = "http://" + host + ":" + page.port() + "/";
            rm.registerApplicationMaster(host, -1, tracking);
            LOG.info("registered {}; status at {}", appId, tracking);

            TrainSpec spec =
                    JobJson.read(read(JobJson.SPEC_FILE), TrainSpec.class, JobJson.SPEC_FILE);
            JobInfo job = JobJson.read(read(JobJson.INFO_FILE), JobInfo.class, JobJson.INFO_FILE);
            FileSystem dataFs = FileSystem.get(URI.create(job.dataset()), conf);
            org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(job.out());
            FileSystem outFs = out.getFileSystem(conf);
            PlacedJob placed =
                    PlacedJob.open(dataFs, new org.apache.hadoop.fs.Path(job.dataset()), spec);
            RunOutputs.checkAbsent(outFs, out);
            int n = placed.plan.workers();
            byte[] secret = new byte[SECRET_BYTES];
            new SecureRandom().nextBytes(secret);
            Resource workerResource =
                    Resource.newInstance(settings.workerMemoryMb(), settings.workerVcores());
            DataReplacer replacer =
                    new DataReplacer(
                            conf,
                            dataFs,
                            placed,
                            dataFs.makeQualified(
                                    new org.apache.hadoop.fs.Path(
                                            dataFs.getHomeDirectory(),
                                            ".coded-yarn/" + appId + "/replaced")),
                            workerResource,
                            LocalityPlanner.parseMap(conf.get(YarnKeys.EMBEDDED_NODE_MAP)),
                            includePort(conf),
                            AppMaster::canonical);
            containers.relocateWith(replacer::replace);
            server =
                    new GrpcWorkerServer(
                                    n,
                                    secret,
                                    w -> replacer.setup(placed.setup(w, spec)),
                                    events,
                                    ServerOptions.defaults().withIoThreads(settings.amIoThreads()))
                            .start();
            int grpcPort = server.port();
            coordinator.set(
                    new Coordinator(spec, placed.plan, placed.shape, server, events, clock)
                            // a worker may wait out the locality wait twice (its node, then
                            // the node its data was re-placed beside)
                            .startupTimeout(
                                    2L * settings.localityWaitSeconds() + STARTUP_SLACK_SECONDS)
                            .loadBalance(CodedYarnConfig.parse(conf::get).dsagLoadBalance()));
            containers.configure(
                    n,
                    workerResource,
                    w -> workerContext(conf, settings, host, grpcPort, w, secret));
            status.set(
                    () ->
                            status(
                                            appId,
                                            spec,
                                            n,
                                            progress.getAsDouble(),
                                            containers.runningCount(),
                                            containers.nodes())
                                    + "training "
                                    + coordinator.get().status()
                                    + "\n");
            LOG.info("workers connect to {}:{}", host, grpcPort);
            Map<Integer, String> nodeOfWorker = nodesForWorkers(conf, dataFs, placed);
            containers.request(
                    rm,
                    nm,
                    w -> Optional.ofNullable(nodeOfWorker.get(w)),
                    settings.localityWaitSeconds());

            RunResult result = coordinator.get().run(); // closes the worker server
            List<String> nodes = containers.nodes();
            containers.stopping();
            succeeded = result.succeeded();
            diagnostic = result.diagnostic() == null ? "" : result.diagnostic();
            RunSummary summary =
                    RunSummary.of(appId, spec, result, nodes).withReplacedData(replacer.replaced());
            boolean pca = spec.workload() == Workload.PCA;
            RunOutputs.write(
                    outFs,
                    out,
                    summary,
                    result,
                    pca ? Math.max(1, spec.components()) : 1,
                    spec.intercept() && !pca);
            LOG.info("outputs written to {}", outFs.makeQualified(out));
        } catch (Throwable t) {
            succeeded = false;
            String cause =
                    t instanceof IllegalArgumentException
                            ? t.getMessage()
                            : t.getClass().getSimpleName() + ": " + t.getMessage();
            diagnostic = diagnostic.isEmpty() ? cause : diagnostic + "; then " + cause;
            LOG.error("run failed: {}", diagnostic, t);
        } finally {
            containers.stopping();
            if (server != null) {
                server.close();
            }
            if (rm != null) {
                try {
                    rm.unregisterApplicationMaster(
                            succeeded
                                    ? FinalApplicationStatus.SUCCEEDED
                                    : FinalApplicationStatus.FAILED,
                            succeeded ? "" : diagnostic,
                            null);
                } catch (Exception e) {
                    LOG.error("unregister failed", e);
                }
                rm.stop();
            }
            if (nm != null) {
                nm.stop();
            }
            if (page != null) {
                page.close();
            }
            containerEvents.close();
        }
    }

    /** Per worker, the NodeManager holding most of its partitions' bytes (absent: no match). */
    private static Map<Integer, String> nodesForWorkers(
            Configuration conf, FileSystem fs, PlacedJob placed) throws Exception {
        List<String> nms = new ArrayList<>();
        try (YarnClient yc = YarnClient.createYarnClient()) {
            yc.init(conf);
            yc.start();
            for (NodeReport r : yc.getNodeReports(NodeState.RUNNING)) {
                nms.add(r.getNodeId().getHost() + ":" + r.getNodeId().getPort());
            }
        }
        boolean includePort = includePort(conf);
        List<String> names = new ArrayList<>();
        for (String nm : nms) {
            names.add(includePort ? nm : LocalityPlanner.hostOf(nm));
        }
        names.sort(null);
        LocalityPlanner planner =
                new LocalityPlanner(
                        LocalityPlanner.parseMap(conf.get(YarnKeys.EMBEDDED_NODE_MAP)),
                        names,
                        AppMaster::canonical);
        Map<Integer, String> out = new HashMap<>();
        for (int w = 0; w < placed.plan.workers(); w++) {
            Map<String, Long> bytes = new LinkedHashMap<>();
            for (int j : placed.plan.stored(w)) {
                org.apache.hadoop.fs.Path p =
                        new org.apache.hadoop.fs.Path(placed.partitionUris.get(j));
                FileStatus st = fs.getFileStatus(p);
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

    /** Whether YARN names nodes host:port (the embedded cluster) rather than host. */
    private static boolean includePort(Configuration conf) {
        return conf.getBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, false);
    }

    private static String canonical(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            return host;
        }
    }

    private static ContainerLaunchContext workerContext(
            Configuration conf,
            YarnSettings s,
            String amHost,
            int amPort,
            int worker,
            byte[] secret) {
        // coded-yarn.kernel.vector and .threads: one value for every worker of the job, as JVM
        // options (the kernels read them as system properties)
        CodedYarnConfig cfg = CodedYarnConfig.parse(conf::get);
        String kernelOpts =
                (cfg.kernelVector()
                                ? " --add-modules jdk.incubator.vector -Dcoded-yarn.kernel.vector=true"
                                : "")
                        + (cfg.kernelThreads() > 1
                                ? " -D" + RowBlocks.CONFIG_KEY + "=" + cfg.kernelThreads()
                                : "");
        try {
            Map<String, String> env = new HashMap<>();
            // recomputed, not copied: the AM's own CLASSPATH is expanded with ITS working directory
            env.put(Environment.CLASSPATH.name(), Launch.containerClasspath(conf));
            env.put(WorkerMain.ENV_AM_HOST, amHost);
            env.put(WorkerMain.ENV_AM_PORT, Integer.toString(amPort));
            env.put(WorkerMain.ENV_WORKER, Integer.toString(worker));
            String cmd =
                    Launch.javaBinary(conf)
                            + " "
                            + s.workerJavaOpts()
                            + kernelOpts
                            + " "
                            + WorkerMain.class.getName()
                            + " 1>"
                            + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                            + "/worker.stdout 2>"
                            + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                            + "/worker.stderr";
            Credentials creds =
                    Launch.workerCredentials(
                            UserGroupInformation.getCurrentUser().getCredentials(), secret);
            return ContainerLaunchContext.newInstance(
                    Launch.jarResource(System.getenv(YarnKeys.ENV_JOB_JAR)),
                    env,
                    List.of(cmd),
                    null,
                    Launch.tokens(creds),
                    null);
        } catch (IOException e) {
            throw new IllegalStateException("worker " + worker + ": launch context: " + e, e);
        }
    }

    private static String status(
            String appId,
            TrainSpec spec,
            int workers,
            double progress,
            int running,
            List<String> nodes) {
        return "coded-yarn "
                + appId
                + "\nworkload "
                + spec.workload().cliName()
                + ", scheme "
                + spec.scheme()
                + ", seed "
                + spec.seed()
                + String.format("%nprogress %.1f %%%n", 100 * progress)
                + "workers "
                + running
                + " of "
                + workers
                + " running\nnodes "
                + nodes
                + "\n";
    }

    private static String read(String file) throws IOException {
        return Files.readString(Path.of(file), StandardCharsets.UTF_8);
    }
}
