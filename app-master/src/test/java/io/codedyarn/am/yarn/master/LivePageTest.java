package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.report.LiveData;
import io.codedyarn.am.report.PageTemplate;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Coordinator;
import io.codedyarn.coordinator.cluster.DataShape;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.optim.Optimizer;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.InProcessWorkers;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.LiveFeed;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.net.HttpURLConnection;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The live page's routes over HTTP, on the feed of a real coordinator run (simulated workers, a
 * seeded straggler): the page, its scripts from the jar, and {@code data.json?since=N}, whose
 * answers, merged as the page merges them, give the run's logs.
 */
class LivePageTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static TrainSpec spec;
    private static Plan plan;
    private static LiveFeed feed;
    private static RunResult result;

    /** A page with nothing to show yet (a job still opening). */
    static LiveData idle() {
        return new LiveData("application_1_0001", new LiveFeed(), source(null, null));
    }

    private static LiveData.Source source(TrainSpec spec, Plan plan) {
        return new LiveData.Source() {
            @Override
            public TrainSpec spec() {
                return spec;
            }

            @Override
            public Plan plan() {
                return plan;
            }

            @Override
            public List<String> nodes() {
                return List.of("node-a:1", "node-b:2");
            }

            @Override
            public String status() {
                return "training";
            }
        };
    }

    @BeforeAll
    static void run() throws Exception {
        spec =
                new TrainSpec(
                        Workload.LR,
                        "cyclic",
                        SchemeParams.of(4, 1, 5),
                        1,
                        Double.NaN,
                        true,
                        Optimizer.parse("gd"),
                        Double.NaN,
                        30,
                        Double.NaN,
                        Double.NaN,
                        0,
                        Double.NaN,
                        null,
                        StraggleSpec.parse("none"),
                        5);
        plan = spec.plan();
        DenseRows data = uniform(200, 5, 3);
        ManualClock clock = new ManualClock();
        RandomGenerator rng = Seeds.generator(9);
        SimulatedCluster cluster =
                SimulatedCluster.over(
                        plan,
                        data,
                        spec,
                        (batch, load, out) -> {
                            for (int w = 0; w < load.length; w++) {
                                out[w] = load[w] * (w == 2 ? 6 : 1) * (0.5 + rng.nextDouble());
                            }
                        },
                        clock);
        DataShape shape = InProcessWorkers.shape(data, plan.partitions());
        feed = new LiveFeed();
        result = new Coordinator(spec, plan, shape, cluster, cluster, clock).liveFeed(feed).run();
        assertThat(result.succeeded()).as(result.diagnostic()).isTrue();
    }

    @Test
    void thePageLoadsItsScriptsFromTheAm() throws Exception {
        try (StatusPage page =
                new StatusPage(() -> "", new LiveData("app", feed, source(spec, plan)))) {
            String html = StatusPageTest.get(page.port(), "/");
            assertThat(html)
                    .contains("<script src=\"echarts.min.js\"></script>")
                    .contains("<script src=\"coded-yarn-charts.js\"></script>")
                    .contains("CodedYarnCharts.live(\"data.json\")")
                    .doesNotContain("http://")
                    .doesNotContain("https://");
            String lib = StatusPageTest.get(page.port(), "/echarts.min.js");
            assertThat(lib).isEqualTo(PageTemplate.library());
            assertThat(lib.length()).isGreaterThan(500_000);
            // 5.6.0: tooltips escape legend (run) names, which 5.3.1's did not
            assertThat(lib).contains("version=\"5.6.0\"");
            assertThat(StatusPageTest.get(page.port(), "/coded-yarn-charts.js"))
                    .contains("window.CodedYarnCharts");
            assertThat(status(page.port(), "/nothing-here")).isEqualTo(404);
        }
    }

    @Test
    void sinceReturnsOnlyWhatIsNewAndTheMergeIsTheRunsLogs() throws Exception {
        try (StatusPage page =
                new StatusPage(() -> "", new LiveData("app", feed, source(spec, plan)))) {
            int port = page.port();
            int entries = result.iterationLog().size() + 1; // one per iteration, then the last
            JsonNode all = data(port, "/data.json");
            assertThat(all.get("next").asInt()).isEqualTo(entries);
            assertThat(all.get("finished").asBoolean()).isTrue();
            assertThat(all.get("more").asBoolean()).isFalse();
            assertIterations(all.get("run").get("iterations"), result.iterationLog());

            JsonNode tail = data(port, "/data.json?since=12");
            assertThat(tail.get("next").asInt()).isEqualTo(entries);
            assertIterations(
                    tail.get("run").get("iterations"),
                    result.iterationLog().subList(12, result.iterationLog().size()));

            JsonNode none = data(port, "/data.json?since=" + entries);
            assertThat(none.get("next").asInt()).isEqualTo(entries);
            assertThat(none.get("run").get("iterations")).isEmpty();
            assertThat(none.get("run").get("latency")).isEmpty();
            assertThat(none.get("finished").asBoolean()).isTrue();

            // the page's merge: the answers in order, a task's later record replacing its
            // earlier one, give every task's last record
            Map<String, JsonNode> tasks = new LinkedHashMap<>();
            for (JsonNode part : List.of(all, tail)) {
                for (JsonNode t : part.get("run").get("latency")) {
                    tasks.put(t.get("iteration").asLong() + "/" + t.get("worker").asInt(), t);
                }
            }
            List<LatencyRecord> log = result.latencyLog();
            assertThat(tasks).hasSize(log.size());
            List<JsonNode> merged = new ArrayList<>(tasks.values());
            for (int k = 0; k < log.size(); k++) {
                LatencyRecord r = log.get(k);
                JsonNode t = merged.get(k);
                assertThat(t.get("worker").asInt()).isEqualTo(r.worker());
                assertThat(t.get("use").asText()).isEqualTo(r.use());
                assertThat(t.get("sent").asDouble()).isEqualTo(r.sentSeconds());
                if (Double.isNaN(r.receivedSeconds())) {
                    assertThat(t.get("latency").isNull()).isTrue();
                } else {
                    assertThat(t.get("latency").asDouble()).isEqualTo(r.latency());
                }
            }
            assertThat(log).extracting(LatencyRecord::use).contains("used", "discarded");

            JsonNode placement = all.get("run").get("placement");
            assertThat(placement.get("workers")).hasSize(4);
            for (int w = 0; w < 4; w++) {
                List<Integer> parts = new ArrayList<>();
                placement
                        .get("workers")
                        .get(w)
                        .get("partitions")
                        .forEach(p -> parts.add(p.asInt()));
                assertThat(parts)
                        .containsExactly(
                                Arrays.stream(plan.stored(w)).boxed().toArray(Integer[]::new));
            }
            assertThat(placement.get("workers").get(1).get("node").asText()).isEqualTo("node-b:2");
            assertThat(placement.get("workers").get(3).get("node").asText()).isEmpty();
            assertThat(all.get("run").get("parameters").get("scheme").asText()).isEqualTo("cyclic");

            assertThat(status(port, "/data.json?since=" + (entries + 1))).isEqualTo(400);
            assertThat(status(port, "/data.json?since=-1")).isEqualTo(400);
            assertThat(status(port, "/data.json?since=abc")).isEqualTo(400);
        }
    }

    @Test
    void anIdlePageAnswersEmpty() throws Exception {
        try (StatusPage page = new StatusPage(() -> "", idle())) {
            JsonNode d = data(page.port(), "/data.json?since=0");
            assertThat(d.get("next").asInt()).isZero();
            assertThat(d.get("finished").asBoolean()).isFalse();
            assertThat(d.get("run").get("placement").isNull()).isTrue();
            assertThat(d.get("run").get("iterations")).isEmpty();
        }
    }

    private static void assertIterations(JsonNode rows, List<IterationRecord> log) {
        assertThat(rows).hasSize(log.size());
        for (int k = 0; k < log.size(); k++) {
            IterationRecord r = log.get(k);
            JsonNode j = rows.get(k);
            assertThat(j.get("iteration").asLong()).isEqualTo(r.iteration());
            assertThat(j.get("seconds").asDouble()).isEqualTo(r.seconds());
            assertThat(j.get("objective").asDouble()).isEqualTo(r.objective());
            assertThat(j.get("gap").isNull()).isTrue(); // no reference: unknown
            assertThat(j.get("used").asInt()).isEqualTo(r.used());
            assertThat(j.get("discarded").asInt()).isEqualTo(r.discarded());
        }
    }

    private static JsonNode data(int port, String path) throws Exception {
        return JSON.readTree(StatusPageTest.get(port, path));
    }

    private static int status(int port, String path) throws Exception {
        HttpURLConnection c =
                (HttpURLConnection) new URL("http://127.0.0.1:" + port + path).openConnection();
        try {
            return c.getResponseCode();
        } finally {
            c.disconnect();
        }
    }

    /** n×d uniform features in [−1, 1], labels ±1 from the first feature plus noise. */
    private static DenseRows uniform(int n, int d, long seed) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] x = rng.doubles((long) n * d, -1, 1).toArray();
        double[] y = new double[n];
        Arrays.setAll(y, i -> x[i * d] + 0.3 * rng.nextGaussian() > 0 ? 1 : -1);
        return new DenseRows(n, d, x, y);
    }
}
