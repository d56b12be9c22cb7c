package io.codedyarn.am.repro;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.train.TrainRequest;
import io.codedyarn.am.train.Trainers;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.slowdown.StraggleSpec;
import io.codedyarn.repro.placement.BccLinkModel;
import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.Reproduction;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * {@code reproduce bcc-measured}: BCC's EC2 run times (Fig. 4, Table I) measured on real processes
 * — the product's workers as YARN containers of one embedded cluster (MiniDFS + MiniYARN), each
 * injecting the latency of {@link BccLinkModel} fitted to the paper's tables — for uncoded, cyclic
 * repetition and BCC, {@link #REPETITIONS} runs each. Scenario one scaled to the workers this
 * machine holds ({@link BccMeasuredSetting}); the rows and the breakdown table are in {@link
 * BccMeasuredReport}.
 */
public final class BccMeasured implements Reproduction {
    /** Runs per scheme at scale 1; {@code --scale} shrinks it (at least 1). */
    static final int REPETITIONS = 3;

    private final CliContext context;
    private final PrintWriter log;
    private BccMeasuredReport report;

    public BccMeasured(CliContext context, PrintWriter log) {
        this.context = context;
        this.log = log;
    }

    @Override
    public String id() {
        return "bcc-measured";
    }

    @Override
    public String title() {
        return "BCC Fig. 4 and Table I measured: uncoded, cyclic repetition and BCC on real"
                + " processes (embedded cluster, injected t2.micro model)";
    }

    @Override
    public List<String> setupDeviations() {
        return BccMeasuredSetting.DEVIATIONS;
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        int reps = Math.max(1, (int) Math.round(REPETITIONS * scale));
        try {
            report = new BccMeasuredReport(measure(seed, reps), reps);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("bcc-measured: interrupted", e);
        }
        return report.rows();
    }

    @Override
    public String extraMarkdown(long seed) {
        return report == null ? "" : report.table();
    }

    /** [scheme][repetition]: what each run measured and what the model predicts for it. */
    private BccMeasuredReport.Runs measure(long seed, int reps)
            throws IOException, InterruptedException {
        Configuration conf = new Configuration(context.hadoop());
        BccMeasuredSetting.CLUSTER.forEach(conf::set);
        CodedYarnConfig config = CodedYarnConfig.parse(conf::get);
        Path root = Files.createTempDirectory("coded-yarn-bcc-measured-");
        Path data = root.resolve("data");
        FileSystem local = FileSystem.getLocal(conf).getRawFileSystem();
        Generators.generate(
                local,
                new org.apache.hadoop.fs.Path(data.toUri()),
                Generators.create(
                        GeneratorParams.of(
                                "gaussian-mixture",
                                (long) BccMeasuredSetting.UNIT_POINTS * BccMeasuredSetting.WORKERS,
                                BccMeasuredSetting.FEATURES,
                                seed)),
                WriterOptions.defaults(),
                null);
        BccLinkModel model = BccLinkModel.fitted(BccMeasuredSetting.DILATION);
        BccMeasuredReport.Runs runs = new BccMeasuredReport.Runs(model, reps);
        log.printf(
                "bcc-measured: starting one embedded cluster for %d runs (outputs under %s)%n",
                reps * BccMeasuredSetting.SCHEMES.size(), root);
        log.flush();
        try (EmbeddedCluster cluster = EmbeddedCluster.start(config.yarn())) {
            for (int rep = 0; rep < reps; rep++) {
                long runSeed = seed + rep;
                for (int s = 0; s < BccMeasuredSetting.SCHEMES.size(); s++) {
                    BccMeasuredSetting.Scheme scheme = BccMeasuredSetting.SCHEMES.get(s);
                    BccLinkModel.Draw draw =
                            model.draw(
                                    BccMeasuredSetting.WORKERS,
                                    scheme.load(),
                                    BccMeasuredSetting.ITERATIONS + 1,
                                    runSeed);
                    Path dir = root.resolve(scheme.scheme() + "-" + runSeed);
                    Files.createDirectories(dir);
                    Path trace = dir.resolve("injected-trace.csv");
                    Files.writeString(trace, draw.traceCsv(), StandardCharsets.UTF_8);
                    TrainSpec spec = spec(scheme, runSeed, trace);
                    Path out = dir.resolve("run");
                    log.printf(
                            "bcc-measured: run %d of %d: %s, seed %d%n",
                            rep + 1, reps, scheme.name(), runSeed);
                    log.flush();
                    Trainers.Outcome o =
                            Trainers.runOn(
                                    cluster,
                                    conf,
                                    new TrainRequest(
                                            spec,
                                            data.toUri().toString(),
                                            out.toString(),
                                            "embedded",
                                            false),
                                    log);
                    if (o.summary() == null || !o.summary().succeeded()) {
                        throw new IllegalStateException(
                                "bcc-measured: the "
                                        + scheme.name()
                                        + " run with seed "
                                        + runSeed
                                        + " failed: "
                                        + (o.summary() == null
                                                ? "no summary"
                                                : o.summary().diagnostic())
                                        + " (outputs in "
                                        + out
                                        + ")");
                    }
                    MeasuredBreakdown m =
                            MeasuredBreakdown.read(
                                    Path.of(o.outDir()),
                                    draw.compute(),
                                    BccMeasuredSetting.ITERATIONS);
                    runs.add(s, rep, m, predict(spec.plan(), scheme, draw));
                    log.printf(
                            "bcc-measured: %s seed %d: total %.2f s, computation %.2f s, K %.2f%n",
                            scheme.name(),
                            runSeed,
                            m.total(),
                            m.computation(),
                            m.recoveryThreshold());
                    log.flush();
                }
            }
        }
        return runs;
    }

    static TrainSpec spec(BccMeasuredSetting.Scheme scheme, long seed, Path trace) {
        SchemeParams params =
                new SchemeParams(
                        BccMeasuredSetting.WORKERS,
                        scheme.stragglers(),
                        0,
                        0,
                        0,
                        null,
                        scheme.scheme().startsWith("bcc") ? scheme.load() : 0,
                        0,
                        0,
                        0,
                        0,
                        seed);
        return new TrainSpec(
                Workload.LR,
                scheme.scheme(),
                params,
                1,
                Double.NaN,
                false,
                Optimizer.parse("nesterov"),
                Double.NaN,
                BccMeasuredSetting.ITERATIONS + 1,
                Double.NaN,
                BccMeasuredSetting.TIME_LIMIT_SECONDS,
                0,
                Double.NaN,
                null,
                StraggleSpec.parse("trace:file=" + trace.toUri()),
                seed);
    }

    /** The model's own prediction of the run: the same draw, rounds 1..ITERATIONS. */
    static MeasuredBreakdown predict(
            Plan plan, BccMeasuredSetting.Scheme scheme, BccLinkModel.Draw d) {
        double total = 0;
        double comp = 0;
        double k = 0;
        for (int t = 1; t <= BccMeasuredSetting.ITERATIONS; t++) {
            BccLinkModel.Round r =
                    BccLinkModel.round(d.latency()[t], d.compute()[t], scheme.done(plan));
            total += r.seconds();
            comp += r.compute();
            k += r.received();
        }
        return new MeasuredBreakdown(total, comp, k / BccMeasuredSetting.ITERATIONS);
    }
}
