package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.train.DatasetRows;
import io.codedyarn.am.train.Trainers;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.SimulatedTrain;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.prepare.PlacementRecord;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.slowdown.StraggleSpec;
import java.nio.charset.StandardCharsets;
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
    private static EmbeddedRuns runs;

    @BeforeAll
    static void start() throws Exception {
        cluster = EmbeddedRuns.startCluster(YarnTrainIT.class, 1024);
        fs = cluster.fileSystem();
        runs = new EmbeddedRuns(cluster);
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
        return runs.conf();
    }

    private static Path placed(String name, Plan plan) throws Exception {
        return placed(name, plan, GeneratorParams.of("higgs-like", 3000, 10, 5))[1];
    }

    private static TrainSpec lr(SchemeParams params, int iterations) {
        return io.codedyarn.am.Specs.uncodedGd(params, iterations);
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
                        io.codedyarn.am.output.ModelJson.FILE,
                        RunOutputs.ITERATIONS,
                        RunOutputs.LATENCY_TRACE,
                        RunOutputs.SUMMARY)) {
            assertThat(fs.exists(new Path(out, f))).as(f).isTrue();
        }
        // each worker's container ran on the NodeManager paired with the DataNode holding its data
        PlacementRecord placement = PlacementRecord.read(fs, data).orElseThrow();
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

    /** Generates {@code g} and places it for {@code plan}; returns (raw, placed). */
    private static Path[] placed(String name, Plan plan, GeneratorParams g) throws Exception {
        return placed(name, plan, g, List.of());
    }

    /** The same, with {@code data prepare --hosts}: worker w's data on {@code hosts[w]}. */
    private static Path[] placed(String name, Plan plan, GeneratorParams g, List<String> hosts)
            throws Exception {
        return runs.placed(name, plan, g, hosts);
    }

    private static TrainSpec spec(
            Workload w, String scheme, SchemeParams params, String optimizer, int iterations) {
        return EmbeddedRuns.spec(w, scheme, params, optimizer, iterations);
    }

    private static TrainSpec withScheme(TrainSpec s, String scheme, SchemeParams params) {
        return new TrainSpec(
                s.workload(),
                scheme,
                params,
                s.components(),
                s.lambda(),
                s.intercept(),
                s.optimizer(),
                s.step(),
                s.iterations(),
                s.targetGap(),
                s.timeLimitSeconds(),
                s.waitFor(),
                s.reference(),
                LatencySpec.ofNullable("exp:eta=1"),
                StraggleSpec.parse("none"),
                s.seed());
    }

    /** The run's events.csv rows (header skipped), split into its 6 columns. */
    private static List<String[]> events(Path out) throws Exception {
        return runs.events(out);
    }

    /** {@code s} with a target gap and injected slowness ({@code --straggle}). */
    private static TrainSpec slowed(TrainSpec s, double targetGap, String straggle) {
        return EmbeddedRuns.slowed(s, targetGap, straggle);
    }

    /** The YARN run's iterations.csv objectives, in order. */
    private static double[] objectives(Path out) throws Exception {
        return runs.objectives(out);
    }

    private static YarnTrainer.Result train(TrainSpec spec, Path data, String name)
            throws Exception {
        Path out = fs.makeQualified(new Path("/runs/" + name));
        long t0 = System.nanoTime();
        YarnTrainer.Result r =
                YarnTrainer.run(conf(), spec, new JobInfo(data.toString(), out.toString()), false);
        System.err.printf(
                "%s: submit -> FINISHED %d ms%n", name, (System.nanoTime() - t0) / 1_000_000);
        assertThat(r.summary().diagnostic()).as(name).isEmpty();
        assertThat(r.exitStatus()).isZero();
        return r;
    }

    /**
     * Exact (cyclic, s = 1) and lazy (LAGC, one group of 3 with r = 2) families on YARN: every
     * iteration's decoded objective equals the UNCODED objective of the same optimiser computed
     * in-process (so the decoded gradient is the full gradient: the iterates coincide), to 1e-9
     * relative, and the run stops at the target gap 1e-6 of the single-machine optimum.
     */
    @Test
    void exactAndLazySchemesDecodeTheUncodedObjectiveEveryIterationAndReachTheOptimum()
            throws Exception {
        for (String scheme : List.of("cyclic", "lagc")) {
            SchemeParams params =
                    scheme.equals("cyclic")
                            ? SchemeParams.of(3, 1, 21)
                            : SchemeParams.of(3, 0, 21).withGroups(1).withLoad(2);
            TrainSpec coded =
                    spec(
                            Workload.LR,
                            scheme,
                            params,
                            scheme.equals("cyclic") ? "lbfgs" : null,
                            400);
            Plan plan = coded.plan();
            Path[] data =
                    placed("family-" + scheme, plan, GeneratorParams.of("higgs-like", 3000, 8, 7));
            Rows rows = DatasetRows.read(fs, data[0]);
            coded = Trainers.withReference(coded, rows);
            YarnTrainer.Result r = train(coded, data[1], "family-" + scheme);
            double[] yarn = objectives(fs.makeQualified(new Path("/runs/family-" + scheme)));

            // the same optimiser on the uncoded scheme in-process (lagc: the same lazy method,
            // whose selections depend only on the iterates)
            TrainSpec reference =
                    scheme.equals("cyclic")
                            ? withScheme(coded, "uncoded", SchemeParams.of(3, 0, 21))
                            : withScheme(coded, scheme, params);
            RunResult local = SimulatedTrain.run(reference, reference.plan(), rows);
            List<IterationRecord> it = local.iterationLog();
            assertThat(yarn).as(scheme).hasSize(it.size());
            for (int t = 0; t < yarn.length; t++) {
                double f = it.get(t).objective();
                assertThat(yarn[t]).as("%s iteration %d", scheme, t).isCloseTo(f, within(1e-9 * f));
            }
            double gap = (r.summary().objective() - coded.reference()) / coded.reference();
            assertThat(gap).as(scheme).isBetween(-1e-9, 1e-6);
            assertThat(r.summary().iterations()).as(scheme).isLessThan(400);
        }
    }

    /**
     * The locality fallback re-places data: worker 0's DataNode is paired with no NodeManager (as
     * on a DataNode-only host), so the AM copies its partitions beside another node and asks for
     * that node strictly. The run succeeds on that node and decodes, every iteration, the objective
     * of the same run in-process (to 1e-9 relative): the copies hold the same rows.
     */
    @Test
    void aWorkerWhoseNodeCannotBeHadHasItsDataReplacedBesideAnother() throws Exception {
        SchemeParams params = SchemeParams.of(3, 0, 31);
        TrainSpec spec = spec(Workload.LR, "uncoded", params, "lbfgs", 6);
        Path[] data = placed("moved", spec.plan(), GeneratorParams.of("higgs-like", 3000, 8, 7));
        Rows rows = DatasetRows.read(fs, data[0]);
        spec = Trainers.withReference(spec, rows);
        String dn0 = PlacementRecord.read(fs, data[1]).orElseThrow().workerNodes().get(0);
        Configuration c = conf();
        Map<String, String> map =
                new java.util.LinkedHashMap<>(
                        YarnKeys.parseNodeMap(c.get(YarnKeys.EMBEDDED_NODE_MAP)));
        String nm0 = map.put(dn0, "no-nodemanager:1");
        assertThat(nm0).as("the embedded map pairs %s", dn0).isNotNull();
        c.set(
                YarnKeys.EMBEDDED_NODE_MAP,
                String.join(
                        ",",
                        map.entrySet().stream()
                                .map(e -> e.getKey() + "=" + e.getValue())
                                .toList()));
        c.set("coded-yarn.locality.wait-seconds", "3");
        Path out = fs.makeQualified(new Path("/runs/moved"));
        YarnTrainer.Result r =
                YarnTrainer.run(c, spec, new JobInfo(data[1].toString(), out.toString()), false);

        assertThat(r.summary().diagnostic()).isEmpty();
        assertThat(r.exitStatus()).isZero();
        assertThat(r.summary().replacedData()).containsOnlyKeys(0);
        String moved = r.summary().replacedData().get(0);
        assertThat(moved).isNotEqualTo(nm0).isIn(cluster.nodeManagers());
        assertThat(r.summary().workerNodes().get(0)).isEqualTo(moved);
        double[] yarn = objectives(out);
        TrainSpec inProcess = withScheme(spec, "uncoded", params);
        List<IterationRecord> local =
                SimulatedTrain.run(inProcess, inProcess.plan(), rows).iterationLog();
        assertThat(yarn).hasSize(local.size());
        for (int t = 0; t < yarn.length; t++) {
            double f = local.get(t).objective();
            assertThat(yarn[t]).as("iteration %d", t).isCloseTo(f, within(1e-9 * f));
        }
    }

    /**
     * The fallback's timeout trigger on a real cluster (test design from a helper's branch): both
     * workers' data is placed on DataNode A, and a worker container (640 MB) fits only once on a
     * 1,024 MB NodeManager, so A's NodeManager cannot take the second worker; after the locality
     * wait that worker's data is re-placed beside a free node. Same objectives as in-process, and
     * the two workers end on distinct nodes.
     */
    @Test
    void aWorkerWhoseNodeIsFullHasItsDataReplacedOnAFreeNode() throws Exception {
        SchemeParams params = SchemeParams.of(2, 0, 31);
        TrainSpec spec = lr(params, 4);
        Plan plan = spec.plan();
        String dnA = cluster.dataNodes().get(0);
        String nmA = cluster.nodeManagers().get(0);
        Path[] placed =
                placed(
                        "full",
                        plan,
                        GeneratorParams.of("higgs-like", 1000, 6, 13),
                        List.of(dnA, dnA));
        Path raw = placed[0];
        Path data = placed[1];
        Path out = fs.makeQualified(new Path("/runs/full"));
        Configuration c = conf();
        c.set("coded-yarn.worker.memory-mb", "640");
        c.set("coded-yarn.locality.wait-seconds", "2");
        YarnTrainer.Result r =
                YarnTrainer.run(c, spec, new JobInfo(data.toString(), out.toString()), false);
        assertThat(r.summary().diagnostic()).isEmpty();
        assertThat(r.exitStatus()).isZero();

        RunResult local =
                SimulatedTrain.run(
                        withScheme(spec, "uncoded", params), plan, DatasetRows.read(fs, raw));
        double[] yarn = objectives(out);
        assertThat(yarn).hasSize(local.iterationLog().size());
        for (int t = 0; t < yarn.length; t++) {
            double f = local.iterationLog().get(t).objective();
            assertThat(yarn[t]).as("iteration %d", t).isCloseTo(f, within(1e-9 * f));
        }
        // at least one worker re-placed (both, if A's first container came after the wait), each
        // onto another node, where it ran; a worker not moved ran on A; no node ran two
        List<String> nodes = r.summary().workerNodes();
        Map<Integer, String> moved = r.summary().replacedData();
        System.err.printf("full node: nodes %s, A = %s, re-placed %s%n", nodes, nmA, moved);
        assertThat(moved).isNotEmpty();
        for (int w = 0; w < 2; w++) {
            if (moved.containsKey(w)) {
                assertThat(moved.get(w)).isNotEqualTo(nmA).isEqualTo(nodes.get(w));
            } else {
                assertThat(nodes.get(w)).as("worker %d", w).isEqualTo(nmA);
            }
        }
        assertThat(nodes).doesNotContainNull().doesNotHaveDuplicates();
    }

    /** PCA (k = 3, fractional repetition) reaches the eigendecomposition's explained variance. */
    /**
     * Adaptation on real processes (issue 15): every worker on NodeManager 0 sleeps 300× its
     * compute time ({@code --straggle slow:factor=300,node=0}, applied inside the worker JVMs). The
     * AM measures it, excludes the node, starts a replacement on another node beside a copy of the
     * worker's partitions, promotes it when it is ready, and the run still reaches the optimum.
     */
    @Test
    void aSlowNodeIsExcludedItsWorkersReplacedElsewhereAndTheRunReachesTheOptimum()
            throws Exception {
        SchemeParams params = SchemeParams.of(6, 1, 31);
        TrainSpec base = spec(Workload.LR, "cyclic", params, "gd", 20000);
        Path[] data =
                placed("slow-node", base.plan(), GeneratorParams.of("higgs-like", 6000, 10, 9));
        TrainSpec slow =
                Trainers.withReference(
                        slowed(base, 1e-4, "slow:factor=300,node=0"),
                        DatasetRows.read(fs, data[0]));
        Path out = fs.makeQualified(new Path("/runs/slow-node"));
        Configuration c = conf();
        c.set("coded-yarn.exclusion.persist-seconds", "1");
        long t0 = System.nanoTime();
        YarnTrainer.Result r =
                YarnTrainer.run(c, slow, new JobInfo(data[1].toString(), out.toString()), false);
        System.err.printf(
                "slow-node: submit -> FINISHED %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        assertThat(r.summary().diagnostic()).isEmpty();
        assertThat(r.exitStatus()).isZero();

        String slowNode = cluster.nodeManagers().stream().sorted().findFirst().orElseThrow();
        List<String[]> events = events(out);
        System.err.println("slow-node events:");
        events.forEach(e -> System.err.println("  " + String.join(",", e)));
        assertThat(events)
                .anySatisfy(e -> assertThat(e[4]).isEqualTo("excluded"))
                .anySatisfy(
                        e -> {
                            assertThat(e[4]).isEqualTo("slow");
                            assertThat(e[3]).isEqualTo(slowNode);
                        });
        List<String[]> replaced = events.stream().filter(e -> e[4].equals("replaced")).toList();
        assertThat(replaced).isNotEmpty().allSatisfy(e -> assertThat(e[3]).isNotEqualTo(slowNode));
        for (String[] e : replaced) {
            int w = Integer.parseInt(e[2]);
            assertThat(r.summary().workerNodes().get(w)).isNotEqualTo(slowNode);
        }
        double gap = (r.summary().objective() - slow.reference()) / slow.reference();
        assertThat(gap).isBetween(-1e-9, 1e-4);
    }

    /**
     * {@code --speeds auto} on real worker JVMs: hetero without speeds starts with equal loads;
     * workers 1 and 2 are 300× slow (more than s = 1 tolerates), the AM measures it, re-plans the
     * loads, places the moved partitions beside their new holders, the workers load them while
     * computing, and the code switches at an iteration boundary. The iterates stay those of the
     * same GD on a fixed equal-speed plan in-process: no iteration lost, no wrong gradient used.
     */
    @Test
    void measuredSpeedsReplanHeteroWhileItRunsAndTheIteratesDoNotChange() throws Exception {
        SchemeParams params = SchemeParams.of(4, 1, 41);
        TrainSpec base = spec(Workload.LR, "hetero", params, "gd", 300);
        Plan plan = base.plan();
        assertThat(plan.partitions()).isEqualTo(16); // --speeds auto: K = 4n
        Path[] data = placed("auto-speeds", plan, GeneratorParams.of("higgs-like", 6000, 10, 9));
        Rows rows = DatasetRows.read(fs, data[0]);
        base = Trainers.withReference(base, rows);
        TrainSpec auto = slowed(base, Double.NaN, "slow:factor=300,workers=1/2");
        Path out = fs.makeQualified(new Path("/runs/auto-speeds"));
        Configuration c = conf();
        c.set("coded-yarn.exclusion.enabled", "false"); // re-planning alone
        c.set("coded-yarn.speeds.warmup-iterations", "3");
        YarnTrainer.Result r =
                YarnTrainer.run(c, auto, new JobInfo(data[1].toString(), out.toString()), false);
        assertThat(r.summary().diagnostic()).isEmpty();
        List<String[]> events = events(out);
        System.err.println("auto-speeds events:");
        events.forEach(e -> System.err.println("  " + String.join(",", e)));
        String[] replanned =
                events.stream().filter(e -> e[4].equals("replanned")).findFirst().orElseThrow();
        String reason = replanned[5];
        double[] loads =
                java.util.Arrays.stream(
                                reason.substring(
                                                reason.indexOf("loads ") + 6,
                                                reason.indexOf(" (were"))
                                        .split(" "))
                        .mapToDouble(Double::parseDouble)
                        .toArray();
        assertThat(loads[1]).isLessThan(loads[0]);
        assertThat(loads[2]).isLessThan(loads[3]);

        TrainSpec fixed =
                withScheme(base, "hetero", params.withSpeeds(1, 1, 1, 1).withPartitions(16));
        List<IterationRecord> it = SimulatedTrain.run(fixed, fixed.plan(), rows).iterationLog();
        double[] yarn = objectives(out);
        assertThat(yarn).hasSize(it.size());
        for (int t = 0; t < yarn.length; t++) {
            double f = it.get(t).objective();
            assertThat(yarn[t]).as("iteration %d", t).isCloseTo(f, within(1e-9 * f));
        }
    }

    /**
     * {@code --scheme auto} on YARN: two of four workers 300× slow; it starts uncoded, switches to
     * a code that decodes without them while it runs (their partitions re-placed beside the workers
     * that take them, read in the background), and GD's iterates are the uncoded run's.
     */
    @Test
    void autoSwitchesWhileItRunsAndTheIteratesDoNotChange() throws Exception {
        SchemeParams params = SchemeParams.of(4, 0, 43);
        TrainSpec base = spec(Workload.LR, "auto", params, "gd", 200);
        Plan plan = base.plan();
        assertThat(plan.partitions()).isEqualTo(4); // auto: one partition per worker
        Path[] data = placed("auto-scheme", plan, GeneratorParams.of("higgs-like", 6000, 10, 9));
        Rows rows = DatasetRows.read(fs, data[0]);
        base = Trainers.withReference(base, rows);
        TrainSpec auto = slowed(base, Double.NaN, "slow:factor=300,workers=1/2");
        Path out = fs.makeQualified(new Path("/runs/auto-scheme"));
        Configuration c = conf();
        c.set("coded-yarn.exclusion.enabled", "false"); // the code's choice alone
        YarnTrainer.Result r =
                YarnTrainer.run(c, auto, new JobInfo(data[1].toString(), out.toString()), false);
        assertThat(r.summary().diagnostic()).isEmpty();
        List<String[]> events = events(out);
        System.err.println("auto-scheme events:");
        events.forEach(e -> System.err.println("  " + String.join(",", e)));
        assertThat(events).anyMatch(e -> e[4].equals("auto-switched"));

        sameIteratesAsUncoded(base, params, rows, out);
    }

    /** The YARN run's objectives are those of the same spec run uncoded, simulated, to 1e-9. */
    private static void sameIteratesAsUncoded(
            TrainSpec base, SchemeParams params, Rows rows, Path out) throws Exception {
        TrainSpec uncoded = withScheme(base, "uncoded", params.withPartitions(4));
        List<IterationRecord> it = SimulatedTrain.run(uncoded, uncoded.plan(), rows).iterationLog();
        double[] yarn = objectives(out);
        assertThat(yarn).hasSize(it.size());
        for (int t = 0; t < yarn.length; t++) {
            double f = it.get(t).objective();
            assertThat(yarn[t]).as("iteration %d", t).isCloseTo(f, within(1e-9 * f));
        }
    }

    /**
     * Auto's pre-placed start on real workers: worker 2 is 300x slow and auto never decides (a
     * warm-up longer than the run), so every round's partition 2 also comes from worker 1, which
     * stores it; the first copy is decoded, and the iterates are uncoded's.
     */
    @Test
    void autoBacksUpALateWorkersPartitionOnAWorkerThatStoresIt() throws Exception {
        SchemeParams params = SchemeParams.of(4, 1, 43);
        TrainSpec base = spec(Workload.LR, "auto", params, "gd", 30);
        Path[] data =
                placed("auto-backups", base.plan(), GeneratorParams.of("higgs-like", 6000, 10, 9));
        Rows rows = DatasetRows.read(fs, data[0]);
        base = Trainers.withReference(base, rows);
        TrainSpec auto = slowed(base, Double.NaN, "slow:factor=300,workers=2");
        Path out = fs.makeQualified(new Path("/runs/auto-backups"));
        Configuration c = conf();
        c.set("coded-yarn.exclusion.enabled", "false");
        c.set("coded-yarn.auto.warmup-iterations", "1000");
        YarnTrainer.Result r =
                YarnTrainer.run(c, auto, new JobInfo(data[1].toString(), out.toString()), false);
        assertThat(r.summary().diagnostic()).isEmpty();
        List<String[]> backups = events(out).stream().filter(e -> e[4].equals("backup")).toList();
        // worker 2's partition, from worker 1, in most rounds; on a shared 2-core machine a
        // fast worker is now and then 2x the median too, and its partition comes from the
        // worker before it, which stores it
        assertThat(backups.stream().filter(e -> e[5].startsWith("computes codeword 2 of worker 2")))
                .hasSizeGreaterThanOrEqualTo(20)
                .allSatisfy(e -> assertThat(e[2]).isEqualTo("1"));
        assertThat(backups)
                .allSatisfy(
                        e -> {
                            int k = Integer.parseInt(e[5].split(" ")[2]);
                            assertThat(e[5])
                                    .startsWith("computes codeword " + k + " of worker " + k);
                            assertThat(e[2]).isEqualTo(Integer.toString((k + 3) % 4));
                        });

        sameIteratesAsUncoded(base, params, rows, out);
    }

    @Test
    void pcaReachesTheExplainedVarianceOfTheEigendecomposition() throws Exception {
        SchemeParams params = SchemeParams.of(4, 1, 3);
        TrainSpec pca = spec(Workload.PCA, "fractional", params, null, 300);
        Path[] data = placed("pca", pca.plan(), GeneratorParams.of("low-rank", 2000, 20, 9));
        pca = Trainers.withReference(pca, DatasetRows.read(fs, data[0]));
        YarnTrainer.Result r = train(pca, data[1], "pca");
        assertThat(r.summary().objective()).isCloseTo(pca.reference(), within(1e-6));
    }

    /** DSAG on YARN (real, unscripted timing): converges towards the optimum. */
    @Test
    void dsagApproachesTheOptimum() throws Exception {
        SchemeParams params = SchemeParams.of(3, 1, 5).withSubpartitions(2);
        TrainSpec dsag = spec(Workload.LR, "dsag", params, null, 120);
        Path[] data = placed("dsag", dsag.plan(), GeneratorParams.of("higgs-like", 3000, 8, 7));
        dsag = Trainers.withReference(dsag, DatasetRows.read(fs, data[0]));
        YarnTrainer.Result r = train(dsag, data[1], "dsag");
        double[] f = objectives(fs.makeQualified(new Path("/runs/dsag")));
        double gap = (r.summary().objective() - dsag.reference()) / dsag.reference();
        assertThat(gap).isBetween(-1e-9, 1e-2);
        assertThat(f[f.length - 1]).isLessThan(f[0]);
    }

    /**
     * ApplicationMaster restart (issue 16 §2): the RM fails the first attempt mid-run (as {@code
     * yarn applicationattempt -fail} does) once it has written a checkpoint; YARN starts a second
     * attempt (coded-yarn.am.max-attempts, default 2), which resumes from that checkpoint with new
     * worker containers. The run completes with every iteration exactly once in iterations.csv and,
     * iteration for iteration, the objectives of the same run in-process (uncoded GD: the decoded
     * sum does not depend on arrival order, so the YARN run is the in-process run).
     */
    @Test
    void aFailedApplicationMasterAttemptResumesFromItsCheckpoint() throws Exception {
        SchemeParams params = SchemeParams.of(3, 0, 41);
        int iterations = 1500;
        TrainSpec spec = lr(params, iterations);
        Path[] data = placed("restart", spec.plan(), GeneratorParams.of("higgs-like", 3000, 10, 5));
        Path out = fs.makeQualified(new Path("/runs/restart"));
        Configuration conf = conf();
        conf.set("coded-yarn.checkpoint.interval", "100");
        var pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        var client = org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient();
        client.init(conf);
        client.start();
        try {
            long t0 = System.nanoTime();
            var run =
                    pool.submit(
                            () ->
                                    YarnTrainer.run(
                                            conf,
                                            spec,
                                            new JobInfo(data[1].toString(), out.toString()),
                                            false));
            org.apache.hadoop.yarn.api.records.ApplicationId id = runningApplication(client, run);
            Path checkpoints =
                    fs.makeQualified(
                            new Path(fs.getHomeDirectory(), ".coded-yarn/" + id + "/checkpoints"));
            while (!run.isDone() && checkpointsIn(checkpoints).isEmpty()) {
                Thread.sleep(50); // polling the cluster from outside: there is no event to wait on
            }
            assertThat(run.isDone()).as("the run ended before its first checkpoint").isFalse();
            var first = client.getApplicationReport(id).getCurrentApplicationAttemptId();
            long failedAt = System.nanoTime();
            client.failApplicationAttempt(first);
            System.err.printf(
                    "failed %s %d ms after submission; checkpoints %s%n",
                    first, (failedAt - t0) / 1_000_000, checkpointsIn(checkpoints));

            YarnTrainer.Result r = run.get(10, java.util.concurrent.TimeUnit.MINUTES);
            System.err.printf(
                    "restart: fail -> FINISHED %d ms, submit -> FINISHED %d ms%n",
                    (System.nanoTime() - failedAt) / 1_000_000,
                    (System.nanoTime() - t0) / 1_000_000);
            assertThat(r.summary().diagnostic()).isEmpty();
            assertThat(r.exitStatus()).isZero();
            assertThat(client.getApplicationAttempts(id)).hasSize(2);
            assertThat(r.summary().iterations()).isEqualTo(iterations);
            assertThat(fs.exists(new Path(out, "checkpoint.ckpt"))).isTrue();
            // measured: writing the final checkpoint again to this HDFS, as the AM does
            var last =
                    io.codedyarn.am.output.CheckpointStore.read(
                            fs, new Path(out, "checkpoint.ckpt"));
            long w0 = System.nanoTime();
            new io.codedyarn.am.output.CheckpointStore(fs, new Path("/runs/restart-ckpt"))
                    .write(last);
            System.err.printf(
                    "restart: a %d-byte checkpoint (iteration %d) written to HDFS in %d ms%n",
                    fs.getFileStatus(new Path(out, "checkpoint.ckpt")).getLen(),
                    last.iteration(),
                    (System.nanoTime() - w0) / 1_000_000);

            List<Long> rows;
            try (var in = fs.open(new Path(out, RunOutputs.ITERATIONS))) {
                rows =
                        new String(in.readAllBytes(), StandardCharsets.UTF_8)
                                .lines()
                                .skip(1)
                                .map(l -> Long.parseLong(l.split(",")[0]))
                                .toList();
            }
            assertThat(rows).as("no gap, no repeat").hasSize(iterations);
            for (int t = 0; t < iterations; t++) {
                assertThat(rows.get(t)).isEqualTo(t);
            }
            // the same run in-process (a latency model only times it: uncoded GD's iterates do
            // not depend on arrival order)
            TrainSpec inProcess = withScheme(spec, "uncoded", params);
            RunResult local =
                    SimulatedTrain.run(inProcess, inProcess.plan(), DatasetRows.read(fs, data[0]));
            double[] yarn = objectives(out);
            double[] seconds = column(out, 1);
            List<String[]> resumed =
                    events(out).stream().filter(e -> e[4].equals("resumed")).toList();
            assertThat(resumed).as("events.csv says where it resumed").hasSize(1);
            int k = Integer.parseInt(resumed.get(0)[0]);
            assertThat(k).isPositive().isLessThan(iterations);
            System.err.printf(
                    "restart: resumed after iteration %d; training seconds %.3f before, %.3f"
                            + " after the checkpoint%n",
                    k, seconds[k - 1], seconds[iterations - 1] - seconds[k - 1]);
            for (int t = 0; t < iterations; t++) {
                double f = local.iterationLog().get(t).objective();
                assertThat(yarn[t]).as("iteration %d", t).isCloseTo(f, within(1e-9 * f));
            }
            assertThat(r.summary().objective())
                    .isCloseTo(local.objective(), within(1e-9 * local.objective()));
        } finally {
            client.stop();
            pool.shutdownNow();
        }
    }

    /**
     * {@code train --resume DIR} on the embedded cluster: a run stopped by its iteration budget
     * after 40 rounds, resumed with a budget of 80, replaces DIR with one run of 80 rounds whose
     * objectives are, iteration for iteration, the same run's in-process (the client staged the
     * checkpoint where the AM looks for an earlier attempt's).
     */
    @Test
    void anEmbeddedRunStoppedByItsBudgetResumesFromItsCheckpoint() throws Exception {
        SchemeParams params = SchemeParams.of(3, 0, 43);
        Path[] data =
                placed(
                        "resume-src",
                        lr(params, 40).plan(),
                        GeneratorParams.of("higgs-like", 3000, 10, 5));
        java.nio.file.Path dir =
                java.nio.file.Path.of("target/embedded/resume-run").toAbsolutePath();
        org.apache.hadoop.fs.FileUtil.fullyDelete(dir.toFile());
        var log = new java.io.PrintWriter(System.err, true);
        var a =
                Trainers.runOn(
                        cluster,
                        conf(),
                        new io.codedyarn.am.train.TrainRequest(
                                lr(params, 40),
                                data[0].toString(),
                                dir.toString(),
                                "embedded",
                                false),
                        log);
        assertThat(a.summary().succeeded()).as(a.summary().diagnostic()).isTrue();
        assertThat(dir.resolve("checkpoint.ckpt")).exists();

        TrainSpec more = lr(params, 80);
        var b =
                Trainers.runOn(
                        cluster,
                        conf(),
                        new io.codedyarn.am.train.TrainRequest(
                                more,
                                data[0].toString(),
                                dir.toString(),
                                "embedded",
                                false,
                                dir.toString()),
                        log);
        assertThat(b.summary().succeeded()).as(b.summary().diagnostic()).isTrue();
        assertThat(b.summary().iterations()).isEqualTo(80);
        List<String[]> rows =
                java.nio.file.Files.readAllLines(dir.resolve(RunOutputs.ITERATIONS)).stream()
                        .skip(1)
                        .map(l -> l.split(","))
                        .toList();
        assertThat(rows).hasSize(80);
        assertThat(
                        java.nio.file.Files.readAllLines(dir.resolve(RunOutputs.EVENTS)).stream()
                                .filter(l -> l.contains(",resumed,")))
                .singleElement()
                .asString()
                .startsWith("40,");
        TrainSpec inProcess = withScheme(more, "uncoded", params);
        RunResult local =
                SimulatedTrain.run(inProcess, inProcess.plan(), DatasetRows.read(fs, data[0]));
        for (int t = 0; t < 80; t++) {
            assertThat(Long.parseLong(rows.get(t)[0])).isEqualTo(t);
            double f = local.iterationLog().get(t).objective();
            assertThat(Double.parseDouble(rows.get(t)[2]))
                    .as("iteration %d", t)
                    .isCloseTo(f, within(1e-9 * f));
        }
    }

    /**
     * {@code train --validation-fraction 0.2 --validation-every 2} on the embedded cluster: the
     * client splits the data before placing it, the AM scores the held-out rows every second
     * iterate into {@code validation.csv}, and the last score is the in-process model's on the same
     * split's held-out rows (gradient descent: the model is the last round's point).
     */
    @Test
    void anEmbeddedRunScoresTheRowsItHeldOutInTheAm() throws Exception {
        SchemeParams params = SchemeParams.of(3, 0, 47);
        TrainSpec spec = lr(params, 9);
        Path[] data =
                placed("heldout-src", spec.plan(), GeneratorParams.of("higgs-like", 3000, 10, 5));
        java.nio.file.Path dir =
                java.nio.file.Path.of("target/embedded/heldout-run").toAbsolutePath();
        org.apache.hadoop.fs.FileUtil.fullyDelete(dir.toFile());
        var a =
                Trainers.runOn(
                        cluster,
                        conf(),
                        new io.codedyarn.am.train.TrainRequest(
                                spec,
                                data[0].toString(),
                                dir.toString(),
                                "embedded",
                                false,
                                null,
                                new io.codedyarn.am.train.HeldOut(null, 0.2, 2, 0)),
                        new java.io.PrintWriter(System.err, true));
        assertThat(a.summary().succeeded()).as(a.summary().diagnostic()).isTrue();
        List<String> rows = java.nio.file.Files.readAllLines(dir.resolve(RunOutputs.VALIDATION));
        assertThat(rows.get(0)).isEqualTo("iteration,seconds,log_loss,accuracy,roc_auc");
        assertThat(rows.stream().skip(1).map(l -> l.split(",")[0]))
                .containsExactly("0", "2", "4", "6", "8");

        java.nio.file.Path local = java.nio.file.Files.createTempDirectory("heldout");
        FileSystem lfs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        Path train = new Path(local.toUri().toString(), "train");
        Path held = new Path(local.toUri().toString(), "held");
        new io.codedyarn.hdfs.dataset.HoldOut(0.2, spec.seed())
                .split(
                        io.codedyarn.hdfs.dataset.DatasetReader.open(fs, data[0]),
                        lfs,
                        train,
                        held,
                        io.codedyarn.hdfs.dataset.WriterOptions.defaults());
        TrainSpec inProcess = withScheme(spec, "uncoded", params);
        RunResult r = SimulatedTrain.run(inProcess, inProcess.plan(), DatasetRows.read(lfs, train));
        double[] expect =
                io.codedyarn.am.train.HeldOut.of(DatasetRows.read(lfs, held), spec, 2, 0)
                        .rows()
                        .at(r.model());
        String[] last = rows.get(rows.size() - 1).split(",");
        assertThat(Double.parseDouble(last[2])).isCloseTo(expect[0], within(1e-9 * expect[0]));
        assertThat(Double.parseDouble(last[3])).isEqualTo(expect[1]);
        lfs.delete(new Path(local.toUri().toString()), true);
    }

    /**
     * A detached run (tagged with {@code coded-yarn.tags}): its staging directory (and the user's
     * {@code .coded-yarn}) is owner-only while it runs, and the ApplicationMaster removes it when
     * it unregisters, with no client following. A directory an ended application left (a kill) goes
     * at the next submission's sweep, unless {@code coded-yarn.keep-staging}; one of a running or
     * unknown application stays.
     */
    @Test
    void aDetachedRunsStagingIsPrivateAndItsApplicationMasterRemovesIt() throws Exception {
        SchemeParams params = SchemeParams.of(3, 0, 53);
        Plan plan = Schemes.byName("uncoded").place(params, Seeds.generator(params.seed()));
        Path data = placed("detached", plan);
        Path out = fs.makeQualified(new Path("/runs/detached"));
        Configuration tagged = new Configuration(conf());
        tagged.set("coded-yarn.tags", "coded-yarn-test, Nightly");
        YarnTrainer.Result r =
                YarnTrainer.run(
                        tagged, lr(params, 5), new JobInfo(data.toString(), out.toString()), true);
        Path staging = io.codedyarn.am.yarn.StagingDirs.of(fs, r.applicationId());
        org.apache.hadoop.fs.permission.FsPermission owner =
                new org.apache.hadoop.fs.permission.FsPermission((short) 0700);
        assertThat(fs.getFileStatus(staging).getPermission()).isEqualTo(owner);
        assertThat(fs.getFileStatus(staging.getParent()).getPermission()).isEqualTo(owner);

        org.apache.hadoop.yarn.client.api.YarnClient yarn =
                org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient();
        yarn.init(conf());
        yarn.start();
        try {
            var id = org.apache.hadoop.yarn.api.records.ApplicationId.fromString(r.applicationId());
            long deadline = System.nanoTime() + 180_000_000_000L;
            while (yarn.getApplicationReport(id).getYarnApplicationState()
                            != org.apache.hadoop.yarn.api.records.YarnApplicationState.FINISHED
                    && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(yarn.getApplicationReport(id).getFinalApplicationStatus().toString())
                    .isEqualTo("SUCCEEDED");
            // coded-yarn.tags reached the ResourceManager (which lower-cases them)
            assertThat(yarn.getApplicationReport(id).getApplicationTags())
                    .containsExactlyInAnyOrder("coded-yarn-test", "nightly");
            assertThat(fs.exists(new Path(out, RunOutputs.SUMMARY))).isTrue();
            // the AM deletes it right after unregistering; the RM may say FINISHED a moment before
            long gone = System.nanoTime() + 30_000_000_000L;
            while (fs.exists(staging) && System.nanoTime() < gone) {
                Thread.sleep(100);
            }
            assertThat(fs.exists(staging)).as("removed by the AM").isFalse();

            // as a kill of a detached run leaves it: the sweep removes the ended application's
            Path left = io.codedyarn.am.yarn.StagingDirs.create(fs, r.applicationId());
            Path unknown = io.codedyarn.am.yarn.StagingDirs.create(fs, "application_1_0001");
            Configuration keep = new Configuration(conf());
            keep.setBoolean("coded-yarn.keep-staging", true);
            new JobStaging(keep, io.codedyarn.am.config.CodedYarnConfig.parse(keep::get).yarn())
                    .sweep(fs, yarn);
            assertThat(fs.exists(left)).as("kept under coded-yarn.keep-staging").isTrue();
            new JobStaging(conf(), io.codedyarn.am.config.CodedYarnConfig.parse(conf()::get).yarn())
                    .sweep(fs, yarn);
            assertThat(fs.exists(left)).isFalse();
            assertThat(fs.exists(unknown)).isTrue();
            fs.delete(unknown, true);
        } finally {
            yarn.stop();
        }
    }

    /**
     * {@code train --keep-staging}, as a user types it: the run succeeds and its staging directory
     * (the job's files and checkpoints) is still on HDFS after the client has seen the end, where
     * without the flag the client removes it.
     */
    @Test
    void theKeepStagingFlagKeepsTheApplicationsStagingDirectory() throws Exception {
        Path raw =
                placed(
                        "keep",
                        Schemes.byName("uncoded")
                                .place(SchemeParams.of(3, 0, 59), Seeds.generator(59)),
                        GeneratorParams.of("higgs-like", 3000, 10, 5))[0];
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        var context =
                new io.codedyarn.am.cli.common.CliContext(
                        io.codedyarn.am.config.CodedYarnConfig.parse(conf()::get), conf());
        int rc =
                io.codedyarn.am.cli.CodedYarn.commandLine(
                                context, new java.io.PrintWriter(out), new java.io.PrintWriter(err))
                        .execute(
                                "train",
                                "--cluster",
                                "yarn",
                                "--scheme",
                                "uncoded",
                                "--workers",
                                "3",
                                "--iterations",
                                "3",
                                "--data",
                                raw.toString(),
                                "--out",
                                fs.makeQualified(new Path("/runs/kept")).toString(),
                                "--keep-staging",
                                "--json");
        assertThat(rc).as(err.toString()).isZero();
        String id =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(out.toString())
                        .get("applicationId")
                        .asText();
        Path staging = io.codedyarn.am.yarn.StagingDirs.of(fs, id);
        try {
            assertThat(fs.exists(staging)).as("%s kept", staging).isTrue();
            assertThat(fs.exists(new Path(staging, YarnKeys.SITE_XML))).isTrue();
        } finally {
            fs.delete(staging, true);
        }
    }

    /** The whole checkpoints in {@code dir} (not the hidden temporary files). */
    private static List<String> checkpointsIn(Path dir) throws java.io.IOException {
        if (!fs.exists(dir)) {
            return List.of();
        }
        return java.util.Arrays.stream(fs.listStatus(dir))
                .map(st -> st.getPath().getName())
                .filter(n -> n.startsWith("checkpoint-"))
                .toList();
    }

    /** A column of the run's iterations.csv. */
    private static double[] column(Path out, int k) throws Exception {
        return runs.iterations(out).stream().mapToDouble(f -> Double.parseDouble(f[k])).toArray();
    }

    /** The application the trainer submitted, once it runs. */
    private static org.apache.hadoop.yarn.api.records.ApplicationId runningApplication(
            org.apache.hadoop.yarn.client.api.YarnClient client, java.util.concurrent.Future<?> run)
            throws Exception {
        while (!run.isDone()) {
            for (var app :
                    client.getApplications(
                            java.util.EnumSet.of(
                                    org.apache.hadoop.yarn.api.records.YarnApplicationState
                                            .RUNNING))) {
                return app.getApplicationId();
            }
            Thread.sleep(50);
        }
        run.get(); // rethrows what ended it
        throw new AssertionError("the run ended before it was seen running");
    }
}
