package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.prepare.PlacementRecord;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Node labels on a real MiniYARNCluster with the CapacityScheduler's labelled partitions: of 3
 * NodeManagers, NM 0 carries the label "am" and NMs 1 and 2 the label "gpu"; the default queue may
 * use both partitions (all of each). The AM must land on NM 0, the data beside NMs 1 and 2 and
 * every worker on them; {@code predict}'s ApplicationMaster and tasks likewise; a label no node has
 * is refused before submission, by {@code train} and {@code predict}, naming it and the nodes'
 * labels.
 */
class NodeLabelsIT {
    private static final String CS = "yarn.scheduler.capacity.";
    private static EmbeddedCluster cluster;
    private static FileSystem fs;
    private static EmbeddedRuns runs;

    @BeforeAll
    static void start() throws Exception {
        String base =
                new java.io.File("target/embedded/" + NodeLabelsIT.class.getSimpleName())
                        .getAbsolutePath();
        var settings =
                CodedYarnConfig.parse(
                                Map.of(
                                                "coded-yarn.embedded.base-dir",
                                                base,
                                                "coded-yarn.embedded.nodemanager.memory-mb",
                                                "1024")
                                        ::get)
                        .yarn();
        cluster =
                EmbeddedCluster.start(
                        settings,
                        Map.of(
                                "yarn.node-labels.enabled",
                                "true",
                                // the labels' store: this test's own, not /tmp's shared default
                                "yarn.node-labels.fs-store.root-dir",
                                "file://" + base + "/node-labels",
                                CS + "root.accessible-node-labels",
                                "am,gpu",
                                CS + "root.accessible-node-labels.am.capacity",
                                "100",
                                CS + "root.accessible-node-labels.gpu.capacity",
                                "100",
                                CS + "root.default.accessible-node-labels",
                                "am,gpu",
                                CS + "root.default.accessible-node-labels.am.capacity",
                                "100",
                                CS + "root.default.accessible-node-labels.gpu.capacity",
                                "100"));
        cluster.labelNodeManagers("am", List.of(0));
        cluster.labelNodeManagers("gpu", List.of(1, 2));
        fs = cluster.fileSystem();
        runs = new EmbeddedRuns(cluster);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static Configuration labelled(String am, String workers) {
        Configuration c = runs.conf();
        c.set("coded-yarn.am.node-label-expression", am);
        c.set("coded-yarn.worker.node-label-expression", workers);
        return c;
    }

    @Test
    void theAmRunsOnItsLabelAndTheDataAndEveryWorkerOnTheWorkersLabel() throws Exception {
        List<String> nms = cluster.nodeManagers();
        List<String> dns = cluster.dataNodes();
        Configuration c = labelled("am", "gpu");
        List<String> hosts =
                LabelledPlacement.dataNodes(c, CodedYarnConfig.parse(c::get).yarn(), fs);
        // the DataNodes paired with NodeManagers 1 and 2, and no other
        assertThat(hosts).containsExactlyInAnyOrder(dns.get(1), dns.get(2));

        SchemeParams params = SchemeParams.of(4, 0, 13);
        Plan plan = Schemes.byName("uncoded").place(params, Seeds.generator(params.seed()));
        Path data =
                runs.placed("labelled", plan, GeneratorParams.of("higgs-like", 2000, 8, 5), hosts)[
                        1];
        PlacementRecord placement = PlacementRecord.read(fs, data).orElseThrow();
        assertThat(placement.workerNodes()).allMatch(hosts::contains);

        Path out = fs.makeQualified(new Path("/runs/labelled"));
        YarnTrainer.Result r =
                YarnTrainer.run(
                        c,
                        io.codedyarn.am.Specs.uncodedGd(params, 4),
                        new JobInfo(data.toString(), out.toString()),
                        false);

        assertThat(r.summary().diagnostic()).isEmpty();
        assertThat(r.exitStatus()).isZero();
        assertThat(cluster.applicationMasterNode(r.applicationId())).isEqualTo(nms.get(0));
        assertThat(r.summary().workerNodes())
                .hasSize(4)
                .allMatch(n -> n.equals(nms.get(1)) || n.equals(nms.get(2)));
        // each worker beside its data: none had to be moved or asked for anywhere
        assertThat(r.summary().replacedData()).isEmpty();
        for (int w = 0; w < 4; w++) {
            String dn = placement.workerNodes().get(w);
            assertThat(r.summary().workerNodes().get(w))
                    .as("worker %d (data on %s)", w, dn)
                    .isEqualTo(nms.get(dns.indexOf(dn)));
        }
    }

    /**
     * {@code predict} places its ApplicationMaster and its tasks as {@code train} does: the AM on
     * the node labelled "am", every task container on the nodes labelled "gpu", whichever DataNode
     * holds its block (each block has one replica, anywhere). Which NodeManager runs each container
     * is watched while the job runs (a finished application's containers are gone from the
     * ResourceManager and, with the embedded cluster's 1 s log retention, their logs too).
     */
    @Test
    void predictRunsItsAmOnItsLabelAndEveryTaskOnTheWorkersLabel(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path local = tmp.resolve("fm");
        io.codedyarn.am.model.ScikitLearnReference.importFashionSubset(
                local, "--positive-labels", "0", "--block-size", "3m");
        Path data = fs.makeQualified(new Path("/data/fm-labelled"));
        fs.copyFromLocalFile(false, true, new Path(local.toUri()), data);
        for (org.apache.hadoop.fs.FileStatus st : fs.listStatus(data)) {
            fs.setReplication(st.getPath(), (short) 1);
        }
        String model =
                java.nio.file.Files.readString(
                        java.nio.file.Path.of(
                                "src/test/resources/io/codedyarn/am/model/sklearn/model-lr.json"));
        Configuration c = labelled("am", "gpu");
        c.set("coded-yarn.locality.wait-seconds", "5");
        Path out = fs.makeQualified(new Path("/out/fm-labelled"));

        java.util.Map<String, Integer> containerNode =
                new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.atomic.AtomicBoolean running =
                new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread watcher =
                new Thread(
                        () -> {
                            while (running.get()) {
                                for (int i = 0; i < 3; i++) {
                                    for (String id : cluster.containersOn(i)) {
                                        containerNode.putIfAbsent(id, i);
                                    }
                                }
                                try {
                                    Thread.sleep(20);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        },
                        "container-watcher");
        watcher.start();
        PredictSubmitter.Outcome o;
        try {
            o =
                    ClusterPrediction.yarn(
                            c,
                            data,
                            fs,
                            out,
                            model,
                            new ClusterPrediction.Request(
                                    io.codedyarn.am.model.OutputFormat.CSV,
                                    0.5,
                                    List.of("row"),
                                    false));
        } finally {
            running.set(false);
            watcher.join(10_000);
        }
        assertThat(o.succeeded()).as(o.diagnostics()).isTrue();
        assertThat(o.diagnostics()).startsWith("4 parts, ");
        List<String> nms = cluster.nodeManagers();
        assertThat(cluster.applicationMasterNode(o.applicationId())).isEqualTo(nms.get(0));
        String app = o.applicationId().substring("application_".length());
        Map<String, Integer> ours = new java.util.TreeMap<>();
        containerNode.forEach(
                (id, nm) -> {
                    if (id.contains(app)) {
                        ours.put(id, nm);
                    }
                });
        // the AM's container (attempt 1, container 1) on NM 0, the 4 tasks' on NMs 1 and 2
        Map<String, Integer> tasks = new java.util.TreeMap<>(ours);
        tasks.keySet().removeIf(id -> id.endsWith("_01_000001"));
        assertThat(ours).as("containers seen").containsValue(0);
        assertThat(tasks).as("task containers and their NodeManagers").hasSize(4);
        assertThat(tasks.values()).allMatch(nm -> nm == 1 || nm == 2);
    }

    @Test
    void aLabelNoNodeHasIsRefusedBeforeSubmissionNamingTheNodesLabels() throws Exception {
        int before = applications();
        for (Configuration c : List.of(labelled("gpu-large", ""), labelled("", "gpu-large"))) {
            io.codedyarn.am.model.PredictJob job =
                    new io.codedyarn.am.model.PredictJob(
                            "/nowhere",
                            "/out/never",
                            io.codedyarn.am.model.OutputFormat.CSV,
                            0.5,
                            List.of(),
                            false);
            assertThatThrownBy(() -> PredictSubmitter.run(c, job, "{}"))
                    .as("predict")
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("node-label-expression = gpu-large")
                    .hasMessageContaining(cluster.nodeManagers().get(1) + " [gpu]");
        }
        for (Configuration c : List.of(labelled("gpu-large", ""), labelled("", "gpu-large"))) {
            SchemeParams params = SchemeParams.of(2, 0, 3);
            assertThatThrownBy(
                            () ->
                                    YarnTrainer.run(
                                            c,
                                            io.codedyarn.am.Specs.uncodedGd(params, 2),
                                            new JobInfo("/nowhere", "/runs/never"),
                                            false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("node-label-expression = gpu-large")
                    .hasMessageContaining("no running NodeManager has node label 'gpu-large'")
                    .hasMessageContaining(cluster.nodeManagers().get(0) + " [am]")
                    .hasMessageContaining(cluster.nodeManagers().get(1) + " [gpu]");
        }
        Configuration c = labelled("", "gpu-large");
        assertThatThrownBy(
                        () ->
                                LabelledPlacement.dataNodes(
                                        c, CodedYarnConfig.parse(c::get).yarn(), fs))
                .hasMessageContaining("coded-yarn.worker.node-label-expression = gpu-large");
        assertThat(applications()).as("nothing was submitted").isEqualTo(before);
    }

    private static int applications() throws Exception {
        try (YarnClient yc = YarnClient.createYarnClient()) {
            yc.init(cluster.configuration());
            yc.start();
            return yc.getApplications().size();
        }
    }
}
