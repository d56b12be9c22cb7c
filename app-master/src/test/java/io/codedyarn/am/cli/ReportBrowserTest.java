package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated report opened in a real browser (headless {@code chromium}; {@code mvn verify
 * -Pbrowser}): every chart holds the points of the runs' CSV files (counted here from the files),
 * and a screenshot is kept under {@code target/browser/}.
 */
@Tag("browser")
class ReportBrowserTest {
    private static final Set<String> MARKED = Set.of("stale", "discarded", "lost", "replaced");

    @TempDir Path tmp;

    @Test
    void theReportsChartsHoldTheRunsPoints() throws Exception {
        List<String> schemes = List.of("cyclic", "uncoded", "dsag");
        for (String scheme : schemes) {
            ReportCommandTest.simulated(tmp.resolve(scheme), scheme, 30);
        }
        Path html = tmp.resolve("report.html");
        CliRun r =
                CliRun.of(
                        "report",
                        tmp.resolve("cyclic").toString(),
                        tmp.resolve("uncoded").toString(),
                        tmp.resolve("dsag").toString(),
                        "--out",
                        html.toString());
        assertThat(r.rc()).as(r.err()).isZero();

        HeadlessChromium chromium = new HeadlessChromium(tmp);
        String url = html.toUri().toString();
        String dom = chromium.dom(url, 5000);
        assertThat(HeadlessChromium.bodyAttribute(dom, "data-renders")).isEqualTo("1");
        Map<String, Integer> points = HeadlessChromium.points(dom);

        int gaps = 0;
        int objectives = 0;
        for (String scheme : schemes) {
            for (String[] f : rows(tmp.resolve(scheme).resolve("iterations.csv"))) {
                objectives++;
                gaps += !f[3].isEmpty() && Double.parseDouble(f[3]) > 0 ? 1 : 0;
            }
        }
        assertThat(gaps).isPositive();
        assertThat(points)
                .containsEntry("gap-time", gaps)
                .containsEntry("gap-iteration", gaps)
                .containsEntry("objective-time", objectives)
                .containsEntry("objective-iteration", objectives)
                .containsEntry("iteration-time", objectives);
        for (int k = 0; k < schemes.size(); k++) {
            // one cell per task, plus a mark on each stale, discarded, lost or replaced one
            int cells = 0;
            for (String[] f : rows(tmp.resolve(schemes.get(k)).resolve("latency-trace.csv"))) {
                cells += MARKED.contains(f[7]) ? 2 : 1;
            }
            assertThat(points).containsEntry("latency-" + k, cells);
        }
        assertThat(dom).contains("<table class=\"placement\"").contains("class=\"parameters\"");
        chromium.screenshot(url, 5000, Path.of("target/browser/report.png"), 1400, 2400);
    }

    @Test
    void aGapPlotWithNothingToPlotSaysWhy() throws Exception {
        Path run = tmp.resolve("no-target");
        CliRun t =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--iterations",
                        "10",
                        "--latency",
                        "shifted-exp:alpha=0.5,mu=20",
                        "--out",
                        run.toString());
        assertThat(t.rc()).as(t.err()).isZero();
        for (String[] f : rows(run.resolve("iterations.csv"))) {
            assertThat(f[3]).as("gap without --target-gap or --reference").isEmpty();
        }
        Path html = tmp.resolve("no-target.html");
        CliRun r = CliRun.of("report", run.toString(), "--out", html.toString());
        assertThat(r.rc()).as(r.err()).isZero();

        String dom = new HeadlessChromium(tmp).dom(html.toUri().toString(), 5000);
        Map<String, Integer> points = HeadlessChromium.points(dom);
        assertThat(points).containsEntry("gap-time", 0).containsEntry("gap-iteration", 0);
        assertThat(points.get("objective-time")).isEqualTo(10);
        String note = "data-empty=\"no gap: the runs knew no optimum";
        assertThat(dom.split(note, -1)).as("gap-time and gap-iteration say why").hasSize(3);
    }

    /**
     * A run with held-out rows: one chart per held-out metric with a point per score, and the ROC
     * curve with its points and the chance line.
     */
    @Test
    void heldOutScoresAndTheRocCurveAreDrawn() throws Exception {
        Path run = tmp.resolve("held");
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
                        "20",
                        "--latency",
                        "exp:eta=1",
                        "--validation-fraction",
                        "0.2",
                        "--validation-every",
                        "2",
                        "--out",
                        run.toString());
        assertThat(t.rc()).as(t.err()).isZero();
        Path html = tmp.resolve("held.html");
        CliRun r = CliRun.of("report", run.toString(), "--out", html.toString());
        assertThat(r.rc()).as(r.err()).isZero();

        String dom = new HeadlessChromium(tmp).dom(html.toUri().toString(), 5000);
        assertThat(HeadlessChromium.bodyAttribute(dom, "data-renders")).isEqualTo("1");
        Map<String, Integer> points = HeadlessChromium.points(dom);
        int scores = rows(run.resolve("validation.csv")).size();
        assertThat(scores).isGreaterThan(2);
        assertThat(points)
                .containsEntry("held-out-log_loss", scores)
                .containsEntry("held-out-accuracy", scores)
                .containsEntry("held-out-roc_auc", scores);
        com.fasterxml.jackson.databind.JsonNode roc =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(run.resolve("roc.json").toFile());
        assertThat(points).containsEntry("held-out-roc", roc.get("fpr").size() + 2);
    }

    /** A --scheme auto run's switches of code are vertical marks labelled with the new code. */
    @Test
    void autoSwitchesAreMarkedOnTheConvergenceCharts() throws Exception {
        Path run = tmp.resolve("auto");
        CliRun t =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--scheme",
                        "auto",
                        "--workers",
                        "6",
                        "--iterations",
                        "30",
                        "--target-gap",
                        "1e-4",
                        "--latency",
                        "shifted-exp:alpha=0.02,mu=50",
                        "--straggle",
                        "slow:factor=4,workers=0/3",
                        "--out",
                        run.toString());
        assertThat(t.rc()).as(t.err()).isZero();
        String events = Files.readString(run.resolve("events.csv"));
        assertThat(events).contains(",auto-switched,");
        Path html = tmp.resolve("auto.html");
        CliRun r = CliRun.of("report", run.toString(), "--out", html.toString());
        assertThat(r.rc()).as(r.err()).isZero();

        String dom = new HeadlessChromium(tmp).dom(html.toUri().toString(), 5000);
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile(
                                "id=\"gap-iteration[^\"]*\"[^>]*data-marks=\"([^\"]*)\"")
                        .matcher(dom);
        assertThat(m.find()).as("gap-iteration's marks").isTrue();
        assertThat(m.group(1)).contains("auto: ");
    }

    private static List<String[]> rows(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        return lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)).toList();
    }
}
