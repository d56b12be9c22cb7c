package io.codedyarn.am.yarn.client;

import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.output.CheckpointStore;
import io.codedyarn.am.yarn.ProgressFile;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.am.yarn.kerberos.KeytabLogin;
import io.codedyarn.am.yarn.master.AppMaster;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.JobJson;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's Hadoop adapter: stages the job (jar, {@code job.json}, {@code job-info.json}, the
 * coded-yarn keys as {@code coded-yarn-site.xml}) under {@code <home>/.coded-yarn/<appId>/} as
 * LocalResources ({@link JobStaging}), reaches the ResourceManager within a bounded wait ({@link
 * RmConnection}), checks that some running node carries each node label asked for, sets the AM's
 * resources, node label, queue, attempts, priority and tags ({@link Submission}, shared with {@code
 * predict}) and Java options, adds HDFS delegation tokens when security is on, submits, and follows
 * the application report to its end.
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
    private final JobStaging staging;

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
        this.staging = new JobStaging(conf, settings);
        this.yarn = YarnClient.createYarnClient();
        yarn.init(RmConnection.clientConf(conf));
        yarn.start();
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
        Submission.checkNodeLabels(yarn, conf, settings);
        YarnClientApplication app;
        try {
            app = yarn.createApplication();
        } catch (java.net.ConnectException | java.net.NoRouteToHostException e) {
            throw RmConnection.unreachable(conf, e);
        }
        ApplicationSubmissionContext ctx = app.getApplicationSubmissionContext();
        ApplicationId id = ctx.getApplicationId();
        FileSystem fs = FileSystem.get(conf);
        staging.sweep(fs, yarn); // ended applications' directories a kill left behind
        Path dir = io.codedyarn.am.yarn.StagingDirs.create(fs, id.toString()); // 700
        if (resume != null) {
            new CheckpointStore(fs, new Path(dir, YarnKeys.CHECKPOINTS)).write(resume);
        }

        Map<String, LocalResource> resources = new HashMap<>();
        resources.put(
                JobJson.SPEC_FILE,
                JobStaging.stage(fs, dir, JobJson.SPEC_FILE, JobJson.write(spec)));
        resources.put(
                JobJson.INFO_FILE,
                JobStaging.stage(fs, dir, JobJson.INFO_FILE, JobJson.write(job)));
        Map<String, String> env = new HashMap<>();
        staging.stageCommon(fs, dir, resources, env);
        KeytabLogin.stage(conf, fs, dir, resources); // train --keytab: the AM renews tokens
        String cmd =
                staging.amCommand(
                        id.toString(),
                        AppMaster.class,
                        "AppMaster",
                        (double) spec.params().workers() * spec.iterations());
        ContainerLaunchContext amContainer =
                ContainerLaunchContext.newInstance(
                        resources, env, List.of(cmd), null, staging.tokens(fs, job, yarn), null);
        Submission.place(
                ctx,
                settings,
                "coded-yarn " + spec.workload().cliName() + " " + spec.scheme(),
                settings.amMaxAttempts());
        ctx.setAMContainerSpec(amContainer);
        yarn.submitApplication(ctx);
        LOG.info("submitted {} to queue {}; staged in {}", id, settings.queue(), dir);
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
        var seen =
                new Object() {
                    YarnApplicationState state;
                    String url;
                    boolean killed;
                };
        ApplicationReport end =
                Submission.followToEnd(
                        yarn,
                        id,
                        settings.reportIntervalMs(),
                        (r, ended) -> {
                            YarnApplicationState state = r.getYarnApplicationState();
                            String url = r.getTrackingUrl();
                            if (ended) {
                                progress.finish(ProgressFile.read(fs, progressFile));
                            }
                            if (state != seen.state) {
                                progress.endLine();
                                LOG.info("{} {}", id, state);
                            }
                            if (url != null && !url.isBlank() && !url.equals(seen.url)) {
                                progress.endLine();
                                LOG.info("{} tracking URL {}", id, url);
                            }
                            if (state == YarnApplicationState.RUNNING) {
                                progress.update(ProgressFile.read(fs, progressFile));
                            }
                            seen.state = state;
                            seen.url = url;
                            if (!ended && !seen.killed && ctrlC != null && ctrlC.killRequested()) {
                                LOG.warn("killing {} as asked", id);
                                yarn.killApplication(id);
                                seen.killed = true;
                            }
                        });
        if (!settings.keepStaging()) {
            staging.delete(id);
        }
        return new Outcome(
                id.toString(),
                end.getYarnApplicationState(),
                end.getFinalApplicationStatus(),
                Submission.diagnostics(end),
                end.getTrackingUrl());
    }

    /** The report right after submission (detached runs). */
    public Outcome report(ApplicationId id) throws IOException, YarnException {
        ApplicationReport r = yarn.getApplicationReport(id);
        return new Outcome(
                id.toString(),
                r.getYarnApplicationState(),
                r.getFinalApplicationStatus(),
                Submission.diagnostics(r),
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
}
