package io.codedyarn.am.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.cli.common.HeldOutFlags;
import io.codedyarn.am.cli.common.KerberosFlags;
import io.codedyarn.am.cli.common.PlanFlags;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.output.RunSummary;
import io.codedyarn.am.train.TrainRequest;
import io.codedyarn.am.train.Trainers;
import io.codedyarn.am.yarn.Straggles;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn train}: places the data redundantly, runs the ApplicationMaster and its
 * workers, trains, writes the results. {@code --cluster embedded} (the default without a Hadoop
 * configuration) starts MiniDFS + MiniYARN in this JVM and submits exactly as to a real cluster;
 * {@code yarn} submits to the configured cluster; {@code simulated} runs the same coordinator with
 * in-process workers on simulated time.
 */
@Command(
        name = "train",
        mixinStandardHelpOptions = true,
        description = {
            "Train a model with a straggler-tolerant scheme: on an embedded cluster (default",
            "without a Hadoop configuration), a real YARN cluster, or a simulated one."
        })
final class TrainCommand implements Callable<Integer> {
    private final CliContext context;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--workload",
            defaultValue = "lr",
            paramLabel = "W",
            description = "lr | pca | lsq (default: ${DEFAULT-VALUE})")
    String workload;

    @Option(
            names = "--data",
            paramLabel = "DIR",
            description =
                    "dataset directory (coded-yarn format; local path or URI); default: a"
                            + " built-in generated dataset for the workload")
    String data;

    @Option(
            names = "--scheme",
            paramLabel = "NAME",
            description =
                    "scheme: ${COMPLETION-CANDIDATES} (default: auto, which picks the exact code"
                            + " and its redundancy from what it measures while the run goes on)",
            completionCandidates = PlanCommand.SchemeNames.class)
    String scheme;

    @Mixin PlanFlags flags;

    @Option(
            names = "--trace",
            paramLabel = "FILE",
            description =
                    "--scheme auto: start with the code an earlier run's latency-trace.csv"
                            + " (local file) predicts fastest, instead of uncoded")
    String trace;

    @Mixin HeldOutFlags heldOut;

    @Mixin KerberosFlags kerberos;

    @Option(
            names = "--components",
            defaultValue = "3",
            paramLabel = "K",
            description = "PCA components k (default: ${DEFAULT-VALUE})")
    int components;

    @Option(
            names = "--lambda",
            paramLabel = "L",
            description = "L2 regularisation (default: 1/n for lr, 0 for lsq)")
    Double lambda;

    @Option(names = "--no-intercept", description = "do not append the constant-1 feature")
    boolean noIntercept;

    @Option(
            names = "--latency",
            paramLabel = "SPEC",
            description = "simulated clusters: the latency model (as in simulate --latency)")
    String latency;

    @Option(
            names = "--straggle",
            paramLabel = "SPEC",
            description =
                    "slowness the workers inject into themselves, e.g. ramp:factor=0.4+slow:factor=3,workers=1/5"
                            + " or slow:factor=5,node=0 (default: coded-yarn.straggle, none); see docs/commands.md")
    String straggle;

    @Option(
            names = "--iterations",
            defaultValue = "100",
            paramLabel = "T",
            description = "at most T iterations (default: ${DEFAULT-VALUE})")
    int iterations;

    @Option(
            names = "--target-gap",
            paramLabel = "G",
            description = "stop once the relative gap to the reference optimum is <= G")
    Double targetGap;

    @Option(
            names = "--time-limit",
            paramLabel = "SECONDS",
            description = "stop after this many seconds of training (simulated: simulated seconds)")
    Double timeLimit;

    @Option(names = "--step", paramLabel = "ETA", description = "step size (default: 1/L)")
    Double step;

    @Option(
            names = "--optimizer",
            paramLabel = "O",
            description = "gd | nesterov | lbfgs (exact-gradient schemes; default lbfgs)")
    String optimizer;

    @Option(
            names = "--wait",
            paramLabel = "W",
            description = "sag/dsag: fresh results to wait for (default n - s)")
    int waitFor;

    @Option(
            names = "--reference",
            paramLabel = "F",
            description =
                    "reference optimum for the gap (F*, or PCA's optimal explained variance);"
                            + " default: computed in-process for simulated/embedded runs when"
                            + " --target-gap is given")
    Double reference;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description =
                    "where the model, iterations.csv, latency-trace.csv and summary.json go"
                            + " (default: coded-yarn-runs/<scheme>-<workload>-<seed>; on HDFS for"
                            + " --cluster yarn)")
    String out;

    @Option(
            names = "--cluster",
            paramLabel = "C",
            description =
                    "embedded | yarn | simulated (default: yarn when a Hadoop configuration"
                            + " is found (HADOOP_CONF_DIR or yarn-site.xml on the classpath),"
                            + " else embedded)")
    String cluster;

    @Option(
            names = "--resume",
            paramLabel = "DIR",
            description =
                    "continue the run whose --out was DIR from its checkpoint (DIR/checkpoint.ckpt):"
                            + " the job is DIR/job.json's, only --iterations, --cluster, --data and"
                            + " --out may be given; outputs replace DIR unless --out names another"
                            + " directory")
    String resume;

    @Option(names = "--detach", description = "yarn: return once the application is submitted")
    boolean detach;

    @Option(
            names = "--keep-staging",
            description =
                    "yarn: keep the application's staging directory on HDFS"
                            + " (<home>/.coded-yarn/<application id>: the job's files, jar and"
                            + " checkpoints) after the run ends, to look into it; the same as -D"
                            + " coded-yarn.keep-staging=true")
    boolean keepStaging;

    @Option(names = "--json", description = "print the run's summary as JSON")
    boolean json;

    TrainCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        // the keytab login comes first: reading the job may already read the cluster's HDFS (a
        // --straggle trace, --trace, --resume), which a Kerberos cluster refuses without it
        kerberos.login(
                cluster != null ? cluster : Trainers.defaultCluster(context.hadoop()),
                context.hadoop());
        TrainSpec train = resume != null ? resumed() : spec();
        String mode =
                cluster != null
                        ? cluster
                        // a resumed simulated run (its job has a latency model) stays simulated
                        : resume != null && train.latency() != null
                                ? "simulated"
                                : Trainers.defaultCluster(context.hadoop());
        InvalidParametersException.require(
                mode.equals("embedded") || mode.equals("yarn") || mode.equals("simulated"),
                "--cluster",
                "must be embedded, yarn or simulated, got '%s'",
                mode);
        InvalidParametersException.require(
                latency == null || mode.equals("simulated"),
                "--latency",
                "only applies to --cluster simulated");
        InvalidParametersException.require(
                !keepStaging || mode.equals("yarn"),
                "--keep-staging",
                "only applies to --cluster yarn (an embedded cluster's HDFS ends with the run)");
        String outDir =
                out != null
                        ? out
                        : resume != null
                                ? resume
                                : "coded-yarn-runs/"
                                        + scheme
                                        + "-"
                                        + train.workload().cliName()
                                        + "-"
                                        + train.seed();
        String labelNote = ignoredLabelsNote(train.workload(), data);
        if (labelNote != null) {
            spec.commandLine().getErr().println(labelNote);
            spec.commandLine().getErr().flush();
        }
        kerberos.requireYarn(mode); // a resumed simulated run, say
        CliContext run = keepStaging ? keptStaging(context) : context;
        TrainRequest request =
                new TrainRequest(train, data, outDir, mode, detach, resume, heldOut.request());
        Trainers.Outcome outcome =
                Trainers.run(run.config(), run.hadoop(), request, spec.commandLine().getErr());
        PrintWriter pw = spec.commandLine().getOut();
        RunSummary summary = outcome.summary();
        if (summary == null) { // detached
            pw.println("train: submitted; follow it with the YARN tools");
            pw.flush();
            return 0;
        }
        if (json) {
            pw.print(RunOutputs.summaryJson(summary));
        } else {
            Map<String, Object> fields =
                    new ObjectMapper()
                            .convertValue(summary, new TypeReference<Map<String, Object>>() {});
            for (var e : fields.entrySet()) {
                pw.printf(Locale.ROOT, "%-14s %s%n", e.getKey(), e.getValue());
            }
            pw.printf(Locale.ROOT, "%-14s %s%n", "out", outcome.outDir());
        }
        pw.flush();
        return summary.succeeded() ? 0 : 1;
    }

    /**
     * {@code context} with {@code coded-yarn.keep-staging} set, in the Hadoop configuration too:
     * the client skips its removal at the end, and the ApplicationMaster of a {@code --detach} run,
     * which would otherwise remove the directory when it unregisters, reads the key from the site
     * file the client stages from that configuration.
     */
    static CliContext keptStaging(CliContext context) {
        Configuration conf = new Configuration(context.hadoop());
        conf.setBoolean(YarnJobKeys.KEEP_STAGING.name(), true);
        return new CliContext(CodedYarnConfig.parse(conf::get), conf);
    }

    /**
     * {@code --resume DIR}: the job DIR ran ({@code DIR/job.json}), with {@code --iterations} when
     * given; every other job flag is refused, since the checkpoint belongs to that job.
     */
    private TrainSpec resumed() throws java.io.IOException {
        var parsed = spec.commandLine().getParseResult();
        for (var o : parsed.matchedOptions()) {
            String name = o.longestName();
            InvalidParametersException.require(
                    java.util.Set.of(
                                            "--resume",
                                            "--iterations",
                                            "--cluster",
                                            "--data",
                                            "--out",
                                            "--json",
                                            "--detach",
                                            "--keep-staging")
                                    .contains(name)
                            || KerberosFlags.NAMES.contains(name),
                    name,
                    "cannot be changed when resuming: the job is %s/job.json's",
                    resume);
        }
        org.apache.hadoop.fs.Path file =
                new org.apache.hadoop.fs.Path(
                        resume, io.codedyarn.coordinator.trace.JobJson.SPEC_FILE);
        org.apache.hadoop.fs.FileSystem fs = file.getFileSystem(context.hadoop());
        InvalidParametersException.require(
                fs.exists(file), "--resume", "%s does not exist", fs.makeQualified(file));
        String json;
        try (var in = fs.open(file)) {
            json = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        TrainSpec s =
                io.codedyarn.coordinator.trace.JobJson.read(
                        json, TrainSpec.class, fs.makeQualified(file).toString());
        scheme = s.scheme();
        if (!parsed.hasMatchedOption("--iterations")) {
            return s;
        }
        InvalidParametersException.require(
                iterations >= 1, "--iterations", "must be >= 1, got %d", iterations);
        return s.withIterations(iterations);
    }

    private TrainSpec spec() {
        if (scheme == null) {
            // auto is the default: within 10 % of the best fixed code chosen in hindsight in every
            // scenario measured, and within 5 % of uncoded on a quiet cluster (docs/benchmarks.md)
            scheme = io.codedyarn.placement.scheme.Auto.NAME;
            spec.commandLine()
                    .getErr()
                    .println(
                            "train: no --scheme: auto picks the exact code as it measures the"
                                    + " workers (--scheme NAME fixes one)");
        }
        Workload w;
        try {
            w = Workload.parse(workload);
        } catch (IllegalArgumentException e) {
            throw new InvalidParametersException("--workload", e.getMessage());
        }
        SchemeParams params = autoRedundancy(flags.toParams(context.config().defaultSeed()));
        InvalidParametersException.require(
                iterations >= 1, "--iterations", "must be >= 1, got %d", iterations);
        InvalidParametersException.require(
                components >= 1, "--components", "must be >= 1, got %d", components);
        InvalidParametersException.require(
                lambda == null || (lambda >= 0 && Double.isFinite(lambda)),
                "--lambda",
                "must be a finite number >= 0, got %s",
                lambda);
        InvalidParametersException.require(
                step == null || (step > 0 && Double.isFinite(step)),
                "--step",
                "must be > 0, got %s",
                step);
        InvalidParametersException.require(
                targetGap == null || targetGap > 0,
                "--target-gap",
                "must be > 0, got %s",
                targetGap);
        InvalidParametersException.require(
                timeLimit == null || timeLimit > 0,
                "--time-limit",
                "must be > 0, got %s",
                timeLimit);
        InvalidParametersException.require(
                waitFor >= 0 && waitFor <= params.workers(),
                "--wait",
                "must be in 0..--workers, got %d",
                waitFor);
        InvalidParametersException.require(
                optimizer == null
                        || java.util.Set.of("gd", "nesterov", "lbfgs").contains(optimizer),
                "--optimizer",
                "must be gd, nesterov or lbfgs, got '%s'",
                optimizer);
        TrainSpec built =
                new TrainSpec(
                        w,
                        scheme,
                        params,
                        components,
                        lambda == null ? Double.NaN : lambda,
                        !noIntercept && w != Workload.PCA,
                        Optimizer.parse(optimizer),
                        step == null ? Double.NaN : step,
                        iterations,
                        targetGap == null ? Double.NaN : targetGap,
                        timeLimit == null ? Double.NaN : timeLimit,
                        waitFor,
                        reference == null ? Double.NaN : reference,
                        LatencySpec.ofNullable(latency),
                        StraggleSpec.parse(straggleSpec(params.workers())),
                        params.seed());
        return trace == null ? built : built.withAutoStart(autoStart(params));
    }

    /**
     * Auto without {@code --stragglers}: s is auto's cap (max(1, round(N/4)), at most 8, or
     * coded-yarn.auto.max-stragglers), pre-placed, as every measurement of auto in
     * docs/benchmarks.md ran it: a switch to cyclic reads nothing, and a late worker's partition
     * can be computed by a worker that stores it. {@code --stragglers 0} places one partition a
     * worker.
     */
    private SchemeParams autoRedundancy(SchemeParams params) {
        if (!io.codedyarn.placement.scheme.Auto.NAME.equals(scheme)
                || spec.commandLine().getParseResult().hasMatchedOption("--stragglers")) {
            return params;
        }
        return params.withStragglers(context.config().auto().cap(params.workers()));
    }

    /** {@code --trace}: the code auto starts with, said on stderr with what predicted it. */
    private io.codedyarn.coordinator.round.AutoStart autoStart(SchemeParams params) {
        InvalidParametersException.require(
                io.codedyarn.placement.scheme.Auto.NAME.equals(scheme),
                "--trace",
                "only applies to --scheme auto, not %s",
                scheme);
        io.codedyarn.coordinator.round.AutoStart start;
        try {
            start =
                    io.codedyarn.coordinator.auto.TraceStart.choose(
                            io.codedyarn.coordinator.advise.RecordedTrace.read(
                                    java.nio.file.Path.of(trace)),
                            params,
                            context.config().auto());
        } catch (java.io.IOException | IllegalArgumentException e) {
            throw new InvalidParametersException("--trace", e.getMessage());
        }
        spec.commandLine()
                .getErr()
                .println("train: auto starts with " + start.code() + ": " + start.evidence());
        spec.commandLine().getErr().flush();
        return start;
    }

    /**
     * PCA reads features only: when {@code --data} has a label column, says that it is ignored and
     * how many features remain (an unlabeled CSV imported without --no-labels lost its last feature
     * to the label); null otherwise, or when the manifest cannot be read here (the run then reports
     * that itself).
     */
    String ignoredLabelsNote(Workload w, String dataDir) {
        if (w != Workload.PCA || dataDir == null) {
            return null;
        }
        io.codedyarn.hdfs.dataset.Manifest m;
        try {
            org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(dataDir);
            m =
                    io.codedyarn.hdfs.dataset.DatasetReader.readManifest(
                            dir.getFileSystem(context.hadoop()), dir);
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
        if (!m.labels().present()) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "train: --workload pca ignores the labels of %s and uses its %d feature columns;"
                        + " if that data has no labels, re-import it with --no-labels (data import"
                        + " took a column, by default the last, as the label)",
                dataDir,
                m.cols());
    }

    /** --straggle, or the configured default; a trace it replays must be readable now. */
    private String straggleSpec(int workers) {
        String text = straggle != null ? straggle : context.config().straggle();
        StraggleSpec spec = StraggleSpec.parse(Straggles.qualified(text, context.hadoop()));
        if (spec.traceFile() != null) {
            spec.traceColumns(workers, Straggles.files(context.hadoop()));
        }
        return spec.text();
    }
}
