package io.codedyarn.am.yarn.client;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.model.PredictJob;
import io.codedyarn.am.yarn.Launch;
import io.codedyarn.am.yarn.master.PredictMaster;
import io.codedyarn.coordinator.cluster.JobInfo;
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
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code predict --cluster yarn|embedded}'s client: stages the job ({@code predict-job.json}), the
 * model and the jar as {@link JobStaging} does for training, submits {@link PredictMaster} placed
 * as {@code train} places its ApplicationMaster ({@link Submission}: node labels, queue, priority,
 * tags), waits for its end, and commits: SUCCEEDED renames the job's temporary directory onto the
 * output (after removing the tasks' attempt directories and adding {@code _SUCCESS}); anything else
 * deletes it.
 */
public final class PredictSubmitter {
    private static final Logger LOG = LoggerFactory.getLogger(PredictSubmitter.class);

    private PredictSubmitter() {}

    /** The application's end. */
    public record Outcome(String applicationId, boolean succeeded, String diagnostics) {}

    /**
     * Runs the job whose parts go to {@code job.temp()}; the caller commits or deletes that
     * directory after.
     *
     * @param model the {@code model.json} text
     */
    public static Outcome run(Configuration conf, PredictJob job, String model)
            throws IOException, YarnException, InterruptedException {
        YarnSettings settings = CodedYarnConfig.parse(conf::get).yarn();
        JobStaging staging = new JobStaging(conf, settings);
        try (YarnClient yarn = YarnClient.createYarnClient()) {
            yarn.init(RmConnection.clientConf(conf));
            yarn.start();
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
            try {
                Map<String, LocalResource> resources = new HashMap<>();
                Map<String, String> env = new HashMap<>();
                String files = "";
                for (String[] f :
                        List.of(
                                new String[] {PredictJob.FILE, job.toJson()},
                                new String[] {PredictJob.MODEL_FILE, model})) {
                    resources.put(f[0], JobStaging.stage(fs, dir, f[0], f[1]));
                    String d = Launch.describe(fs.getFileStatus(new Path(dir, f[0])));
                    files = files.isEmpty() ? d : files + "," + d;
                }
                env.put(PredictMaster.ENV_FILES, files);
                staging.stageCommon(fs, dir, resources, env);
                // no rounds: each worker scores its part once, so the AM's work is start-up
                String cmd =
                        staging.amCommand(id.toString(), PredictMaster.class, "PredictMaster", 0);
                ctx.setAMContainerSpec(
                        ContainerLaunchContext.newInstance(
                                resources,
                                env,
                                List.of(cmd),
                                null,
                                staging.tokens(fs, new JobInfo(job.data(), job.temp()), yarn),
                                null));
                // one attempt: a failed job's parts are deleted, a new attempt starts over
                Submission.place(ctx, settings, "coded-yarn predict", 1);
                yarn.submitApplication(ctx);
                LOG.info("submitted {} (predict) to queue {}", id, settings.queue());
                return await(yarn, id, settings.reportIntervalMs());
            } finally {
                staging.delete(id);
            }
        }
    }

    private static Outcome await(YarnClient yarn, ApplicationId id, int intervalMs)
            throws IOException, YarnException, InterruptedException {
        ApplicationReport r = Submission.followToEnd(yarn, id, intervalMs, (report, ended) -> {});
        return new Outcome(
                id.toString(),
                r.getFinalApplicationStatus() == FinalApplicationStatus.SUCCEEDED,
                Submission.diagnostics(r).strip());
    }
}
