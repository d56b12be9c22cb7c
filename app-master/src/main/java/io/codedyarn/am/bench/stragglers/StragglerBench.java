package io.codedyarn.am.bench.stragglers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.am.output.RunSummary;
import io.codedyarn.am.train.TrainRequest;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code bench stragglers} (issue 15 §4): every method of {@link BenchMethods} trains logistic
 * regression to the same target gap under the same injected slowness ({@link Scenario}), R times
 * (seeds 1..R), on one cluster reused for every run; per method the median time to the target and
 * its ratio to uncoded GD and uncoded L-BFGS.
 *
 * <p>Each run's outputs stay under {@code <out>/<scenario>/<method>/seed-<r>}; {@code
 * <out>/bench.json} holds the rows so far (rewritten after every row).
 */
public final class StragglerBench {

    /**
     * What to run.
     *
     * @param data the dataset directory (a {@code data generate}/{@code import} output)
     * @param reference F*, the reference optimum of the data (LR, intercept, λ = 1/n)
     * @param latency the simulated cluster's latency model; ignored on the embedded cluster
     * @param hadoop the command line's Hadoop configuration; each row's coded-yarn keys go on a
     *     copy
     */
    public record Settings(
            List<Scenario> scenarios,
            List<BenchMethod> methods,
            int repetitions,
            int workers,
            double targetGap,
            double timeLimitSeconds,
            int maxIterations,
            String latency,
            String data,
            double reference,
            Path out,
            Configuration hadoop) {}

    private final Settings settings;
    private final RunAgreement agreement;
    private final PrintWriter log;

    public StragglerBench(Settings settings, RunAgreement agreement, PrintWriter log) {
        this.settings = settings;
        this.agreement = agreement;
        this.log = log;
    }

    /**
     * The spec of one run; checked by {@link Coordinator#validate} (and the straggle spec by the
     * plan) so that bad combinations fail before any cluster starts.
     */
    TrainSpec spec(Scenario scenario, BenchMethod m, long seed, boolean simulated) {
        return new TrainSpec(
                Workload.LR,
                m.scheme(),
                m.params().of(seed),
                1,
                Double.NaN,
                true,
                Optimizer.parse(m.optimizer()),
                Double.NaN,
                settings.maxIterations(),
                settings.targetGap(),
                settings.timeLimitSeconds(),
                m.waitFor(),
                settings.reference(),
                LatencySpec.ofNullable(simulated ? settings.latency() : null),
                StraggleSpec.parse(scenario.straggle(settings.workers())),
                seed);
    }

    /** Checks every (scenario, method) before anything runs. */
    public void validate(boolean simulated) {
        List<String> names = settings.methods().stream().map(BenchMethod::name).toList();
        int traced = names.indexOf(BenchMethods.AUTO_TRACED);
        InvalidParametersException.require(
                traced < 0 || names.subList(0, traced).contains(BenchMethods.UNCODED_LBFGS),
                "--methods",
                "%s replays the trace of %s's run: list %s before it",
                BenchMethods.AUTO_TRACED,
                BenchMethods.UNCODED_LBFGS,
                BenchMethods.UNCODED_LBFGS);
        for (Scenario s : settings.scenarios()) {
            for (BenchMethod m : settings.methods()) {
                TrainSpec spec = spec(s, m, 1, simulated);
                try {
                    Coordinator.validate(spec, spec.plan());
                } catch (InvalidParametersException e) {
                    throw new InvalidParametersException(
                            "--methods", m.name() + " (" + m.flags(1) + "): " + e.getMessage());
                }
            }
        }
    }

    /** Runs every scenario × method × repetition on {@code runner}; the rows, with ratios. */
    public List<MethodRow> run(TrainingRunner runner) throws IOException, InterruptedException {
        List<MethodRow> all = new ArrayList<>();
        for (Scenario scenario : settings.scenarios()) {
            long t0 = System.nanoTime();
            log.printf(
                    Locale.ROOT,
                    "bench stragglers: scenario %s: %s (--straggle '%s')%n",
                    scenario.cliName(),
                    scenario.description(),
                    scenario.straggle(settings.workers()));
            log.flush();
            List<MethodRow> rows = new ArrayList<>();
            for (BenchMethod m : settings.methods()) {
                List<RunRecord> runs = new ArrayList<>();
                for (int r = 1; r <= settings.repetitions(); r++) {
                    runs.add(runOnce(runner, scenario, m, r));
                }
                rows.add(MethodRow.of(scenario.cliName(), m, runs));
                writeJson(withRatios(all, rows));
            }
            all = withRatios(all, rows);
            log.printf(
                    Locale.ROOT,
                    "bench stragglers: scenario %s took %.0f s%n",
                    scenario.cliName(),
                    (System.nanoTime() - t0) / 1e9);
            log.flush();
        }
        return all;
    }

    private Path runDir(Scenario scenario, String method, long seed) {
        return settings.out().resolve(scenario.cliName()).resolve(method).resolve("seed-" + seed);
    }

    private static List<MethodRow> withRatios(List<MethodRow> done, List<MethodRow> scenario) {
        Double gd = baseline(scenario, BenchMethods.UNCODED_GD);
        Double lbfgs = baseline(scenario, BenchMethods.UNCODED_LBFGS);
        List<MethodRow> out = new ArrayList<>(done);
        scenario.forEach(row -> out.add(row.withRatios(gd, lbfgs)));
        return out;
    }

    private static Double baseline(List<MethodRow> rows, String name) {
        return rows.stream()
                .filter(r -> r.method().equals(name))
                .findFirst()
                .map(MethodRow::timeToTarget)
                .orElse(null);
    }

    private RunRecord runOnce(TrainingRunner runner, Scenario scenario, BenchMethod m, long seed)
            throws IOException, InterruptedException {
        boolean simulated = runner.cluster().equals("simulated");
        TrainSpec spec = spec(scenario, m, seed, simulated);
        Path out = runDir(scenario, m.name(), seed);
        Files.createDirectories(out.getParent());
        Configuration conf = new Configuration(settings.hadoop());
        for (Map.Entry<String, String> e : m.conf().entrySet()) {
            conf.set(e.getKey(), e.getValue());
        }
        if (m.name().equals(BenchMethods.AUTO_TRACED)) {
            Path trace =
                    runDir(scenario, BenchMethods.UNCODED_LBFGS, seed)
                            .resolve(io.codedyarn.am.output.RunOutputs.LATENCY_TRACE);
            try {
                spec =
                        spec.withAutoStart(
                                io.codedyarn.coordinator.auto.TraceStart.choose(
                                        io.codedyarn.coordinator.advise.RecordedTrace.read(trace),
                                        spec.params(),
                                        io.codedyarn.am.config.CodedYarnConfig.parse(conf::get)
                                                .auto()));
            } catch (IllegalArgumentException e) { // no trace: that run failed
                log.println("bench stragglers: " + m.name() + " not run: " + e.getMessage());
                return new RunRecord(seed, null, RunRecord.FAILED, 0, null, out.toString(), null);
            }
            log.printf(
                    Locale.ROOT,
                    "bench stragglers: %s starts with %s: %s%n",
                    m.name(),
                    spec.autoStart().code(),
                    spec.autoStart().evidence());
        }
        log.printf(
                Locale.ROOT,
                "bench stragglers: scenario %s, %s, seed %d: %s%n",
                scenario.cliName(),
                m.name(),
                seed,
                m.flags(seed));
        log.flush();
        RunRecord record;
        try {
            TrainingRunner.Ran ran =
                    runner.train(
                            scenario,
                            new TrainRequest(
                                    spec, settings.data(), out.toString(), runner.cluster(), false),
                            conf,
                            log);
            record = record(ran.outcome().summary(), out, seed).withFault(ran.fault());
        } catch (LabFaults.LabFaultException e) {
            throw e; // the lab is in an unknown state: no later run would mean anything
        } catch (IOException e) {
            log.println("bench stragglers: run failed: " + e);
            record = new RunRecord(seed, null, RunRecord.FAILED, 0, null, out.toString(), null);
        }
        log.printf(
                Locale.ROOT,
                "bench stragglers: scenario %s, %s, seed %d: %s, %s s, %d iterations, exact final gap %s%n",
                scenario.cliName(),
                m.name(),
                seed,
                record.outcome(),
                record.seconds() == null
                        ? "-"
                        : String.format(Locale.ROOT, "%.2f", record.seconds()),
                record.iterations(),
                record.finalGap() == null
                        ? "-"
                        : String.format(Locale.ROOT, "%.3g", record.finalGap()));
        log.flush();
        return record;
    }

    private RunRecord record(RunSummary summary, Path out, long seed) throws IOException {
        if (summary == null || !summary.succeeded()) {
            String why = summary == null ? "no summary" : summary.diagnostic();
            log.println("bench stragglers: run failed: " + why);
            return new RunRecord(seed, null, RunRecord.FAILED, 0, null, out.toString(), null);
        }
        double ref = settings.reference();
        double exactGap = (summary.objective() - ref) / Math.abs(ref);
        double t = TimeToTarget.seconds(out, settings.targetGap());
        String outcome;
        if (Double.isNaN(t)) {
            outcome = RunRecord.LIMIT;
        } else if (!(exactGap <= settings.targetGap())) {
            outcome = RunRecord.ESTIMATE_ONLY;
        } else {
            outcome = RunRecord.REACHED;
        }
        return new RunRecord(
                seed,
                outcome.equals(RunRecord.REACHED) ? t : null,
                outcome,
                summary.iterations(),
                Double.isFinite(exactGap) ? exactGap : null,
                out.toString(),
                agreement.of(out));
    }

    private void writeJson(List<MethodRow> rows) throws IOException {
        Path file = settings.out().resolve("bench.json");
        Path tmp = settings.out().resolve(".bench.json.tmp");
        Files.writeString(tmp, json(rows));
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** The rows as a JSON array (one object per scenario and method). */
    public static String json(List<MethodRow> rows) throws IOException {
        return new ObjectMapper()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(rows)
                + "\n";
    }
}
