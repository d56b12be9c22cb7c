package io.codedyarn.am.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks {@code evaluate} and {@code predict}, through the CLI, against what {@code
 * testdata/sklearn/make-model-reference.py} wrote: scikit-learn's models (as {@code model.json}),
 * its predictions and its metrics on the committed Fashion-MNIST subset. Every prediction and every
 * metric to 1e-12 (relative to max(1, |value|)).
 */
public final class ScikitLearnReference {
    static final double TOL = 1e-12;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path reference;
    private final Path tmp;

    /**
     * @param reference the script's output directory
     * @param tmp where the datasets and outputs go
     */
    ScikitLearnReference(Path reference, Path tmp) {
        this.reference = reference;
        this.tmp = tmp;
    }

    static Path testdata() {
        return Path.of(System.getProperty("codedyarn.testdata", "../testdata"));
    }

    /** Imports the subset: pixels / 255, labels 0..9, or ±1 for class 0, maybe standardised. */
    String importSubset(String name, String... flags) {
        return importFashionSubset(tmp.resolve(name), flags);
    }

    /**
     * {@code data import} of the committed Fashion-MNIST subset (pixels / 255) into {@code out},
     * with {@code flags} added; returns {@code out}.
     */
    public static String importFashionSubset(Path out, String... flags) {
        Path fm = testdata().resolve("fashion-mnist");
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "data",
                                "import",
                                "--format",
                                "idx",
                                "--input",
                                fm.resolve("train-images-idx3-ubyte-first2000.gz").toString(),
                                "--labels",
                                fm.resolve("train-labels-idx1-ubyte-first2000.gz").toString(),
                                "--scale",
                                "--quiet",
                                "--out",
                                out.toString()));
        args.addAll(List.of(flags));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.rc()).as(r.err()).isZero();
        return out.toString();
    }

    String model(String workload) {
        return reference.resolve("model-" + workload + ".json").toString();
    }

    /** {@code evaluate --json}'s figures against the script's, every field it has. */
    void checkEvaluate(String workload, String data) throws IOException {
        CliRun r = CliRun.of("evaluate", "--model", model(workload), "--data", data, "--json");
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode ours = JSON.readTree(r.out());
        JsonNode theirs = JSON.readTree(reference.resolve("metrics.json").toFile()).get(workload);
        assertThat(ours.get("rows").asLong()).isEqualTo(2000);
        int compared = compare(ours, theirs, workload);
        assertThat(compared).as("figures compared").isGreaterThanOrEqualTo(3);
    }

    private static int compare(JsonNode ours, JsonNode theirs, String where) {
        int n = 0;
        for (var it = theirs.fields(); it.hasNext(); ) {
            var e = it.next();
            JsonNode mine = ours.get(e.getKey());
            assertThat(mine).as(where + "." + e.getKey()).isNotNull();
            if (e.getValue().isContainerNode()) {
                if (e.getValue().isArray()) {
                    for (int i = 0; i < e.getValue().size(); i++) {
                        close(
                                mine.get(i).asDouble(),
                                e.getValue().get(i).asDouble(),
                                where + "." + e.getKey() + "[" + i + "]");
                        n++;
                    }
                } else {
                    n += compare(mine, e.getValue(), where + "." + e.getKey());
                }
            } else {
                close(mine.asDouble(), e.getValue().asDouble(), where + "." + e.getKey());
                n++;
            }
        }
        return n;
    }

    static void close(double ours, double theirs, String what) {
        assertThat(ours).as(what).isCloseTo(theirs, within(TOL * Math.max(1, Math.abs(theirs))));
    }

    /**
     * {@code predict} (CSV, the row number kept) against the script's predictions: {@code column}
     * of its file for each output.
     *
     * @return the largest difference seen
     */
    double checkPredict(String workload, String data, String out, String... columns)
            throws IOException {
        Path dir = tmp.resolve(out);
        CliRun r =
                CliRun.of(
                        "predict",
                        "--model",
                        model(workload),
                        "--data",
                        data,
                        "--out",
                        dir.toString(),
                        "--keep-columns",
                        "row");
        assertThat(r.rc()).as(r.err()).isZero();
        List<String[]> expected = csv(List.of(reference.resolve("predictions.csv")));
        List<Path> parts;
        try (Stream<Path> s = Files.list(dir)) {
            parts = s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
        assertThat(Files.exists(dir.resolve("_SUCCESS"))).isTrue();
        List<String[]> ours = csv(parts);
        assertThat(ours).hasSize(expected.size());
        String[] head = expected.get(0);
        String[] ourHead = ours.get(0);
        double worst = 0;
        for (int i = 1; i < ours.size(); i++) {
            assertThat(ours.get(i)[0]).isEqualTo(expected.get(i)[0]); // row
            for (int c = 0; c < columns.length; c++) {
                int theirs = List.of(head).indexOf(columns[c]);
                int mine = List.of(ourHead).indexOf(columns[c]);
                double a = Double.parseDouble(ours.get(i)[mine]);
                double b = Double.parseDouble(expected.get(i)[theirs]);
                close(a, b, workload + " row " + i + " " + columns[c]);
                worst = Math.max(worst, Math.abs(a - b));
            }
        }
        return worst;
    }

    /** The lines of the files (the first one's header, the others' skipped), split on commas. */
    private static List<String[]> csv(List<Path> files) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f);
            for (int i = rows.isEmpty() ? 0 : 1; i < lines.size(); i++) {
                rows.add(lines.get(i).split(","));
            }
        }
        return rows;
    }
}
