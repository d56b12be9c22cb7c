package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.report.HeadlessChromium;
import io.codedyarn.am.train.DatasetRows;
import io.codedyarn.am.train.Trainers;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.am.yarn.client.YarnTrainer;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.placement.SchemeParams;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The live tracking page in a real browser (headless {@code chromium}; {@code mvn verify
 * -Pbrowser}) during a real run on the embedded cluster, through the ResourceManager's web proxy at
 * the URL the client prints: once the run has iterations, the page's charts hold points, and a
 * screenshot is kept under {@code target/browser/}.
 */
@Tag("browser")
class LivePageBrowserIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static EmbeddedCluster cluster;
    private static EmbeddedRuns runs;

    @BeforeAll
    static void start() throws Exception {
        cluster = EmbeddedRuns.startCluster(LivePageBrowserIT.class, 1024);
        runs = new EmbeddedRuns(cluster);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theLivePageThroughTheProxyDrawsTheRunningJob() throws Exception {
        // cyclic GD, each task slowed 40x, long enough (up to 600 s) for the page to be read
        // mid-run; the test kills the application once it has seen the page
        SchemeParams params = SchemeParams.of(4, 1, 3);
        TrainSpec base =
                EmbeddedRuns.spec(Workload.LR, "cyclic", params, "gd", 100_000)
                        .withConditions(
                                1e-12,
                                null,
                                io.codedyarn.placement.slowdown.StraggleSpec.parse(
                                        "slow:factor=40"));
        org.apache.hadoop.fs.Path[] data =
                runs.placed(
                        "live",
                        base.plan(),
                        GeneratorParams.of("higgs-like", 4000, 10, 5),
                        List.of());
        TrainSpec spec = Trainers.withReference(base, DatasetRows.read(runs.fs(), data[0]));
        spec = spec.withTimeLimit(600);
        Configuration conf = runs.conf();
        String out =
                runs.fs().makeQualified(new org.apache.hadoop.fs.Path("/runs/live")).toString();
        TrainSpec job = spec;
        CompletableFuture<YarnTrainer.Result> run =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return YarnTrainer.run(
                                        conf, job, new JobInfo(data[1].toString(), out), false);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });

        String[] app = new String[1];
        String url = trackingUrl(conf, run, app);
        assertThat(url).doesNotContain(":0/").contains("/proxy/application_");
        // wait, through the proxy, until the AM has published some iterations
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        int next = 0;
        while (next < 10 && System.nanoTime() < deadline && !run.isDone()) {
            JsonNode d = json(url + "data.json?since=0");
            next = d == null ? 0 : d.get("next").asInt();
            Thread.sleep(500);
        }
        assertThat(next).as("iterations published before the deadline").isGreaterThanOrEqualTo(10);

        HeadlessChromium chromium = new HeadlessChromium(Path.of("target/browser"));
        String dom = chromium.dom(url, 4000);
        assertThat(HeadlessChromium.bodyAttribute(dom, "data-error")).isNull();
        assertThat(Integer.parseInt(HeadlessChromium.bodyAttribute(dom, "data-next")))
                .isGreaterThanOrEqualTo(next);
        Map<String, Integer> points = HeadlessChromium.points(dom);
        for (String chart :
                List.of(
                        "gap-time",
                        "gap-iteration",
                        "objective-time",
                        "objective-iteration",
                        "iteration-time")) {
            assertThat(points.get(chart)).as(chart).isGreaterThanOrEqualTo(10);
        }
        assertThat(points.get("latency-0")).as("latency cells").isGreaterThanOrEqualTo(10 * 4);
        assertThat(dom).contains("localhost:"); // the placement table names the workers' nodes
        chromium.screenshot(url, 4000, Path.of("target/browser/live-page.png"), 1400, 2400);

        assertThat(run.isDone()).as("the run was still going when the page was read").isFalse();

        try (YarnClient yarn = client(conf)) {
            yarn.killApplication(
                    org.apache.hadoop.yarn.api.records.ApplicationId.fromString(app[0]));
        }
        YarnTrainer.Result r = run.get(5, TimeUnit.MINUTES);
        assertThat(r.exitStatus()).isNotZero(); // killed, as asked
    }

    /** The application's tracking URL once it runs, as the client prints it. */
    private static String trackingUrl(
            Configuration conf, CompletableFuture<?> run, String[] applicationId) throws Exception {
        try (YarnClient yarn = client(conf)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (System.nanoTime() < deadline && !run.isDone()) {
                for (ApplicationReport a : yarn.getApplications()) {
                    if (a.getYarnApplicationState() == YarnApplicationState.RUNNING
                            && a.getOriginalTrackingUrl() != null
                            && a.getOriginalTrackingUrl().startsWith("http")) {
                        applicationId[0] = a.getApplicationId().toString();
                        return a.getTrackingUrl(); // as the ResourceManager gives it
                    }
                }
                Thread.sleep(200);
            }
        }
        throw new AssertionError("the application did not register a tracking URL in time");
    }

    private static YarnClient client(Configuration conf) {
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(conf);
        yarn.start();
        return yarn;
    }

    /** The JSON at {@code url}, or null while the proxy answers something else. */
    private static JsonNode json(String url) throws Exception {
        HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
        try {
            if (c.getResponseCode() != 200
                    || !String.valueOf(c.getContentType()).startsWith("application/json")) {
                return null;
            }
            return JSON.readTree(
                    new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } finally {
            c.disconnect();
        }
    }
}
