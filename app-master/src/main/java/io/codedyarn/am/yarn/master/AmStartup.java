package io.codedyarn.am.yarn.master;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.net.AmIdentity;
import io.codedyarn.am.net.ServerOptions;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.report.LiveData;
import io.codedyarn.am.yarn.kerberos.TokenRenewer;
import io.codedyarn.coordinator.RunOptions;
import io.codedyarn.coordinator.auto.Deliberation;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.JobJson;
import io.codedyarn.coordinator.trace.LiveFeed;
import io.codedyarn.coordinator.validation.Validation;
import java.io.IOException;
import java.net.URI;
import java.security.SecureRandom;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * What the {@link AppMaster}'s start-up steps build, from the container's environment, the staged
 * job and the configuration: the status page, the job and its placed dataset, the token renewer,
 * the data replacer, the worker endpoint's credentials and options, and the coordinator's run
 * options. Each method builds one thing and returns it; the {@link AppMaster} holds whatever must
 * be closed, as soon as it is opened, so that its {@code shutDown} closes what a failed start left
 * open.
 */
final class AmStartup {
    private static final int SECRET_BYTES = 32;
    // beyond the locality wait: time for containers to start and workers to load
    private static final double STARTUP_SLACK_SECONDS = 300;

    private AmStartup() {}

    /** The staged job, its file systems and its placed dataset. */
    record Job(
            TrainSpec spec,
            FileSystem dataFs,
            Path out,
            FileSystem outFs,
            PlacedJob placed,
            boolean replaceOut,
            Validation held) {}

    /** The per-application secret and the TLS key pairs of the worker endpoint. */
    record Credentials(byte[] secret, AmIdentity identity) {}

    /** The tracking page, on this host only, answering the ResourceManager's web proxy. */
    static StatusPage statusPage(
            AmEnvironment env, YarnConfiguration conf, AmStatus status, LiveFeed feed)
            throws IOException {
        return new StatusPage(
                status::text,
                new LiveData(env.applicationId(), feed, status.liveSource()),
                new java.net.InetSocketAddress(env.host(), 0),
                ProxyHosts.of(conf),
                "/proxy/" + env.applicationId() + "/");
    }

    /**
     * The staged {@code job.json} and {@code job-info.json}, the placed dataset checked against the
     * plan, and whether {@code --out} is an earlier attempt's (then replaced, else refused when it
     * exists).
     */
    static Job openJob(AmEnvironment env, AmClients clients, YarnConfiguration conf)
            throws IOException {
        TrainSpec spec =
                JobJson.read(env.read(JobJson.SPEC_FILE), TrainSpec.class, JobJson.SPEC_FILE);
        JobInfo info = JobJson.read(env.read(JobJson.INFO_FILE), JobInfo.class, JobJson.INFO_FILE);
        FileSystem dataFs = clients.fileSystem(URI.create(info.dataset()), conf);
        Path out = new Path(info.out());
        FileSystem outFs = clients.fileSystem(out.toUri(), conf);
        PlacedJob placed = PlacedJob.open(dataFs, new Path(info.dataset()), spec);
        boolean ours = AttemptRecovery.earlierAttemptWrote(outFs, out, env.applicationId());
        if (!ours) {
            RunOutputs.checkAbsent(outFs, out);
        }
        var held = PlacedJob.heldOut(info, spec, clients, conf);
        return new Job(spec, dataFs, out, outFs, placed, ours, held);
    }

    /** train --keytab: fresh HDFS tokens before the job's own expire; null without a keytab. */
    static TokenRenewer tokens(YarnConfiguration conf, Job job) throws IOException {
        return TokenRenewer.forJob(
                conf,
                List.of(FileSystem.getDefaultUri(conf), job.dataFs.getUri(), job.outFs.getUri()));
    }

    /** How a worker's data moves when it is replaced on another node. */
    static DataReplacer replacer(
            YarnConfiguration conf,
            ClusterNodes nodes,
            Job job,
            String applicationId,
            Resource workerResource) {
        return new DataReplacer(
                conf,
                nodes::workerNodes,
                job.dataFs,
                job.placed,
                jobDir(job, applicationId, "replaced"),
                workerResource,
                nodes.embeddedNodeMap(),
                nodes.includePort(),
                ClusterNodes::canonical);
    }

    /** A directory of this application's on the dataset's file system (HDFS on a cluster). */
    private static Path jobDir(Job job, String applicationId, String name) {
        return job.dataFs.makeQualified(
                new Path(
                        job.dataFs.getHomeDirectory(),
                        ".coded-yarn/" + applicationId + "/" + name));
    }

    /**
     * A fresh secret and TLS key pairs (SecureRandom: credentials, not an algorithmic random
     * choice); they stay in this JVM, and workers get theirs only in their containers' credentials.
     */
    static Credentials credentials(String applicationId) {
        SecureRandom random = new SecureRandom();
        byte[] secret = new byte[SECRET_BYTES];
        random.nextBytes(secret);
        AmIdentity identity =
                AmIdentity.generate(
                        "coded-yarn AM " + applicationId, java.time.Instant.now(), random);
        return new Credentials(secret, identity);
    }

    /** The worker endpoint: on this host's address only, sized for this job's messages. */
    static ServerOptions serverOptions(
            String host,
            YarnConfiguration conf,
            CodedYarnConfig config,
            YarnSettings settings,
            Job job,
            int spares) {
        return ServerOptions.defaults()
                .withBindAddress(host)
                .withMaxMessageBytes(messageBytes(job))
                .withIoThreads(settings.amIoThreads())
                .withSpares(spares)
                .withKeepaliveMillis(Math.round(config.keepaliveSeconds() * 1000))
                .withPending(config.endpoint())
                .withKernels(
                        WorkerLaunch.decideKernels(conf, job.placed.shape, job.spec.iterations()));
    }

    /**
     * The bound on one worker message for this job's model: tasks carry at most every codeword of
     * the plan, plus room for a re-planned code (--speeds auto) with up to K more.
     */
    private static int messageBytes(Job job) {
        int modelLength =
                job.spec
                        .workload()
                        // + 1: room for the intercept's column, where the workload has one
                        .modelLength(
                                job.placed.shape.cols() + 1, Math.max(1, job.spec.components()));
        int k = job.placed.plan.partitions();
        return ServerOptions.messageBytesFor(
                modelLength, job.placed.plan.codewords().size() + k, k);
    }

    /** The coordinator's options on a cluster of {@code clusterNodes} NodeManagers. */
    static RunOptions runOptions(
            CodedYarnConfig config, YarnSettings settings, int clusterNodes, Validation held) {
        return RunOptions.defaults()
                // a worker may wait out the locality wait twice (its node, then the node its data
                // was re-placed beside)
                .withStartupTimeout(2L * settings.localityWaitSeconds() + STARTUP_SLACK_SECONDS)
                .withLoadBalance(config.dsagLoadBalance())
                .withBalanceSchedule(config.balanceSchedule())
                .withLazy(config.lazy())
                .withAdaptation(config.adaptation(), clusterNodes)
                .withLiveness(config.liveness())
                .withSpeeds(config.speeds())
                .withAuto(config.auto())
                // a decision's replays must not stall a round
                .withDeliberation(Deliberation.aside())
                .withValidation(held);
    }
}
