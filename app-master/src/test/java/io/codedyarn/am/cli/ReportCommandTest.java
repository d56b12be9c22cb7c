package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.bench.stragglers.MethodRow;
import io.codedyarn.am.bench.stragglers.RunRecord;
import io.codedyarn.am.bench.stragglers.StragglerBench;
import io.codedyarn.am.report.PageTemplate;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report} on real run directories ({@code train --cluster simulated}): the inlined model
 * against the run's CSV files (read here with a plain split, independently of the report's reader),
 * the library inlined, benchmark JSON, and bad input refused with the file and line, leaving no
 * output behind.
 */
class ReportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DATA =
            Pattern.compile(
                    "<script type=\"application/json\" id=\"coded-yarn-data\">(.*?)</script>",
                    Pattern.DOTALL);

    @TempDir static Path runs;
    @TempDir Path tmp;

    @BeforeAll
    static void train() {
        for (String scheme : List.of("cyclic", "dsag")) {
            simulated(runs.resolve(scheme), scheme, 20);
        }
    }

    /**
     * {@code train --cluster simulated} of {@code scheme} (LR, 4 workers, 1 straggler tolerated,
     * target gap 1e-3, shifted-exponential latencies) into {@code out}.
     */
    static void simulated(Path out, String scheme, int iterations) {
        CliRun r =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--scheme",
                        scheme,
                        "--workload",
                        "lr",
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--iterations",
                        Integer.toString(iterations),
                        "--target-gap",
                        "1e-3",
                        "--latency",
                        "shifted-exp:alpha=0.5,mu=20",
                        "--out",
                        out.toString());
        assertThat(r.rc()).as(r.err()).isZero();
    }

    private static JsonNode model(Path html) throws Exception {
        Matcher m = DATA.matcher(Files.readString(html));
        assertThat(m.find()).isTrue();
        return JSON.readTree(m.group(1));
    }

    /**
     * A CSV file of numbers and simple text as rows of fields (no quoted field in these columns).
     */
    private static List<String[]> csv(Path file) throws Exception {
        List<String[]> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (String line : lines.subList(1, lines.size())) {
            rows.add(line.split(",", -1));
        }
        return rows;
    }

    @Test
    void theReportHoldsTheRunsCsvRowsAndTheLibrary() throws Exception {
        Path out = tmp.resolve("report.html");
        CliRun r =
                CliRun.of(
                        "report",
                        runs.resolve("cyclic").toString(),
                        runs.resolve("dsag").toString(),
                        "--out",
                        out.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out()).contains("report of 2 run(s)");
        String html = Files.readString(out, StandardCharsets.UTF_8);
        // self-contained: the library and the charts' script inlined, nothing fetched
        assertThat(html).contains(PageTemplate.library()).contains("window.CodedYarnCharts");
        assertThat(html).doesNotContain("<script src=");
        assertThat(Files.list(tmp)).containsExactly(out); // no temporary file left

        JsonNode model = model(out);
        assertThat(model.get("runs")).hasSize(2);
        for (int k = 0; k < 2; k++) {
            String scheme = k == 0 ? "cyclic" : "dsag";
            JsonNode run = model.get("runs").get(k);
            Path dir = runs.resolve(scheme);
            assertThat(run.get("name").asText()).isEqualTo(scheme);
            assertThat(run.get("parameters").get("scheme").asText()).isEqualTo(scheme);
            assertThat(run.get("targetGap").asDouble()).isEqualTo(1e-3);

            List<String[]> its = csv(dir.resolve("iterations.csv"));
            JsonNode rows = run.get("iterations");
            assertThat(rows).hasSize(its.size());
            for (int i = 0; i < its.size(); i++) {
                String[] f = its.get(i);
                JsonNode j = rows.get(i);
                assertThat(j.get("iteration").asLong()).isEqualTo(Long.parseLong(f[0]));
                assertThat(j.get("seconds").asDouble()).isEqualTo(Double.parseDouble(f[1]));
                assertThat(j.get("objective").asDouble()).isEqualTo(Double.parseDouble(f[2]));
                assertThat(j.get("gap").asDouble()).isEqualTo(Double.parseDouble(f[3]));
                assertThat(j.get("stale").asInt()).isEqualTo(Integer.parseInt(f[5]));
                assertThat(j.get("discarded").asInt()).isEqualTo(Integer.parseInt(f[6]));
            }

            List<String[]> trace = csv(dir.resolve("latency-trace.csv"));
            JsonNode tasks = run.get("latency");
            assertThat(tasks).hasSize(trace.size());
            for (int i = 0; i < trace.size(); i++) {
                String[] f = trace.get(i);
                JsonNode t = tasks.get(i);
                assertThat(t.get("worker").asInt()).isEqualTo(Integer.parseInt(f[1]));
                assertThat(t.get("latency").asDouble()).isEqualTo(Double.parseDouble(f[2]));
                assertThat(t.get("use").asText()).isEqualTo(f[7]);
                if (!f[5].isEmpty()) { // answered: latency = received - sent
                    assertThat(t.get("latency").asDouble())
                            .isCloseTo(
                                    Double.parseDouble(f[5]) - Double.parseDouble(f[4]),
                                    within(1e-9));
                }
            }
            assertThat(run.get("events")).hasSize(csv(dir.resolve("events.csv")).size());

            // cyclic with s = 1 on 4 workers: each worker stores 2 partitions, each partition
            // sits on 2 workers
            JsonNode placement = run.get("placement");
            if (scheme.equals("cyclic")) {
                assertThat(placement.get("workers")).hasSize(4);
                int stored = 0;
                for (JsonNode w : placement.get("workers")) {
                    assertThat(w.get("partitions")).hasSize(2);
                    stored += w.get("partitions").size();
                }
                int copies = 0;
                for (JsonNode c : placement.get("copies")) {
                    assertThat(c.asInt()).isEqualTo(2);
                    copies += c.asInt();
                }
                assertThat(copies).isEqualTo(stored);
            }
        }
        // dsag used stale results: the report carries them for the heat map's marks
        List<String> uses = new ArrayList<>();
        model.get("runs").get(1).get("latency").forEach(t -> uses.add(t.get("use").asText()));
        assertThat(uses).contains("stale");
    }

    /** A run with held-out rows: its validation.csv rows become the run's held-out scores. */
    @Test
    void heldOutScoresAreTheReportsValidationRows() throws Exception {
        Path dir = tmp.resolve("held");
        CliRun t =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--scheme",
                        "uncoded",
                        "--workers",
                        "2",
                        "--iterations",
                        "12",
                        "--latency",
                        "exp:eta=1",
                        "--validation-fraction",
                        "0.2",
                        "--validation-every",
                        "2",
                        "--out",
                        dir.toString());
        assertThat(t.rc()).as(t.err()).isZero();
        Path out = tmp.resolve("held.html");
        CliRun r = CliRun.of("report", dir.toString(), "--out", out.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode scores = model(out).get("runs").get(0).get("validation");
        List<String[]> rows = csv(dir.resolve("validation.csv"));
        assertThat(rows).hasSizeGreaterThan(2);
        assertThat(scores).hasSize(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonNode s = scores.get(i);
            assertThat(s.get("iteration").asLong()).isEqualTo(Long.parseLong(rows.get(i)[0]));
            assertThat(s.get("metrics").get("log_loss").asDouble())
                    .isEqualTo(Double.parseDouble(rows.get(i)[2]));
            assertThat(s.get("metrics").get("accuracy").asDouble())
                    .isEqualTo(Double.parseDouble(rows.get(i)[3]));
        }
        // a run without held-out rows has none
        CliRun plain =
                CliRun.of(
                        "report",
                        runs.resolve("cyclic").toString(),
                        "--out",
                        tmp.resolve("p.html").toString());
        assertThat(plain.rc()).as(plain.err()).isZero();
        assertThat(model(tmp.resolve("p.html")).get("runs").get(0).get("validation")).isEmpty();
    }

    @Test
    void aTargetFlagOverridesTheRunsOwn() throws Exception {
        Path out = tmp.resolve("r.html");
        CliRun r =
                CliRun.of(
                        "report",
                        runs.resolve("cyclic").toString(),
                        "--target",
                        "0.01",
                        "--out",
                        out.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(model(out).get("runs").get(0).get("targetGap").asDouble()).isEqualTo(0.01);
        CliRun bad = CliRun.of("report", runs.resolve("cyclic").toString(), "--target", "-1");
        assertThat(bad.rc()).isEqualTo(2);
        assertThat(bad.err()).contains("--target");
    }

    @Test
    void badInputIsRefusedByNameAndWritesNothing() throws Exception {
        Path out = tmp.resolve("report.html");
        Files.writeString(out, "an earlier report");

        CliRun missing =
                CliRun.of("report", tmp.resolve("nope").toString(), "--out", out.toString());
        assertThat(missing.rc()).isEqualTo(2);
        assertThat(missing.err()).contains(tmp.resolve("nope").toString()).contains("no such");

        Path empty = Files.createDirectory(tmp.resolve("empty"));
        CliRun notRun = CliRun.of("report", empty.toString(), "--out", out.toString());
        assertThat(notRun.rc()).isEqualTo(2);
        assertThat(notRun.err()).contains("not a run directory").contains("iterations.csv");

        Path broken = copy(runs.resolve("cyclic"), tmp.resolve("broken"));
        List<String> lines = new ArrayList<>(Files.readAllLines(broken.resolve("iterations.csv")));
        lines.set(2, lines.get(2).replaceFirst("^(\\d+),[^,]*,", "$1,abc,"));
        Files.write(broken.resolve("iterations.csv"), lines);
        CliRun csv =
                CliRun.of(
                        "report",
                        runs.resolve("dsag").toString(),
                        broken.toString(),
                        "--out",
                        out.toString());
        assertThat(csv.rc()).isEqualTo(2);
        assertThat(csv.err())
                .contains(broken.resolve("iterations.csv") + ":3:")
                .contains("'seconds'")
                .contains("'abc'");

        Path short_ = copy(runs.resolve("cyclic"), tmp.resolve("short"));
        Files.writeString(
                short_.resolve("latency-trace.csv"),
                Files.readString(short_.resolve("latency-trace.csv")) + "5,1,0.3\n");
        CliRun fields = CliRun.of("report", short_.toString(), "--out", out.toString());
        assertThat(fields.rc()).isEqualTo(2);
        assertThat(fields.err()).contains("latency-trace.csv:").contains("3 fields");

        Path json = tmp.resolve("not-bench.json");
        Files.writeString(json, "{\"a\": 1}");
        CliRun bench = CliRun.of("report", json.toString(), "--out", out.toString());
        assertThat(bench.rc()).isEqualTo(2);
        assertThat(bench.err()).contains(json.toString()).contains("benchmark");

        // every refusal left the earlier report as it was, and no temporary file
        assertThat(Files.readString(out)).isEqualTo("an earlier report");
        assertThat(Files.list(tmp).filter(p -> p.getFileName().toString().startsWith(".")))
                .isEmpty();
    }

    @Test
    void benchJsonBecomesATableAndEachRowsFirstRunIsCharted() throws Exception {
        RunRecord cyclic =
                new RunRecord(1, 2.5, "reached", 20, 1e-4, runs.resolve("cyclic").toString(), null);
        RunRecord dsag =
                new RunRecord(1, null, "limit", 20, 0.1, runs.resolve("dsag").toString(), null);
        RunRecord gone =
                new RunRecord(1, null, "failed", 0, null, tmp.resolve("gone").toString(), null);
        List<MethodRow> rows =
                List.of(
                        row("a", "cyclic", 2.5, cyclic),
                        row("a", "dsag", null, dsag),
                        row("b", "uncoded", null, gone));
        Path bench = tmp.resolve("bench.json");
        Files.writeString(bench, StragglerBench.json(rows));
        Path kernels = tmp.resolve("kernels.json");
        Files.writeString(
                kernels,
                "[{\"kernel\":\"triad\",\"bytesPerSecond\":1.2E10,\"fractionOfTriad\":1.0},"
                        + "{\"kernel\":\"lr-dense\",\"bytesPerSecond\":6.0E9,\"fractionOfTriad\":0.5}]");
        Path out = tmp.resolve("bench.html");
        CliRun r =
                CliRun.of("report", bench.toString(), kernels.toString(), "--out", out.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err()).contains("is gone").contains("b/uncoded");
        JsonNode model = model(out);
        assertThat(model.get("runs")).hasSize(2);
        assertThat(model.get("runs").get(0).get("group").asText()).isEqualTo("scenario a");
        assertThat(model.get("runs").get(0).get("name").asText()).isEqualTo("cyclic (seed 1)");
        assertThat(model.get("benches")).hasSize(2);
        JsonNode table = model.get("benches").get(0);
        assertThat(table.get("rows")).hasSize(3);
        assertThat(table.get("rows").get(0).get(2).asDouble()).isEqualTo(2.5);
        JsonNode k = model.get("benches").get(1);
        assertThat(k.get("columns").toString())
                .isEqualTo("[\"kernel\",\"bytesPerSecond\",\"fractionOfTriad\"]");
        assertThat(k.get("rows").get(1).get(2).asDouble()).isEqualTo(0.5);
    }

    private static MethodRow row(String scenario, String method, Double time, RunRecord run) {
        return new MethodRow(
                scenario,
                method,
                "",
                "--scheme " + method,
                time,
                new MethodRow.Spread("min-max", time, time),
                run.reached() ? 1 : 0,
                1,
                null,
                null,
                null,
                java.util.Collections.singletonList(time),
                List.of(run));
    }

    private static Path copy(Path from, Path to) throws Exception {
        Files.createDirectories(to);
        try (var files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }
}
