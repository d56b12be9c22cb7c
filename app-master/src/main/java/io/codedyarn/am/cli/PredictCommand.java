package io.codedyarn.am.cli;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.cli.data.Paths;
import io.codedyarn.am.model.BoundModel;
import io.codedyarn.am.model.LocalPrediction;
import io.codedyarn.am.model.OutputFormat;
import io.codedyarn.am.model.PredictionColumns;
import io.codedyarn.am.model.PredictionParts;
import io.codedyarn.am.output.ModelJson;
import io.codedyarn.am.output.StagedOutput;
import io.codedyarn.am.yarn.client.ClusterPrediction;
import io.codedyarn.am.yarn.client.PredictSubmitter;
import io.codedyarn.hdfs.dataset.DatasetFormatException;
import io.codedyarn.hdfs.dataset.DatasetReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code coded-yarn predict}: apply a trained model to a dataset, one part file per block. */
@Command(
        name = "predict",
        mixinStandardHelpOptions = true,
        description = {
            "Apply a trained model to a dataset and write the predictions.",
            "lr: probability (of +1) and prediction (+1/-1 at --threshold); lsq: prediction;",
            "pca: pc1..pck. One part file per block file of the dataset, written to a",
            "hidden directory beside --out and renamed onto it at the end."
        })
final class PredictCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec CommandLine.Model.CommandSpec spec;

    @Mixin ModelInputs inputs;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "the output directory; must not exist")
    String out;

    @Option(
            names = "--cluster",
            defaultValue = "local",
            description = "local (in this process, the default), embedded, yarn: a YARN job")
    String cluster;

    @Option(names = "--format", defaultValue = "csv", description = "csv (default) or parquet")
    String format;

    @Option(
            names = "--keep-columns",
            split = ",",
            paramLabel = "NAME",
            description = "input columns written beside the predictions: feature names, row, label")
    List<String> keep = new ArrayList<>();

    PredictCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = format(format);
        if (!List.of("local", "embedded", "yarn").contains(cluster)) {
            throw new IllegalArgumentException(
                    "--cluster: '" + cluster + "' is neither local, embedded nor yarn");
        }
        Paths.Located o = Paths.resolve(out, ctx.hadoop());
        StagedOutput.refuseExisting(o.fs(), o.path());
        ModelInputs.Bound b = inputs.bind(ctx, spec);
        DatasetReader reader = b.reader();
        long rows;
        try {
            BoundModel bound = b.model();
            PredictionColumns columns = PredictionColumns.of(keep, reader.manifest(), bound);
            if (!cluster.equals("local")) {
                return onCluster(o, b, fmt);
            }
            rows =
                    LocalPrediction.run(
                            reader,
                            new PredictionParts.Settings(bound, columns, inputs.threshold, fmt),
                            o.fs(),
                            o.path());
        } catch (DatasetFormatException e) {
            throw new IllegalArgumentException("--data " + e.getMessage(), e);
        }
        spec.commandLine()
                .getErr()
                .println(
                        "predict: "
                                + rows
                                + " rows, "
                                + reader.manifest().blocks().size()
                                + " part files in "
                                + o.path());
        return 0;
    }

    /** {@code --cluster embedded|yarn}: a YARN job, one task per block file. */
    private int onCluster(Paths.Located o, ModelInputs.Bound b, OutputFormat fmt) throws Exception {
        String modelText = ModelJson.write(b.model().model());
        ClusterPrediction.Request r =
                new ClusterPrediction.Request(fmt, inputs.threshold, keep, inputs.allowMissing);
        Path data = b.reader().dir();
        if (cluster.equals("yarn")) {
            for (Path p : List.of(data, o.path())) {
                if ("file".equals(p.toUri().getScheme())) {
                    throw new IllegalArgumentException(
                            (p == data ? "--data: " : "--out: ")
                                    + p
                                    + " is on this machine's file system; on --cluster yarn the"
                                    + " containers read and write on the cluster's (hdfs://...)");
                }
            }
        }
        if (cluster.equals("embedded") && !"file".equals(data.toUri().getScheme())) {
            throw new IllegalArgumentException(
                    "--data: "
                            + inputs.data
                            + " is not on the local file system; --cluster embedded copies a local"
                            + " dataset onto its own HDFS");
        }
        long t0 = System.nanoTime();
        PredictSubmitter.Outcome outcome =
                cluster.equals("embedded")
                        ? ClusterPrediction.embedded(
                                ctx.config().yarn(),
                                ctx.hadoop(),
                                o.fs(),
                                data,
                                o.path(),
                                modelText,
                                r,
                                spec.commandLine().getErr())
                        : ClusterPrediction.yarn(
                                new YarnConfiguration(ctx.hadoop()),
                                data,
                                o.fs(),
                                o.path(),
                                modelText,
                                r);
        long rows = b.reader().manifest().rows();
        double seconds = (System.nanoTime() - t0) / 1e9;
        spec.commandLine()
                .getErr()
                .println(
                        "predict: "
                                + outcome.applicationId()
                                + (outcome.succeeded() ? " SUCCEEDED: " : " FAILED: ")
                                + outcome.diagnostics()
                                + (outcome.succeeded()
                                        ? "; " + rows + " rows in " + o.path()
                                        : "; nothing written to " + o.path())
                                + String.format(Locale.ROOT, " (%.1f s)", seconds));
        return outcome.succeeded() ? 0 : 1;
    }

    private static OutputFormat format(String s) {
        for (OutputFormat f : OutputFormat.values()) {
            if (f.extension().equals(s.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new IllegalArgumentException("--format: '" + s + "' is neither csv nor parquet");
    }
}
