package io.codedyarn.am.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.output.RunSummary;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.JobJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code --out} directory ({@link RunOutputs}) read back as a {@link RunView}: {@code
 * iterations.csv} and {@code summary.json} are required, {@code latency-trace.csv}, {@code
 * events.csv} and {@code job.json} are read when present (without {@code job.json} there is no
 * placement and no target).
 */
public final class RunDir {
    private RunDir() {}

    /**
     * @param name the run's label
     * @param group its chart group (empty: the shared one)
     * @param target the target gap to mark; NaN: the spec's own ({@code --target-gap}), if any
     * @throws IllegalArgumentException naming the directory, file and line of what is missing or
     *     malformed
     */
    public static RunView read(Path dir, String name, String group, double target)
            throws IOException {
        if (!Files.exists(dir)) {
            throw new IllegalArgumentException(dir + ": no such directory");
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": not a directory (expected a run's --out)");
        }
        if (!Files.isRegularFile(dir.resolve(RunOutputs.ITERATIONS))) {
            throw new IllegalArgumentException(
                    dir + ": not a run directory (no " + RunOutputs.ITERATIONS + ")");
        }
        RunSummary summary = summary(dir.resolve(RunOutputs.SUMMARY));
        Path jobFile = dir.resolve(JobJson.SPEC_FILE);
        TrainSpec spec =
                Files.isRegularFile(jobFile)
                        ? JobJson.read(
                                Files.readString(jobFile, StandardCharsets.UTF_8),
                                TrainSpec.class,
                                jobFile.toString())
                        : null;
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("directory", dir.toString());
        parameters.put("status", summary.status());
        if (!summary.diagnostic().isEmpty()) {
            parameters.put("diagnostic", summary.diagnostic());
        }
        parameters.put("applicationId", summary.applicationId());
        parameters.put("iterations run", Integer.toString(summary.iterations()));
        parameters.put("wall seconds", Double.toString(summary.wallSeconds()));
        parameters.put("final objective", Double.toString(summary.objective()));
        if (spec != null) {
            parameters.putAll(RunView.parameters(spec));
        }
        Double specTarget = spec == null ? null : RunView.known(spec.targetGap());
        return new RunView(
                name,
                group,
                parameters,
                Double.isNaN(target) ? specTarget : Double.valueOf(target),
                iterations(dir.resolve(RunOutputs.ITERATIONS)),
                latency(dir.resolve(RunOutputs.LATENCY_TRACE)),
                events(dir.resolve(RunOutputs.EVENTS)),
                spec == null ? null : RunView.Placement.of(spec.plan(), summary.workerNodes()),
                validation(dir.resolve(RunOutputs.VALIDATION)));
    }

    private static RunSummary summary(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": missing (not a complete run directory)");
        }
        try {
            return Json.MAPPER.readValue(file.toFile(), RunSummary.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    file + ": not a run summary: " + e.getOriginalMessage());
        }
    }

    static List<RunView.Iteration> iterations(Path file) throws IOException {
        CsvTable t =
                CsvTable.read(
                        file,
                        "iteration",
                        "seconds",
                        "objective",
                        "gap",
                        "used",
                        "stale",
                        "discarded",
                        "workers_used",
                        "iterate",
                        "trial");
        List<RunView.Iteration> out = new ArrayList<>();
        for (int r = 0; r < t.rows(); r++) {
            out.add(
                    new RunView.Iteration(
                            t.integer(r, "iteration"),
                            t.number(r, "seconds"),
                            t.number(r, "objective"),
                            t.number(r, "gap"),
                            (int) t.integer(r, "used"),
                            (int) t.integer(r, "stale"),
                            (int) t.integer(r, "discarded"),
                            t.text(r, "workers_used"),
                            t.integer(r, "iterate"),
                            t.integer(r, "trial") != 0));
        }
        return out;
    }

    /** {@code validation.csv}'s rows; none when the run had no held-out rows. */
    static List<RunView.Score> validation(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        CsvTable t = CsvTable.read(file, "iteration", "seconds");
        List<String> metricNames = t.columns().subList(2, t.columns().size());
        List<RunView.Score> out = new ArrayList<>();
        for (int r = 0; r < t.rows(); r++) {
            Map<String, Double> metrics = new LinkedHashMap<>();
            for (String m : metricNames) {
                metrics.put(m, t.number(r, m));
            }
            out.add(new RunView.Score(t.integer(r, "iteration"), t.number(r, "seconds"), metrics));
        }
        return out;
    }

    static List<RunView.Task> latency(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        CsvTable t = CsvTable.read(file, RunOutputs.TRACE_HEADER.split(","));
        List<RunView.Task> out = new ArrayList<>();
        for (int r = 0; r < t.rows(); r++) {
            out.add(
                    new RunView.Task(
                            t.integer(r, "iteration"),
                            (int) t.integer(r, "worker"),
                            t.number(r, "latency"),
                            t.number(r, "load"),
                            t.number(r, "sent"),
                            t.number(r, "received"),
                            t.number(r, "compute"),
                            t.text(r, "use")));
        }
        return out;
    }

    static List<RunView.Event> events(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        CsvTable t = CsvTable.read(file, RunOutputs.EVENTS_HEADER.split(","));
        List<RunView.Event> out = new ArrayList<>();
        for (int r = 0; r < t.rows(); r++) {
            out.add(
                    new RunView.Event(
                            t.integer(r, "iteration"),
                            t.number(r, "seconds"),
                            (int) t.integer(r, "worker"),
                            t.text(r, "node"),
                            t.text(r, "event"),
                            t.text(r, "reason")));
        }
        return out;
    }
}
