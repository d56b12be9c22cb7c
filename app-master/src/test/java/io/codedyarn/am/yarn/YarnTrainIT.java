package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.cli.PlanDocument;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.coord.JobInfo;
import io.codedyarn.am.coord.TrainSpec;
import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.hdfs.prepare.DatasetPreparer;
import io.codedyarn.hdfs.prepare.Placement;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.worker.task.Workload;
import java.io.File;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real training run on one shared {@link EmbeddedCluster} (3 DataNodes, 3 NodeManagers): LR with
 * the uncoded scheme on 3 workers, submitted through {@link YarnTrainer} exactly as on a cluster
 * (AM and workers are separate JVMs started by the NodeManagers).
 */
class YarnTrainIT {
    private static EmbeddedCluster cluster;
    private static FileSystem fs;

    @BeforeAll
    static void start() throws Exception {
        String base =
                new File("target/embedded/" + YarnTrainIT.class.getSimpleName()).getAbsolutePath();
        YarnSettings s =
                CodedYarnConfig.parse(
                                Map.of(
                                                "coded-yarn.embedded.base-dir",
                                                base,
                                                "coded-yarn.embedded.nodemanager.memory-mb",
                                                "1024")
                                        ::get)
                        .yarn();
        cluster = EmbeddedCluster.start(s);
        fs = cluster.fileSystem();
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            long t0 = System.nanoTime();
            cluster.close();
            System.err.printf(
                    "embedded cluster stop: %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        }
    }

    private static Configuration conf() {
        Configuration c = cluster.configuration();
        c.set("coded-yarn.am.memory-mb", "256");
        c.set("coded-yarn.am.java-opts", "-Xmx160m");
        c.set("coded-yarn.worker.memory-mb", "256");
        c.set("coded-yarn.worker.java-opts", "-Xmx160m");
        c.set("coded-yarn.report.interval-ms", "200");
        return c;
    }

    private static Path placed(String name, Plan plan) throws Exception {
        Path raw = fs.makeQualified(new Path("/data/" + name + "-raw"));
        Generators.generate(
                fs,
                raw,
                Generators.create(GeneratorParams.of("higgs-like", 3000, 10, 5)),
                WriterOptions.defaults(),
                null);
        Path out = fs.makeQualified(new Path("/data/" + name));
        String planJson =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .writeValueAsString(PlanDocument.of(plan, null));
        DatasetPreparer.prepare(
                fs,
                raw,
                fs,
                out,
                new DatasetPreparer.Request(plan, planJson, List.of(), false, false));
        return out;
    }

    private static TrainSpec lr(SchemeParams params, int iterations) {
        return new TrainSpec(
                Workload.LR,
                "uncoded",
                params,
                0,
                Double.NaN,
                false,
                "gd",
                Double.NaN,
                iterations,
                Double.NaN,
                Double.NaN,
                0,
                Double.NaN,
                null,
                params.seed());
    }

    @Test
    void uncodedLogisticRegressionOnThreeWorkersSucceedsWithContainersOnTheDataNodes()
            throws Exception {
        SchemeParams params = SchemeParams.of(3, 0, 11);
        Plan plan = Schemes.byName("uncoded").place(params, Seeds.generator(params.seed()));
        Path data = placed("lr3", plan);
        Path out = fs.makeQualified(new Path("/runs/lr3"));
        long t0 = System.nanoTime();
        YarnTrainer.Result r =
                YarnTrainer.run(
                        conf(), lr(params, 5), new JobInfo(data.toString(), out.toString()), false);
        System.err.printf("submit -> FINISHED: %d ms%n", (System.nanoTime() - t0) / 1_000_000);

        assertThat(r.summary().diagnostic()).isEmpty();
        assertThat(r.exitStatus()).isZero();
        assertThat(r.summary().status()).isEqualTo("SUCCEEDED");
        assertThat(r.summary().applicationId()).isEqualTo(r.applicationId());
        assertThat(r.summary().iterations()).isEqualTo(5);
        assertThat(r.summary().objective()).isFinite().isPositive();
        for (String f :
                List.of(
                        RunOutputs.MODEL,
                        RunOutputs.ITERATIONS,
                        RunOutputs.LATENCY_TRACE,
                        RunOutputs.SUMMARY)) {
            assertThat(fs.exists(new Path(out, f))).as(f).isTrue();
        }
        // each worker's container ran on the NodeManager paired with the DataNode holding its data
        Placement placement = Placement.read(fs, data).orElseThrow();
        List<String> dns = cluster.dataNodes();
        List<String> nms = cluster.nodeManagers();
        for (int w = 0; w < 3; w++) {
            String dn = placement.workerNodes().get(w);
            assertThat(r.summary().workerNodes().get(w))
                    .as("worker %d (data on %s)", w, dn)
                    .isEqualTo(nms.get(dns.indexOf(dn)));
        }
        // the staging directory is cleaned up
        assertThat(fs.exists(new Path(fs.getHomeDirectory(), ".coded-yarn/" + r.applicationId())))
                .isFalse();
    }

    @Test
    void aDatasetPlacedForAnotherPlanFailsWithANamedDiagnostic() throws Exception {
        SchemeParams params = SchemeParams.of(3, 0, 11);
        Plan plan = Schemes.byName("uncoded").place(params, Seeds.generator(params.seed()));
        Path data = placed("mismatch", plan);
        Path out = fs.makeQualified(new Path("/runs/mismatch"));
        // trained with 2 workers on data placed for 3
        YarnTrainer.Result r =
                YarnTrainer.run(
                        conf(),
                        lr(SchemeParams.of(2, 0, 11), 2),
                        new JobInfo(data.toString(), out.toString()),
                        false);
        assertThat(r.exitStatus()).isEqualTo(1);
        assertThat(r.summary().status()).isEqualTo("FAILED");
        assertThat(r.summary().diagnostic()).contains("plan mismatch").contains("plan.json");
        assertThat(fs.exists(out)).isFalse();
    }
}
