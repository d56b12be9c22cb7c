package io.codedyarn.am.yarn.client;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.output.RunSummary;
import io.codedyarn.coordinator.checkpoint.Checkpoint;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * The Java entry point of a training run on YARN (a real cluster, or the embedded one through its
 * {@code configuration()}): submit, follow, read the summary back. The {@code train} command calls
 * this; it is the only thing it needs from the YARN side.
 */
public final class YarnTrainer {
    private YarnTrainer() {}

    /**
     * @param exitStatus 0 only when the application's final status is SUCCEEDED (detached: when it
     *     was accepted), 1 otherwise
     * @param applicationId the YARN application id
     * @param summary {@code summary.json} read back from {@code job.out()}; when the AM wrote none
     *     (it failed before training), one built from the application report; null when detached
     */
    public record Result(int exitStatus, String applicationId, RunSummary summary) {}

    /**
     * @param conf the cluster's configuration (coded-yarn keys included: sizes, queue, ...)
     * @throws IllegalArgumentException bad configuration, or {@code job.out()} already exists
     */
    public static Result run(Configuration conf, TrainSpec spec, JobInfo job, boolean detach)
            throws IOException, YarnException, InterruptedException {
        return run(conf, spec, job, detach, null);
    }

    /**
     * As {@link #run(Configuration, TrainSpec, JobInfo, boolean)}, continuing {@code resume}
     * ({@code train --resume}; null: a fresh run).
     */
    public static Result run(
            Configuration conf, TrainSpec spec, JobInfo job, boolean detach, Checkpoint resume)
            throws IOException, YarnException, InterruptedException {
        YarnSettings settings = CodedYarnConfig.parse(conf::get).yarn();
        Path out = new Path(job.out());
        FileSystem outFs = out.getFileSystem(conf);
        RunOutputs.checkAbsent(outFs, out); // fail before taking the cluster's time
        if (detach) {
            conf = new Configuration(conf);
            conf.setBoolean(io.codedyarn.am.yarn.YarnKeys.DETACHED, true); // the AM cleans up
        }
        try (YarnSubmitter submitter = new YarnSubmitter(conf, settings)) {
            ApplicationId id = submitter.submit(spec, job, resume);
            if (detach) {
                YarnSubmitter.Outcome o = submitter.report(id);
                boolean alive =
                        o.state() != org.apache.hadoop.yarn.api.records.YarnApplicationState.FAILED
                                && o.state()
                                        != org.apache.hadoop.yarn.api.records.YarnApplicationState
                                                .KILLED;
                return new Result(alive ? 0 : 1, id.toString(), null);
            }
            YarnSubmitter.Outcome o = submitter.await(id, FollowProgress.onStderr(spec));
            RunSummary summary;
            try {
                summary = RunOutputs.readSummary(outFs, out);
            } catch (FileNotFoundException e) {
                summary =
                        new RunSummary(
                                id.toString(),
                                spec.scheme(),
                                spec.workload().cliName(),
                                spec.params().workers(),
                                0,
                                Double.NaN,
                                Double.NaN,
                                spec.seed(),
                                RunSummary.FAILED,
                                o.state()
                                        + (o.diagnostics().isBlank()
                                                ? ""
                                                : ": " + o.diagnostics().strip()),
                                List.of(),
                                java.util.Map.of());
            }
            return new Result(o.succeeded() ? 0 : 1, id.toString(), summary);
        }
    }
}
