package io.codedyarn.am.yarn.client;

import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.model.LocalPrediction;
import io.codedyarn.am.model.OutputFormat;
import io.codedyarn.am.model.PredictJob;
import io.codedyarn.am.output.StagedOutput;
import io.codedyarn.am.yarn.master.PredictTask;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * {@code predict --cluster yarn|embedded}: the job ({@link PredictSubmitter}) writes its parts into
 * a {@link StagedOutput}'s temporary directory, committed when the application SUCCEEDED and
 * deleted otherwise, so {@code --out} is whole or absent. The embedded cluster first copies the
 * (local) dataset onto its HDFS and, at the end, the parts back into a local staged output.
 */
public final class ClusterPrediction {
    private ClusterPrediction() {}

    /** How the parts are written. */
    public record Request(
            OutputFormat format, double threshold, List<String> keep, boolean allowMissing) {}

    /**
     * On the cluster of {@code conf}: {@code data} and {@code out} on file systems it reads.
     *
     * @return the application's outcome (diagnostics "P parts, L data-local" when it succeeded)
     */
    public static PredictSubmitter.Outcome yarn(
            Configuration conf, Path data, FileSystem outFs, Path out, String model, Request r)
            throws IOException, YarnException, InterruptedException {
        try (StagedOutput staged = StagedOutput.create(outFs, out)) {
            PredictJob job =
                    new PredictJob(
                            data.toString(),
                            outFs.makeQualified(staged.dir()).toString(),
                            r.format(),
                            r.threshold(),
                            r.keep(),
                            r.allowMissing());
            PredictSubmitter.Outcome o = PredictSubmitter.run(conf, job, model);
            if (o.succeeded()) {
                outFs.delete(new Path(staged.dir(), PredictTask.ATTEMPTS), true);
                outFs.create(new Path(staged.dir(), LocalPrediction.SUCCESS), false).close();
                staged.commit();
            }
            return o;
        }
    }

    /**
     * On an embedded cluster started for this job: {@code data} and {@code out} local.
     *
     * @param hadoop the command line's configuration (its coded-yarn keys reach the job)
     */
    public static PredictSubmitter.Outcome embedded(
            YarnSettings settings,
            Configuration hadoop,
            FileSystem localFs,
            Path data,
            Path out,
            String model,
            Request r,
            PrintWriter log)
            throws IOException, YarnException, InterruptedException {
        StagedOutput.refuseExisting(localFs, out);
        log.println(
                "predict: starting an embedded cluster ("
                        + settings.embeddedDataNodes()
                        + " DataNodes, "
                        + settings.embeddedNodeManagers()
                        + " NodeManagers)");
        log.flush();
        try (EmbeddedCluster cluster = EmbeddedCluster.start(settings)) {
            Configuration conf = new Configuration(cluster.configuration());
            for (var e : hadoop) {
                if (e.getKey().startsWith("coded-yarn.")) {
                    conf.set(e.getKey(), e.getValue());
                }
            }
            FileSystem hdfs = cluster.fileSystem();
            Path work =
                    new Path(
                            io.codedyarn.am.yarn.StagingDirs.root(hdfs), // owner only
                            "predict-" + System.currentTimeMillis());
            Path placed = new Path(work, "data");
            hdfs.copyFromLocalFile(false, true, data, placed);
            Path parts = new Path(work, "out");
            PredictSubmitter.Outcome o = yarn(conf, placed, hdfs, parts, model, r);
            if (o.succeeded()) {
                try (StagedOutput local = StagedOutput.create(localFs, out)) {
                    for (FileStatus st : hdfs.listStatus(parts)) {
                        FileUtil.copy(
                                hdfs,
                                st.getPath(),
                                localFs,
                                new Path(local.dir(), st.getPath().getName()),
                                false,
                                conf);
                    }
                    local.commit();
                }
            }
            return o;
        }
    }
}
