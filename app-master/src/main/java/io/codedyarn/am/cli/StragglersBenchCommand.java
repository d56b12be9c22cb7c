package io.codedyarn.am.cli;

import io.codedyarn.am.bench.stragglers.BenchData;
import io.codedyarn.am.bench.stragglers.BenchMethods;
import io.codedyarn.am.bench.stragglers.LabControl;
import io.codedyarn.am.bench.stragglers.LabFaults;
import io.codedyarn.am.bench.stragglers.LabLocation;
import io.codedyarn.am.bench.stragglers.MethodRow;
import io.codedyarn.am.bench.stragglers.RunAgreement;
import io.codedyarn.am.bench.stragglers.Scenario;
import io.codedyarn.am.bench.stragglers.StragglerBench;
import io.codedyarn.am.bench.stragglers.StragglerTable;
import io.codedyarn.am.bench.stragglers.TrainingRunner;
import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.train.Trainers;
import io.codedyarn.placement.InvalidParametersException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn bench stragglers}: time to a target gap of every method under injected
 * slowness, on one embedded cluster (or the simulated one). The work is {@link StragglerBench}'s.
 */
@Command(
        name = "stragglers",
        mixinStandardHelpOptions = true,
        description = {
            "Time to a target gap of each method (uncoded GD, fastest-k, SAG, SAG-LB, DSAG,",
            "DSAG-LB, cyclic GC, static clustering, GC-DC, hetero, BCC, G-LAG, cyclic GC with",
            "exclusion off, and L-BFGS baselines) under injected slowness: logistic regression on",
            "a generated higgs-like set, R runs per method (seeds 1..R) on ONE embedded cluster",
            "(or --cluster simulated, or --cluster yarn: a real cluster such as bin/lab's, whose",
            "hosts the lab scenarios slow down from outside). Per method: the median seconds of",
            "training to the target,",
            "min-max over the runs that reached it, reached/runs, and the ratio median / uncoded",
            "GD's and median / uncoded L-BFGS's (below 1: faster)."
        })
final class StragglersBenchCommand implements Callable<Integer> {
    private final CliContext context;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--scenario",
            split = ",",
            paramLabel = "S",
            description =
                    "injected by the workers (embedded, simulated): a: ramp + two workers 3x slow;"
                            + " b: Markov bursts; c: two workers 4x slow from iteration 50; d:"
                            + " NodeManager 1 5x slow. Made with bin/lab on a multi-host lab"
                            + " (--cluster yarn): slow-host: one worker host at 20%% of its CPU"
                            + " share; two-slow-hosts: two at 40%%; slow-link: one host's link at"
                            + " --link-rate; freeze-flap: one host frozen 5 s of every 30 s. none:"
                            + " no slowness, anywhere. Several comma-separated (default: a, or"
                            + " none with --cluster yarn)")
    List<String> scenarios;

    @Option(
            names = "--methods",
            split = ",",
            paramLabel = "NAME",
            description = "rows to run (default: all; see docs/commands.md for the list)")
    List<String> methods;

    @Option(
            names = "--repetitions",
            defaultValue = "3",
            paramLabel = "R",
            description = "runs per method, seeds 1..R (default: ${DEFAULT-VALUE})")
    int repetitions;

    @Option(
            names = "--workers",
            defaultValue = "6",
            paramLabel = "N",
            description = "workers N, even, >= 4 (default: ${DEFAULT-VALUE})")
    int workers;

    @Option(
            names = "--target-gap",
            defaultValue = "1e-4",
            paramLabel = "G",
            description = "the target relative gap (F - F*)/|F*| (default: ${DEFAULT-VALUE})")
    double targetGap;

    @Option(
            names = "--time-limit",
            defaultValue = "60",
            paramLabel = "SECONDS",
            description =
                    "a run that has not reached the target after this many seconds of training"
                            + " (simulated: simulated seconds) stops and counts as not reached"
                            + " (default: ${DEFAULT-VALUE})")
    double timeLimit;

    @Option(
            names = "--iterations",
            defaultValue = "100000",
            paramLabel = "T",
            description = "iteration cap per run, likewise (default: ${DEFAULT-VALUE})")
    int iterations;

    @Option(
            names = "--cluster",
            defaultValue = "embedded",
            paramLabel = "C",
            description =
                    "embedded | simulated | yarn (the cluster of HADOOP_CONF_DIR, e.g. bin/lab's)"
                            + " (default: ${DEFAULT-VALUE})")
    String cluster;

    @Option(
            names = "--lab",
            paramLabel = "DIR",
            description =
                    "yarn: the bin/lab directory whose hosts the lab scenarios slow down"
                            + " (default: $CODED_YARN_LAB_DIR, else the parent of HADOOP_CONF_DIR"
                            + " when it is a lab's)")
    String lab;

    @Option(
            names = "--lab-command",
            paramLabel = "PATH",
            description = "yarn: the bin/lab script (default: bin/lab beside bin/coded-yarn)")
    String labCommand;

    @Option(
            names = "--link-rate",
            paramLabel = "MBIT",
            defaultValue = "0.02",
            description =
                    "slow-link: the victim host's link rate, Mbit/s each way (default:"
                            + " ${DEFAULT-VALUE}: 20 kbit/s, slower than a round's compute; see"
                            + " docs/benchmarks.md)")
    double linkRate;

    static final String DEFAULT_LATENCY = "shifted-exp:alpha=0.02,mu=50";

    @Option(
            names = "--latency",
            paramLabel = "SPEC",
            description =
                    "simulated only: the latency model the straggle spec multiplies (default: "
                            + DEFAULT_LATENCY
                            + ")")
    String latency;

    @Option(
            names = "--data",
            paramLabel = "DIR",
            description = "a dataset (default: generate higgs-like --rows x 28 into a temp dir)")
    String data;

    @Option(
            names = "--rows",
            defaultValue = "200000",
            paramLabel = "R",
            description = "rows of the generated set (default: ${DEFAULT-VALUE})")
    long rows;

    @Option(
            names = "--data-seed",
            defaultValue = "3",
            paramLabel = "S",
            description = "seed of the generated set (default: ${DEFAULT-VALUE})")
    long dataSeed;

    @Option(
            names = "--reference",
            paramLabel = "F",
            description = "F* of the data (default: computed once, L-BFGS to 1e-10)")
    Double reference;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description =
                    "where every run's outputs go, <out>/<scenario>/<method>/seed-<r>, and"
                            + " bench.json (default: coded-yarn-runs/bench-stragglers-<millis>);"
                            + " must not exist")
    String out;

    @Option(names = "--json", description = "print one JSON object per scenario and method")
    boolean json;

    StragglersBenchCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        InvalidParametersException.require(
                cluster.equals("embedded") || cluster.equals("simulated") || cluster.equals("yarn"),
                "--cluster",
                "must be embedded, simulated or yarn, got '%s'",
                cluster);
        boolean yarn = cluster.equals("yarn");
        List<String> named = scenarios != null ? scenarios : List.of(yarn ? "none" : "a");
        List<Scenario> chosen =
                List.copyOf(new LinkedHashSet<>(named.stream().map(Scenario::parse).toList()));
        for (Scenario s : chosen) {
            InvalidParametersException.require(
                    s.runsOn(cluster),
                    "--scenario",
                    yarn
                            ? "%s is injected by the workers themselves; on --cluster yarn the"
                                    + " scenarios are made with bin/lab: slow-host,"
                                    + " two-slow-hosts, slow-link, freeze-flap or none"
                            : "%s is made with bin/lab on a multi-host lab: it needs --cluster"
                                    + " yarn (docs/lab.md)",
                    s.cliName());
        }
        InvalidParametersException.require(
                linkRate > 0 && linkRate <= 10_000,
                "--link-rate",
                "must be in (0, 10000] Mbit/s, got %s",
                linkRate);
        InvalidParametersException.require(
                yarn || (lab == null && labCommand == null),
                lab != null ? "--lab" : "--lab-command",
                "only applies to --cluster yarn");
        if (yarn) {
            InvalidParametersException.require(
                    Trainers.defaultCluster(context.hadoop()).equals("yarn"),
                    "--cluster",
                    "yarn needs a cluster's configuration: set HADOOP_CONF_DIR (bin/lab up prints"
                            + " it)");
        }
        LabControl labControl =
                chosen.stream().anyMatch(s -> s.lab() != null)
                        ? LabLocation.find(lab, labCommand)
                        : null;
        InvalidParametersException.require(
                repetitions >= 1, "--repetitions", "must be >= 1, got %d", repetitions);
        InvalidParametersException.require(
                targetGap > 0 && targetGap < 1,
                "--target-gap",
                "must be in (0, 1), got %s",
                targetGap);
        InvalidParametersException.require(
                timeLimit > 0, "--time-limit", "must be > 0, got %s", timeLimit);
        InvalidParametersException.require(
                iterations >= 1, "--iterations", "must be >= 1, got %d", iterations);
        InvalidParametersException.require(
                latency == null || cluster.equals("simulated"),
                "--latency",
                "only applies to --cluster simulated");
        String lat = latency == null ? DEFAULT_LATENCY : latency;
        if (cluster.equals("simulated")) {
            io.codedyarn.placement.latency.LatencySpec.parse(lat); // names --latency if bad
        }
        var rowsToRun = BenchMethods.select(BenchMethods.all(workers), methods);
        Path outDir =
                Path.of(
                                out != null
                                        ? out
                                        : "coded-yarn-runs/bench-stragglers-"
                                                + System.currentTimeMillis())
                        .toAbsolutePath();
        InvalidParametersException.require(
                !Files.exists(outDir), "--out", "%s already exists", outDir);
        PrintWriter log = spec.commandLine().getErr();
        boolean simulated = cluster.equals("simulated");
        // checked before anything is generated or started: a bad row fails in a second
        StragglerBench.Settings draft = settings(chosen, rowsToRun, lat, "", Double.NaN, outDir);
        new StragglerBench(draft, RunAgreement.none(), log).validate(simulated);

        Files.createDirectories(outDir);
        String dir = data;
        if (dir == null) {
            Path generated = outDir.resolve("data");
            log.printf(
                    Locale.ROOT,
                    "bench stragglers: generating higgs-like %d x 28 (seed %d) into %s%n",
                    rows,
                    dataSeed,
                    generated);
            log.flush();
            BenchData.generate(context.hadoop(), generated, rows, dataSeed);
            dir = generated.toUri().toString(); // file:, whatever the default file system is
        }
        BenchData.Prepared prepared = BenchData.prepare(context.hadoop(), dir, reference);
        log.printf(
                Locale.ROOT,
                "bench stragglers: data %s (%d rows), F* = %.12g; %d runs per method, seeds 1..%d;"
                        + " target gap %s, limits %s s / %d iterations; %s cluster%n",
                prepared.dir(),
                prepared.rows(),
                prepared.reference(),
                repetitions,
                repetitions,
                targetGap,
                timeLimit,
                iterations,
                cluster);
        log.flush();
        StragglerBench bench =
                new StragglerBench(
                        settings(
                                chosen,
                                rowsToRun,
                                lat,
                                prepared.dir(),
                                prepared.reference(),
                                outDir),
                        RunAgreement.traceReplay(),
                        log);
        List<MethodRow> result;
        try (var runner = runner(outDir, labControl, log)) {
            result = bench.run(runner);
        }
        PrintWriter pw = spec.commandLine().getOut();
        if (json) {
            pw.print(StragglerBench.json(result));
        } else {
            pw.print(StragglerTable.text(result, workers, targetGap));
            pw.println("runs: " + outDir);
        }
        pw.flush();
        return 0;
    }

    /** Where the runs train: the simulated, the embedded or the yarn cluster (with its lab). */
    private TrainingRunner runner(Path outDir, LabControl labControl, PrintWriter log)
            throws java.io.IOException {
        return switch (cluster) {
            case "simulated" -> TrainingRunner.simulated();
            case "embedded" -> TrainingRunner.embedded(context.config(), log);
            default -> {
                LabFaults faults =
                        labControl == null
                                ? null
                                : new LabFaults(
                                        labControl,
                                        TrainingRunner.publishedProgress(context.hadoop()),
                                        linkRate,
                                        LabFaults.Timing.defaults(),
                                        System::nanoTime,
                                        log);
                yield TrainingRunner.yarn(outDir, clusterRoot(outDir), faults);
            }
        };
    }

    /** Where the runs' outputs go on the cluster: under the user's home, named like --out. */
    private String clusterRoot(Path outDir) throws java.io.IOException {
        org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.get(context.hadoop());
        return fs.makeQualified(
                        new org.apache.hadoop.fs.Path(
                                fs.getHomeDirectory(), ".coded-yarn/bench/" + outDir.getFileName()))
                .toString();
    }

    private StragglerBench.Settings settings(
            List<Scenario> chosen,
            List<io.codedyarn.am.bench.stragglers.BenchMethod> rowsToRun,
            String lat,
            String dir,
            double ref,
            Path outDir) {
        return new StragglerBench.Settings(
                chosen,
                rowsToRun,
                repetitions,
                workers,
                targetGap,
                timeLimit,
                iterations,
                lat,
                dir,
                ref,
                outDir,
                context.hadoop());
    }
}
