package io.codedyarn.am.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A benchmark's JSON for the report: {@code bench stragglers}' rows ({@code bench.json}, or its
 * {@code --json}: one object per scenario and method, each with its runs' {@code details}) become a
 * table and, per row, its first run's charts (grouped by scenario, so that one gap-vs-time plot
 * overlays the methods of a scenario); any other {@code bench ... --json} output (an array of flat
 * objects: kernels, decode, coordination) becomes a table.
 */
final class BenchInput {
    private static final List<String> STRAGGLER_COLUMNS =
            List.of(
                    "scenario",
                    "method",
                    "timeToTarget",
                    "reached",
                    "runs",
                    "ratioToUncoded",
                    "ratioToLbfgs",
                    "agreement",
                    "flags");

    private BenchInput() {}

    /**
     * Whether {@code path} is a benchmark's JSON (a {@code .json} file or a {@code bench.json}'s
     * directory).
     */
    static boolean is(Path path) {
        return (Files.isRegularFile(path) && path.getFileName().toString().endsWith(".json"))
                || (Files.isDirectory(path) && Files.isRegularFile(path.resolve("bench.json")));
    }

    /**
     * Adds the file's table to {@code tables} and its runs to {@code runs}.
     *
     * @param warn told of a run directory the JSON names that is gone (its row stays in the table)
     * @throws IllegalArgumentException naming the file when it is not a benchmark's JSON
     */
    static void read(
            Path path,
            double target,
            List<RunView> runs,
            List<Report.BenchTable> tables,
            Consumer<String> warn)
            throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve("bench.json") : path;
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    file
                            + ":"
                            + e.getLocation().getLineNr()
                            + ": not JSON: "
                            + e.getOriginalMessage());
        }
        if (root == null || !root.isArray() || root.isEmpty()) {
            throw new IllegalArgumentException(
                    file + ": not a benchmark's JSON (expected a non-empty array of objects)");
        }
        for (JsonNode row : root) {
            if (!row.isObject()) {
                throw new IllegalArgumentException(
                        file
                                + ": not a benchmark's JSON (an element is not an object: "
                                + row
                                + ")");
            }
        }
        if (root.get(0).has("scenario") && root.get(0).has("details")) {
            stragglers(file, root, target, runs, tables, warn);
        } else {
            tables.add(generic(file, root));
        }
    }

    private static void stragglers(
            Path file,
            JsonNode root,
            double target,
            List<RunView> runs,
            List<Report.BenchTable> tables,
            Consumer<String> warn)
            throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (JsonNode row : root) {
            List<Object> cells = new ArrayList<>();
            for (String c : STRAGGLER_COLUMNS) {
                cells.add(scalar(row.get(c)));
            }
            rows.add(cells);
            JsonNode details = row.get("details");
            if (details == null || !details.isArray() || details.isEmpty()) {
                continue;
            }
            JsonNode first = details.get(0);
            String out = first.path("out").asText("");
            Path dir = out.isEmpty() ? null : Path.of(out);
            if (dir == null || !Files.isDirectory(dir)) {
                warn.accept(
                        file
                                + ": the run directory of "
                                + row.path("scenario").asText()
                                + "/"
                                + row.path("method").asText()
                                + " ("
                                + out
                                + ") is gone: its row is in the table, without charts");
                continue;
            }
            runs.add(
                    RunDir.read(
                            dir,
                            row.path("method").asText()
                                    + " (seed "
                                    + first.path("seed").asText()
                                    + ")",
                            "scenario " + row.path("scenario").asText(),
                            target));
        }
        tables.add(
                new Report.BenchTable(
                        "bench stragglers: " + file,
                        "Per scenario and method: the median seconds to the target gap over the"
                                + " runs, and ratios to uncoded GD and L-BFGS. The charts show"
                                + " each row's first run.",
                        STRAGGLER_COLUMNS,
                        rows));
    }

    private static Report.BenchTable generic(Path file, JsonNode root) {
        Set<String> columns = new LinkedHashSet<>();
        root.forEach(row -> row.fieldNames().forEachRemaining(columns::add));
        List<List<Object>> rows = new ArrayList<>();
        for (JsonNode row : root) {
            List<Object> cells = new ArrayList<>();
            for (String c : columns) {
                cells.add(scalar(row.get(c)));
            }
            rows.add(cells);
        }
        return new Report.BenchTable("bench: " + file, "", new ArrayList<>(columns), rows);
    }

    /** A cell: a number or text as is, a nested value as its JSON text, null when absent. */
    private static Object scalar(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.isNumber()) {
            return n.numberValue();
        }
        return n.isValueNode() ? n.asText() : n.toString();
    }
}
