package io.codedyarn.am.yarn.client;

import io.codedyarn.am.config.ConfigKey;
import io.codedyarn.am.config.Keys;
import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.am.yarn.ClassDataSharing;
import io.codedyarn.am.yarn.Launch;
import io.codedyarn.am.yarn.ProgressFile;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.am.yarn.master.AppMaster;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.JobJson;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.client.util.YarnClientUtils;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's Hadoop adapter: stages the job (jar, {@code job.json}, {@code job-info.json}, the
 * coded-yarn keys as {@code coded-yarn-site.xml}) under {@code <home>/.coded-yarn/<appId>/} as
 * LocalResources, sets the AM's resources, queue, attempts and Java options, adds HDFS delegation
 * tokens when security is on, submits, and follows the application report to its end.
 *
 * <p>Ctrl-C while following, on an interactive console, asks whether to kill the application
 * ({@link CtrlC}, {@link InterruptPrompt}): yes kills it and the client exits with its final status
 * (KILLED, non-zero); no keeps following. Without a console (scripts, CI, nohup), and on SIGTERM, a
 * shutdown hook kills the application without asking (a hook cannot prompt, and an orphaned
 * training job holds containers). {@code detach} returns right after submission instead and leaves
 * the application running.
 */
public final class YarnSubmitter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(YarnSubmitter.class);

    private final Configuration conf;
    private final YarnSettings settings;
    private final YarnClient yarn;

    /** The application's end (or, detached, its state right after submission). */
    public record Outcome(
            String applicationId,
            YarnApplicationState state,
            FinalApplicationStatus finalStatus,
            String diagnostics,
            String trackingUrl) {
        public boolean succeeded() {
            return finalStatus == FinalApplicationStatus.SUCCEEDED;
        }
    }

    public YarnSubmitter(Configuration conf, YarnSettings settings) {
        this.conf = conf;
        this.settings = settings;
        this.yarn = YarnClient.createYarnClient();
        yarn.init(clientConf(conf));
        yarn.start();
    }

    /** How long the client tries to reach the ResourceManager unless the configuration says. */
    static final long RM_CONNECT_WAIT_MS = 60_000;

    /**
     * The YARN client's configuration: {@code yarn.resourcemanager.connect.max-wait.ms} bounded to
     * {@value #RM_CONNECT_WAIT_MS} ms unless a site file or {@code -D} set it (Hadoop's default is
     * 15 minutes, retried every 30 s: a client pointed at no cluster, e.g. without {@code
     * HADOOP_CONF_DIR}, seemed to hang).
     */
    static Configuration clientConf(Configuration conf) {
        String key =
                org.apache.hadoop.yarn.conf.YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS;
        if (!defaulted(conf, key)) {
            return conf;
        }
        Configuration bounded = new Configuration(conf);
        bounded.setLong(key, RM_CONNECT_WAIT_MS);
        String interval =
                org.apache.hadoop.yarn.conf.YarnConfiguration
                        .RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS;
        bounded.setLong(interval, Math.min(conf.getLong(interval, 30_000), 5_000));
        // the RM proxy's retries make the bound: without this each of them also retries the
        // connection 10 times a second apart (measured: 113 s for a 2 s wait)
        String ipc =
                org.apache.hadoop.fs.CommonConfigurationKeysPublic
                        .IPC_CLIENT_CONNECT_MAX_RETRIES_KEY;
        if (defaulted(conf, ipc)) {
            bounded.setInt(ipc, 0);
        }
        return bounded;
    }

    private static boolean defaulted(Configuration conf, String key) {
        String[] sources = conf.getPropertySources(key);
        return sources == null
                || java.util.Arrays.stream(sources).allMatch(s -> s.endsWith("-default.xml"));
    }

    /** An unreachable ResourceManager, said as what the user can check. */
    private IOException unreachable(IOException e) {
        String key = org.apache.hadoop.yarn.conf.YarnConfiguration.RM_ADDRESS;
        return new IOException(
                "cannot reach the ResourceManager at "
                        + conf.get(
                                key,
                                org.apache.hadoop.yarn.conf.YarnConfiguration.DEFAULT_RM_ADDRESS)
                        + " ("
                        + key
                        + "; yarn.resourcemanager.connect.max-wait.ms = "
                        + clientConf(conf)
                                .get(
                                        org.apache.hadoop.yarn.conf.YarnConfiguration
                                                .RESOURCEMANAGER_CONNECT_MAX_WAIT_MS)
                        + "): is HADOOP_CONF_DIR set to the cluster's configuration directory? ("
                        + e
                        + ")",
                e);
    }

    /** Submits; returns the application id. */
    public ApplicationId submit(TrainSpec spec, JobInfo job) throws IOException, YarnException {
        return submit(spec, job, null);
    }

    /**
     * Submits a run that continues {@code resume} ({@code train --resume}; null: a fresh run): the
     * checkpoint is staged where the AM looks for an earlier attempt's, so the first attempt
     * resumes from it exactly as a restarted one does.
     */
    public ApplicationId submit(TrainSpec spec, JobInfo job, Checkpoint resume)
            throws IOException, YarnException {
        YarnClientApplication app;
        try {
            app = yarn.createApplication();
        } catch (java.net.ConnectException | java.net.NoRouteToHostException e) {
            throw unreachable(e);
        }
        ApplicationSubmissionContext ctx = app.getApplicationSubmissionContext();
        ApplicationId id = ctx.getApplicationId();
        FileSystem fs = FileSystem.get(conf);
        Path staging = fs.makeQualified(new Path(fs.getHomeDirectory(), ".coded-yarn/" + id));
        fs.mkdirs(staging);
        if (resume != null) {
            new CheckpointStore(fs, new Path(staging, YarnKeys.CHECKPOINTS)).write(resume);
        }

        Map<String, LocalResource> resources = new HashMap<>();
        resources.put(
                JobJson.SPEC_FILE, stage(fs, staging, JobJson.SPEC_FILE, JobJson.write(spec)));
        resources.put(JobJson.INFO_FILE, stage(fs, staging, JobJson.INFO_FILE, JobJson.write(job)));
        resources.put(YarnKeys.SITE_XML, stage(fs, staging, YarnKeys.SITE_XML, siteXml()));
        Map<String, String> env = new HashMap<>();
        File jar = jobJar();
        if (jar != null) {
            Path dst = new Path(staging, YarnKeys.JOB_JAR);
            fs.copyFromLocalFile(false, true, new Path(jar.toURI()), dst);
            FileStatus st = fs.getFileStatus(dst);
            resources.put(YarnKeys.JOB_JAR, Launch.fileResource(st));
            env.put(YarnKeys.ENV_JOB_JAR, Launch.describe(st));
        }
        env.put(Environment.CLASSPATH.name(), Launch.containerClasspath(conf));
        String cmd =
                Launch.javaBinary(conf)
                        + " "
                        + settings.amJavaOpts()
                        + ClassDataSharing.jvmOptions(
                                conf, ClassDataSharing.Role.AM, true, id.toString())
                        + " "
                        + AppMaster.class.getName()
                        + " 1>"
                        + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                        + "/AppMaster.stdout 2>"
                        + ApplicationConstants.LOG_DIR_EXPANSION_VAR
                        + "/AppMaster.stderr";
        ContainerLaunchContext amContainer =
                ContainerLaunchContext.newInstance(
                        resources, env, List.of(cmd), null, tokens(fs, job), null);
        ctx.setApplicationName("coded-yarn " + spec.workload().cliName() + " " + spec.scheme());
        ctx.setApplicationType(YarnKeys.APPLICATION_TYPE);
        ctx.setResource(Resource.newInstance(settings.amMemoryMb(), settings.amVcores()));
        ctx.setQueue(settings.queue());
        ctx.setMaxAppAttempts(settings.amMaxAttempts());
        ctx.setAMContainerSpec(amContainer);
        yarn.submitApplication(ctx);
        LOG.info("submitted {} to queue {}; staged in {}", id, settings.queue(), staging);
        return id;
    }

    /**
     * Follows the report until the application ends, logging state and the tracking URL when they
     * change and showing the AM's published rounds ({@link ProgressFile}) on {@code progress}'s
     * line; Ctrl-C asks whether to kill it (see the class comment). Deletes the staging directory
     * at the end.
     */
    public Outcome await(ApplicationId id, FollowProgress progress)
            throws IOException, YarnException, InterruptedException {
        try (CtrlC ctrlC = CtrlC.install(id.toString())) {
            return follow(id, ctrlC, progress);
        }
    }

    private Outcome follow(ApplicationId id, CtrlC ctrlC, FollowProgress progress)
            throws IOException, YarnException, InterruptedException {
        FileSystem fs = FileSystem.get(conf);
        Path progressFile = ProgressFile.path(fs, id.toString());
        boolean killed = false;
        Thread killer =
                new Thread(
                        () -> {
                            try {
                                LOG.warn("interrupted: killing {}", id);
                                yarn.killApplication(id);
                            } catch (Exception e) {
                                LOG.error("could not kill {}: {}", id, e.toString());
                            }
                        },
                        "kill-" + id);
        Runtime.getRuntime().addShutdownHook(killer);
        try {
            YarnApplicationState last = null;
            String lastUrl = null;
            while (true) {
                if (!killed && ctrlC != null && ctrlC.killRequested()) {
                    LOG.warn("killing {} as asked", id);
                    yarn.killApplication(id);
                    killed = true;
                }
                ApplicationReport r = yarn.getApplicationReport(id);
                YarnApplicationState state = r.getYarnApplicationState();
                String url = r.getTrackingUrl();
                boolean ended =
                        state == YarnApplicationState.FINISHED
                                || state == YarnApplicationState.FAILED
                                || state == YarnApplicationState.KILLED;
                if (ended) {
                    progress.finish(ProgressFile.read(fs, progressFile));
                }
                if (state != last) {
                    progress.endLine();
                    LOG.info("{} {}", id, state);
                }
                if (url != null && !url.isBlank() && !url.equals(lastUrl)) {
                    progress.endLine();
                    LOG.info("{} tracking URL {}", id, url);
                }
                if (state == YarnApplicationState.RUNNING) {
                    progress.update(ProgressFile.read(fs, progressFile));
                }
                last = state;
                lastUrl = url;
                if (ended) {
                    deleteStaging(id);
                    return new Outcome(
                            id.toString(),
                            state,
                            r.getFinalApplicationStatus(),
                            r.getDiagnostics() == null ? "" : r.getDiagnostics(),
                            url);
                }
                Thread.sleep(settings.reportIntervalMs());
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: leave it
            }
        }
    }

    /** The report right after submission (detached runs). */
    public Outcome report(ApplicationId id) throws IOException, YarnException {
        ApplicationReport r = yarn.getApplicationReport(id);
        return new Outcome(
                id.toString(),
                r.getYarnApplicationState(),
                r.getFinalApplicationStatus(),
                r.getDiagnostics() == null ? "" : r.getDiagnostics(),
                r.getTrackingUrl());
    }

    /** The YARN node each container of the application ran on (for tests and reports). */
    public YarnClient client() {
        return yarn;
    }

    @Override
    public void close() throws IOException {
        yarn.close();
    }

    private void deleteStaging(ApplicationId id) {
        try {
            FileSystem fs = FileSystem.get(conf);
            fs.delete(new Path(fs.getHomeDirectory(), ".coded-yarn/" + id), true);
        } catch (IOException e) {
            LOG.warn("could not delete the staging directory of {}: {}", id, e.toString());
        }
    }

    /** The jar to ship, or null where the containers reuse the client's classpath. */
    private File jobJar() {
        if (!settings.jobJar().isEmpty()) {
            File f = new File(settings.jobJar());
            if (!f.isFile()) {
                throw new IllegalArgumentException(
                        YarnJobKeys.JOB_JAR.name() + " = " + settings.jobJar() + " is not a file");
            }
            return f;
        }
        if (Launch.isMinicluster(conf)) {
            return null;
        }
        File f = runningJar();
        if (f == null) {
            throw new IllegalArgumentException(
                    "coded-yarn does not run from a jar: build the job jar (mvn package) or set "
                            + YarnJobKeys.JOB_JAR.name());
        }
        return f;
    }

    /**
     * The jar holding our classes: the code source when it is a jar (java -cp coded-yarn.jar);
     * under {@code yarn jar} (RunJar) the classes may come from the unpacked copy, so the class
     * loader's jars are searched for the one holding {@link AppMaster}.
     */
    static File runningJar() {
        String entry = AppMaster.class.getName().replace('.', '/') + ".class";
        java.util.List<java.net.URL> candidates = new java.util.ArrayList<>();
        candidates.add(AppMaster.class.getProtectionDomain().getCodeSource().getLocation());
        if (AppMaster.class.getClassLoader() instanceof java.net.URLClassLoader u) {
            candidates.addAll(java.util.List.of(u.getURLs()));
        }
        for (java.net.URL url : candidates) {
            File f;
            try {
                f = new File(url.toURI());
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                continue;
            }
            if (f.isFile() && f.getName().endsWith(".jar")) {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(f)) {
                    if (jar.getEntry(entry) != null) {
                        return f;
                    }
                } catch (IOException e) {
                    // not a readable jar: try the next
                }
            }
        }
        return null;
    }

    /** The coded-yarn keys of the client's configuration, for the AM. */
    private String siteXml() throws IOException {
        Configuration site = new Configuration(false);
        for (ConfigKey<?> k : Keys.all()) {
            String v = conf.get(k.name());
            if (v != null) {
                site.set(k.name(), v);
            }
        }
        // the embedded cluster's DataNode -> NodeManager pairing, as the client sees it (the AM
        // would otherwise read the cluster's own copy from its conf dir)
        String map = conf.get(YarnKeys.EMBEDDED_NODE_MAP);
        if (map != null) {
            site.set(YarnKeys.EMBEDDED_NODE_MAP, map);
        }
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        site.writeXml(b);
        return b.toString(StandardCharsets.UTF_8);
    }

    private static LocalResource stage(FileSystem fs, Path dir, String name, String text)
            throws IOException {
        Path p = new Path(dir, name);
        try (OutputStream o = fs.create(p, true)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return Launch.fileResource(fs.getFileStatus(p));
    }

    /** HDFS delegation tokens (default FS, dataset, output) when security is on; null otherwise. */
    private java.nio.ByteBuffer tokens(FileSystem fs, JobInfo job) throws IOException {
        if (!UserGroupInformation.isSecurityEnabled()) {
            return null;
        }
        return Launch.tokens(delegationTokens(conf, fs, job.dataset(), job.out()));
    }

    /**
     * HDFS delegation tokens of the current user for {@code fs} and the file systems of {@code
     * dataset} and {@code out}, renewable by the ResourceManager (which renews them while the
     * application runs and cancels them when it ends). The AM and, through it, the workers read and
     * write HDFS with these alone: they have no Kerberos credentials of their own.
     *
     * @throws IOException when the RM principal ({@code yarn.resourcemanager.principal}) is not
     *     configured, or a NameNode refuses a token
     */
    static Credentials delegationTokens(
            Configuration conf, FileSystem fs, String dataset, String out) throws IOException {
        String renewer = YarnClientUtils.getRmPrincipal(conf);
        if (renewer == null || renewer.isEmpty()) {
            throw new IOException(
                    "security is on but the RM principal is not configured"
                            + " (yarn.resourcemanager.principal)");
        }
        Credentials creds = new Credentials();
        fs.addDelegationTokens(renewer, creds);
        new Path(dataset).getFileSystem(conf).addDelegationTokens(renewer, creds);
        new Path(out).getFileSystem(conf).addDelegationTokens(renewer, creds);
        return creds;
    }
}
