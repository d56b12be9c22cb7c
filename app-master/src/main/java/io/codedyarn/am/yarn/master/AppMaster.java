package io.codedyarn.am.yarn.master;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.metrics.MeteredTrace;
import io.codedyarn.am.metrics.MetricsPublication;
import io.codedyarn.am.metrics.TrainingMetrics;
import io.codedyarn.am.net.GrpcWorkerServer;
import io.codedyarn.am.net.ServerOptions;
import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.am.output.PendingOutputs;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.output.RunSummary;
import io.codedyarn.am.yarn.ProgressFile;
import io.codedyarn.am.yarn.Straggles;
import io.codedyarn.am.yarn.kerberos.TokenRenewer;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.cluster.EventQueue;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.LiveFeed;
import io.codedyarn.coordinator.trace.RunResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster's main and its one Hadoop adapter. {@link #run} goes through named steps:
 * {@code register} (status page, RM and NM clients, registration: first, so that every later
 * failure unregisters with its diagnostic), {@code openJob} (the staged {@code job.json} and {@code
 * job-info.json}, the placed dataset checked against the plan), {@code prepareContainers} (the
 * workers' resource and how their data moves), {@code requestContainers} (one per worker on the
 * node holding its partitions), {@code startWorkerEndpoint} (the gRPC endpoint and the Hadoop-free
 * {@link Coordinator}; a container granted before it is up is launched then, so the workers' JVMs
 * start while this one finishes its start), {@code train} (the coordinator on this thread, then the
 * outputs, written atomically) and {@code shutDown} (unregisters SUCCEEDED, or FAILED with a
 * diagnostic naming the cause, also for any exception). This class holds the order of the steps and
 * everything they open, each as soon as it is opened, so that {@code shutDown} closes what a failed
 * start left open; how each piece is built from the job and the configuration (the status page, the
 * job, the token renewer, the data replacer, the endpoint's credentials and options, the
 * coordinator's run options) is {@link AmStartup}'s. Every client comes from the {@link AmClients},
 * and the container's environment from the {@link AmEnvironment}, so that a test runs this wiring
 * against fakes. Beside it: {@link ClusterNodes} (the NodeManagers as the AM names them, and which
 * holds each worker's data) and {@link AmStatus} (what the status page, the live page and the RM
 * heartbeat say of the run).
 *
 * <p>Threads: this one (the steps, then the coordinator); the containers' one {@link
 * SerialExecutor} (YARN's callbacks and the locality wait, see {@link WorkerContainers}); gRPC's
 * and the status page's own.
 *
 * <p>The per-application secret and TLS key pairs stay in this JVM; workers get the secret, the
 * certificate's fingerprint and the worker key of mutual TLS only in their containers' credentials.
 */
public final class AppMaster {
    private static final Logger LOG = LoggerFactory.getLogger(AppMaster.class);

    private final AmClients clients;
    private final AmEnvironment env;
    private final YarnConfiguration conf;
    private final CodedYarnConfig config;
    private final YarnSettings settings;
    private final ClusterNodes nodes;
    private final EventQueue events = new EventQueue();
    private final LiveFeed feed = new LiveFeed(); // the coordinator publishes, the page reads

    // opened by the steps; shutDown closes what was opened
    private SerialExecutor containerThread;
    private WorkerContainers containers;
    private AmStatus status;
    private StatusPage page;
    private AMRMClientAsync<ContainerRequest> rm;
    private NMClientAsync nm;
    private GrpcWorkerServer server;
    private volatile Coordinator coordinator; // read by the progress publisher's thread
    private CheckpointStore checkpoints;
    private PendingOutputs outputs; // the logs stream into --out's temporary sibling
    private ProgressPublisher publisher;
    private TokenRenewer tokens; // null: no keytab
    private MetricsPublication metrics; // Hadoop metrics2: JMX and the cluster's sinks
    private volatile AmStartup.Job job; // also read by gRPC's threads (each worker's setup)

    private String diagnostic = "";
    private boolean succeeded;
    private String finalTracking; // the run's report, once its outputs are written

    AppMaster(AmClients clients, AmEnvironment env) {
        this.clients = clients;
        this.env = env;
        this.conf = env.configuration();
        this.config = CodedYarnConfig.parse(conf::get);
        this.settings = config.yarn();
        this.nodes = new ClusterNodes(clients, conf, settings.workerNodeLabel());
    }

    public static void main(String[] args) {
        int status = 0;
        try {
            // as the application's user: its home holds the job's staging directory
            ContainerUser.run(
                    () -> new AppMaster(new YarnAmClients(), AmEnvironment.ofContainer()).run());
        } catch (Throwable t) {
            LOG.error("ApplicationMaster failed", t);
            status = 1;
        }
        System.exit(status);
    }

    /** Runs the application to its unregistration; whether it unregistered SUCCEEDED. */
    boolean run() {
        try {
            register();
            job = AmStartup.openJob(env, clients, conf);
            tokens = AmStartup.tokens(conf, job);
            status.job(job.spec(), job.placed().plan);
            DataReplacer replacer = prepareContainers();
            requestContainers(); // the workers' JVMs start while this AM starts its endpoint
            startWorkerEndpoint(replacer);
            train(replacer);
        } catch (Throwable t) {
            succeeded = false;
            String cause =
                    t instanceof IllegalArgumentException
                            ? t.getMessage()
                            : t.getClass().getSimpleName() + ": " + t.getMessage();
            diagnostic = diagnostic.isEmpty() ? cause : diagnostic + "; then " + cause;
            LOG.error("run failed: {}", diagnostic, t);
        } finally {
            shutDown();
        }
        return succeeded;
    }

    private void register() throws Exception {
        containerThread = SerialExecutor.start("worker-containers", clients.clock());
        containers = new WorkerContainers(events, containerThread, containerThread);
        status = new AmStatus(env.applicationId(), containers);
        page = AmStartup.statusPage(env, conf, status, feed);
        rm = clients.resourceManager(conf, containers.rmCallbacks(status::progress));
        nm = clients.nodeManagers(conf, containers.nmCallbacks());
        String tracking = "http://" + env.host() + ":" + page.port() + "/";
        rm.registerApplicationMaster(env.host(), -1, tracking);
        LOG.info("registered {}; status at {}", env.applicationId(), tracking);
    }

    /** What the workers' containers are and how a worker's data moves: before any request. */
    private DataReplacer prepareContainers() {
        Resource workerResource =
                Resource.newInstance(settings.workerMemoryMb(), settings.workerVcores());
        DataReplacer replacer =
                AmStartup.replacer(conf, nodes, job, env.applicationId(), workerResource);
        containers.relocateWith(replacer::replace);
        containers.configure(
                job.placed().plan.workers(), workerResource, settings.workerNodeLabel());
        return replacer;
    }

    /** The gRPC endpoint, the coordinator behind it, and what the containers launch. */
    private void startWorkerEndpoint(DataReplacer replacer) throws IOException {
        int n = job.placed().plan.workers();
        AmStartup.Credentials credentials = AmStartup.credentials(env.applicationId());
        List<String> clusterNodes = nodes.runningNames();
        Straggles straggles =
                new Straggles(
                        job.spec().straggle().text(), job.spec().seed(), n, clusterNodes, conf);
        if (!straggles.isNone()) {
            LOG.info("workers inject slowness: {}", straggles);
        }
        // warm spares (ids n..n+S-1) only serve replacements, which adaptation makes
        int spares = config.adaptation().enabled() ? settings.workerSpares() : 0;
        ServerOptions options =
                AmStartup.serverOptions(env.host(), conf, config, settings, job, spares);
        server =
                clients.workerServer(
                        n,
                        credentials.secret(),
                        credentials.identity(),
                        (w, host) ->
                                w >= n
                                        ? job.placed()
                                                .spareSetup(
                                                        w, job.spec(), straggles.forWorker(w, host))
                                        : replacer.setup(
                                                job.placed()
                                                        .setup(
                                                                w,
                                                                job.spec(),
                                                                straggles.forWorker(w, host))),
                        events,
                        options);
        containers.spares(spares);
        WorkerLaunch.AmEndpoint endpoint =
                new WorkerLaunch.AmEndpoint(
                        env.host(),
                        server.port(),
                        credentials.secret(),
                        credentials.identity().workerKeys(),
                        options.maxMessageBytes());
        checkpoints = AttemptRecovery.store(job.dataFs(), env.applicationId());
        outputs = RunOutputs.open(job.outFs(), job.out(), job.replaceOut());
        TrainingMetrics source =
                new TrainingMetrics(env.applicationId(), n, config.metricsQuantileSeconds());
        metrics = MetricsPublication.start(source);
        coordinator =
                new Coordinator(
                                job.spec(),
                                job.placed().plan,
                                job.placed().shape,
                                new ReplaceableWorkers(
                                        server,
                                        containers,
                                        job.placed(),
                                        replacer,
                                        containerThread,
                                        straggles::forWorker),
                                events,
                                clients.clock(),
                                AmStartup.runOptions(
                                        config, settings, clusterNodes.size(), job.held()))
                        .checkpoints(checkpoints, config.checkpointInterval(), "")
                        .trace(new MeteredTrace(outputs.trace(), source))
                        .liveFeed(feed);
        status.coordinator(coordinator);
        AttemptRecovery.resume(checkpoints, coordinator); // a later attempt continues
        // the client's progress line (ProgressFile); at most once a second
        publisher =
                ProgressPublisher.start(
                        job.dataFs(),
                        ProgressFile.path(job.dataFs(), env.applicationId()),
                        () ->
                                ProgressFile.Snapshot.of(
                                        coordinator.lastIteration(),
                                        containers.runningCount(),
                                        n,
                                        coordinator.workersStarting()),
                        Math.max(1000, settings.reportIntervalMs()));
        containers.launchWith(w -> WorkerLaunch.context(conf, settings, endpoint, w, env.jobJar()));
        LOG.info(
                "workers connect to {}:{} over mutual TLS (AM certificate SHA-256 {}; messages up"
                        + " to {} bytes)",
                env.host(),
                endpoint.port(),
                java.util.HexFormat.of().formatHex(endpoint.keys().amFingerprint()),
                endpoint.maxMessageBytes());
    }

    private void requestContainers() throws Exception {
        Map<Integer, String> nodeOfWorker = nodes.forWorkers(job.dataFs(), job.placed());
        containers.request(
                rm,
                nm,
                w -> Optional.ofNullable(nodeOfWorker.get(w)),
                settings.localityWaitSeconds());
    }

    /** Trains on this thread, then writes the outputs. */
    private void train(DataReplacer replacer) throws Exception {
        RunResult result = coordinator.run(); // closes the worker server
        List<String> nodes = containers.nodes();
        containers.stopping();
        succeeded = result.succeeded();
        diagnostic = result.diagnostic() == null ? "" : result.diagnostic();
        TrainSpec spec = job.spec();
        RunSummary summary =
                RunSummary.of(env.applicationId(), spec, result, nodes)
                        .withReplacedData(replacer.replaced());
        outputs.commit(spec, job.placed().dataset, summary, result, checkpoints.lastBytes());
        outputs = null;
        LOG.info("outputs written to {}", job.outFs().makeQualified(job.out()));
        finalTracking = FinalReport.publish(job.outFs(), job.out(), conf);
    }

    /** Unregisters with the final status and closes what the steps opened. */
    private void shutDown() {
        if (outputs != null) {
            outputs.abort(); // no outputs: kept only when a checkpoint counts its rows
        }
        if (publisher != null) {
            publisher.close();
        }
        if (tokens != null) {
            tokens.close();
        }
        if (containers != null) {
            containers.stopping();
        }
        if (server != null) {
            server.close();
        }
        if (metrics != null) {
            metrics.close(); // the run's totals reach the sinks before the application ends
        }
        if (rm != null) {
            try {
                rm.unregisterApplicationMaster(
                        succeeded
                                ? FinalApplicationStatus.SUCCEEDED
                                : FinalApplicationStatus.FAILED,
                        succeeded ? "" : diagnostic,
                        finalTracking);
                AttemptRecovery.unregistered(job == null ? null : job.dataFs(), conf, env);
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
        if (containerThread != null) {
            containerThread.close();
        }
    }
}
