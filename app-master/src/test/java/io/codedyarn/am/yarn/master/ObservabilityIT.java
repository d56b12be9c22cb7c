package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.am.yarn.client.YarnTrainer;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 30 §4 on a real embedded cluster (the AM and workers are container JVMs): the AM's metrics2
 * source reaches the sink the cluster configures (a {@code FileSink} named in {@code
 * hadoop-metrics2-codedyarnappmaster.properties} in the containers' conf directory, as an
 * operator's {@code HADOOP_CONF_DIR} would), with values that agree with the run's own {@code
 * iterations.csv}; and once the application has ended the ResourceManager's report links the run's
 * {@code report.html} through WebHDFS, and fetching that link gives the report.
 */
class ObservabilityIT {
    private static EmbeddedCluster cluster;
    private static FileSystem fs;
    private static EmbeddedRuns runs;
    private static java.nio.file.Path sinkFile;

    @BeforeAll
    static void start() throws Exception {
        String base = new java.io.File("target/embedded/ObservabilityIT").getAbsolutePath();
        cluster =
                EmbeddedCluster.start(
                        CodedYarnConfig.parse(
                                        Map.of(
                                                        "coded-yarn.embedded.base-dir",
                                                        base,
                                                        "coded-yarn.embedded.nodemanager.memory-mb",
                                                        "1024",
                                                        "coded-yarn.embedded.webhdfs",
                                                        "true")
                                                ::get)
                                .yarn());
        fs = cluster.fileSystem();
        runs = new EmbeddedRuns(cluster);
        sinkFile = java.nio.file.Path.of(base, "am-metrics.out");
        Files.deleteIfExists(sinkFile);
        Files.writeString(
                cluster.confDir().resolve("hadoop-metrics2-codedyarnappmaster.properties"),
                "codedyarnappmaster.period=1\n"
                        + "codedyarnappmaster.sink.file.class="
                        + "org.apache.hadoop.metrics2.sink.FileSink\n"
                        + "codedyarnappmaster.sink.file.filename="
                        + sinkFile
                        + "\n");
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theAmsMetricsReachTheClustersSinkAndTheRmLinksTheRunsReport() throws Exception {
        SchemeParams params = SchemeParams.of(3, 1, 11);
        Plan plan = Schemes.byName("cyclic").place(params, Seeds.generator(params.seed()));
        Path data =
                runs.placed("obs", plan, GeneratorParams.of("higgs-like", 3000, 10, 5), List.of())[
                        1];
        Path out = fs.makeQualified(new Path("/runs/obs"));
        var conf = runs.conf();
        conf.set("coded-yarn.am.metrics.quantile-window-seconds", "1");
        YarnTrainer.Result r =
                YarnTrainer.run(
                        conf,
                        EmbeddedRuns.spec(Workload.LR, "cyclic", params, "gd", 12),
                        new JobInfo(data.toString(), out.toString()),
                        false);
        assertThat(r.summary().diagnostic()).isEmpty();
        assertThat(r.exitStatus()).isZero();

        // the sink's last record of the source: the run's totals, published at unregistration
        String last = null;
        for (String line : Files.readAllLines(sinkFile, StandardCharsets.UTF_8)) {
            if (line.contains(" codedyarn.Training: ")) {
                last = line;
            }
        }
        assertThat(last).as("a Training record in %s", sinkFile).isNotNull();
        Map<String, String> m = new HashMap<>();
        for (String kv : last.substring(last.indexOf(": ") + 2).split(", ")) {
            int eq = kv.indexOf('=');
            m.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        List<String[]> rows = runs.iterations(out);
        long early = 0;
        long ignored = 0;
        long discarded = 0;
        for (String[] row : rows) {
            int answered = Integer.parseInt(row[4]) + Integer.parseInt(row[5]);
            early += answered < 3 ? 1 : 0;
            ignored += 3 - answered;
            discarded += Integer.parseInt(row[6]);
        }
        assertThat(m).containsEntry("ApplicationId", r.applicationId());
        assertThat(m).containsEntry("Iterations", Integer.toString(rows.size()));
        assertThat(m).containsEntry("RoundsDecodedEarly", Long.toString(early));
        assertThat(m).containsEntry("StragglersIgnored", Long.toString(ignored));
        assertThat(m).containsEntry("ResultsDiscarded", Long.toString(discarded));
        assertThat(m).containsEntry("WorkersReplaced", "0").containsEntry("Workers", "3");
        assertThat(m).containsEntry("IterationTimeNumOps", Integer.toString(rows.size() - 1));
        assertThat(Double.parseDouble(m.get("Objective")))
                .isEqualTo(Double.parseDouble(rows.get(rows.size() - 1)[2]));
        assertThat(m)
                .containsKeys("IterationTime1sNumRounds", "IterationTime1s99thPercentileMicros");
        assertThat(early).as("cyclic s = 1 decodes from 2 of 3 workers").isPositive();

        // the final tracking URL: the report beside the outputs, through WebHDFS
        Path report = new Path(out, FinalReport.FILE);
        assertThat(fs.exists(report)).isTrue();
        byte[] written;
        try (InputStream in = fs.open(report)) {
            written = in.readAllBytes();
        }
        String page = new String(written, StandardCharsets.UTF_8);
        assertThat(page).contains("<html").contains(r.applicationId());
        ApplicationReport app;
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(cluster.configuration());
        yarn.start();
        try {
            app = yarn.getApplicationReport(ApplicationId.fromString(r.applicationId()));
        } finally {
            yarn.stop();
        }
        String expected =
                "http://"
                        + cluster.configuration().get("dfs.namenode.http-address")
                        + "/webhdfs/v1/runs/obs/report.html?op=OPEN&user.name="
                        + UserGroupInformation.getCurrentUser().getShortUserName();
        assertThat(app.getOriginalTrackingUrl()).isEqualTo(expected);
        assertThat(fetch(expected)).isEqualTo(written);
        // what the RM's application page links (its web proxy, which fetches the final URL)
        assertThat(new String(fetch(app.getTrackingUrl()), StandardCharsets.UTF_8))
                .contains(r.applicationId());
    }

    /** GET, following WebHDFS's redirect to a DataNode; the body of a 200. */
    private static byte[] fetch(String url) throws Exception {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        c.setConnectTimeout(10_000);
        c.setReadTimeout(30_000);
        try {
            assertThat(c.getResponseCode()).as("GET %s", url).isEqualTo(200);
            try (InputStream in = c.getInputStream()) {
                return in.readAllBytes();
            }
        } finally {
            c.disconnect();
        }
    }
}
