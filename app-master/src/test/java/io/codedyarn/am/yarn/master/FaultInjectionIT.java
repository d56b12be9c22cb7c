package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.train.DatasetRows;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.am.yarn.client.YarnTrainer;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.SimulatedTrain;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.worker.yarn.WorkerMain;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 16 §3: faults injected into real training runs on the embedded cluster (3 DataNodes, 3
 * NodeManagers; the AM and workers are JVMs the NodeManagers start). Each run is cyclic GD with s =
 * 1 on 4 workers, so every partition has 2 HDFS replicas and every round tolerates one missing
 * worker; each is compared with the same run computed fault-free in-process: the decoded gradient
 * is the full gradient whichever workers answered, so the objectives agree to rounding. The node
 * that loses its NodeManager stays down, so that test runs last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultInjectionIT {
    private static EmbeddedCluster cluster;
    private static EmbeddedRuns runs;

    @BeforeAll
    static void start() throws Exception {
        cluster = EmbeddedRuns.startCluster(FaultInjectionIT.class, 1280);
        runs = new EmbeddedRuns(cluster);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** Cyclic GD, s = 1, 4 workers, every worker 10× its compute time so a run lasts seconds. */
    private static TrainSpec cyclic(int seed, int iterations) {
        TrainSpec base =
                EmbeddedRuns.spec(
                        Workload.LR, "cyclic", SchemeParams.of(4, 1, seed), "gd", iterations);
        return EmbeddedRuns.slowed(base, Double.NaN, "slow:factor=10,workers=0/1/2/3");
    }

    private record Faulted(YarnTrainer.Result result, Path out, TrainSpec spec, double reference) {}

    /**
     * Places data for {@code spec}, starts training, runs {@code fault} once the run is {@code at}
     * (progress 0..1) through, and waits for the end.
     */
    private static Faulted run(String name, TrainSpec spec, double at, Fault fault)
            throws Exception {
        Path[] data =
                runs.placed(
                        name,
                        spec.plan(),
                        GeneratorParams.of("higgs-like", 4000, 10, 9),
                        List.of());
        Path out = runs.fs().makeQualified(new Path("/runs/" + name));
        fault.beforeSubmit(data[1]);
        CompletableFuture<YarnTrainer.Result> r =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return YarnTrainer.run(
                                        runs.conf(),
                                        spec,
                                        new JobInfo(data[1].toString(), out.toString()),
                                        false);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
        if (at >= 0) {
            awaitProgress(at, r);
            fault.inject();
        }
        YarnTrainer.Result result = r.get(5, TimeUnit.MINUTES);
        TrainSpec twin = EmbeddedRuns.inProcess(spec);
        RunResult clean =
                SimulatedTrain.run(twin, twin.plan(), DatasetRows.read(runs.fs(), data[0]));
        return new Faulted(result, out, spec, clean.objective());
    }

    private interface Fault {
        default void beforeSubmit(Path placed) throws Exception {}

        void inject() throws Exception;

        /** A fault done to the placed data before the run is submitted. */
        static Fault toData(DataFault f) {
            return new Fault() {
                @Override
                public void beforeSubmit(Path placed) throws Exception {
                    f.apply(placed);
                }

                @Override
                public void inject() {}
            };
        }
    }

    private interface DataFault {
        void apply(Path placed) throws Exception;
    }

    private static void awaitProgress(double at, CompletableFuture<?> run) throws Exception {
        try (YarnClient yarn = YarnClient.createYarnClient()) {
            yarn.init(cluster.configuration());
            yarn.start();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (System.nanoTime() < deadline && !run.isDone()) {
                Optional<ApplicationReport> app =
                        yarn.getApplications().stream()
                                .filter(
                                        a ->
                                                a.getYarnApplicationState()
                                                        == YarnApplicationState.RUNNING)
                                .findFirst();
                if (app.isPresent() && app.get().getProgress() >= at) {
                    return;
                }
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the run never got " + at + " of the way through");
    }

    /** The worker JVM serving worker {@code w} (its container's environment names it). */
    private static ProcessHandle workerJvm(int w) throws Exception {
        for (ProcessHandle p : ProcessHandle.current().descendants().toList()) {
            String cmd = p.info().commandLine().orElse("");
            // the JVM itself, not the container's launch shell (whose command line names it too)
            if (!p.info().command().orElse("").endsWith("/java")
                    || !cmd.contains(WorkerMain.class.getName())) {
                continue;
            }
            java.nio.file.Path environ = java.nio.file.Path.of("/proc", "" + p.pid(), "environ");
            String env =
                    new String(
                            Files.readAllBytes(environ), java.nio.charset.StandardCharsets.UTF_8);
            if (env.contains("\0" + WorkerMain.ENV_WORKER + "=" + w + "\0")) {
                return p;
            }
        }
        throw new AssertionError("no JVM of worker " + w);
    }

    private static void assertWholeAndMatching(Faulted f) throws Exception {
        assertThat(f.result().summary().diagnostic()).isEmpty();
        assertThat(f.result().exitStatus()).isZero();
        List<String[]> it = runs.iterations(f.out());
        assertThat(it).hasSize(f.spec().iterations());
        for (int t = 0; t < it.size(); t++) {
            assertThat(Integer.parseInt(it.get(t)[0])).as("no gap, no repeat").isEqualTo(t);
        }
        assertThat(f.result().summary().objective())
                .isCloseTo(f.reference(), within(1e-9 * f.reference()));
    }

    @Test
    @Order(1)
    void aWorkerJvmKilledMidRunIsReplacedAndTheRunMatchesAFaultFreeOne() throws Exception {
        long[] killedAt = new long[1];
        Faulted f =
                run(
                        "kill-9",
                        cyclic(51, 1500),
                        0.1, // ~20 ms an iteration: 25 s left for the replacement
                        () -> {
                            ProcessHandle jvm = workerJvm(2);
                            killedAt[0] = jvm.pid();
                            assertThat(jvm.destroyForcibly()).isTrue(); // SIGKILL
                        });
        List<String[]> events = runs.events(f.out());
        events.forEach(e -> System.err.println("  kill-9: " + String.join(",", e)));
        assertWholeAndMatching(f);
        assertThat(events)
                .anySatisfy(e -> assertThat(e[2] + " " + e[4]).isEqualTo("2 failed"))
                .anySatisfy(e -> assertThat(e[2] + " " + e[4]).isEqualTo("2 replaced"));
    }

    /**
     * A worker that stays connected but answers nothing (its JVM stopped with SIGSTOP, as a frozen
     * host or a hypervisor pause would): an uncoded run cannot decode without it, and before
     * liveness deadlines it made no further iteration, for good. Now the worker is declared hung
     * after its deadline (the 10 s floor: its tasks take about 0.2 s), its container stopped, and a
     * replacement takes over; the run completes with the fault-free objective.
     */
    @Test
    @Order(5)
    void aWorkerJvmStoppedMidRunIsDeclaredHungAndReplacedAndAnUncodedRunMatches() throws Exception {
        ProcessHandle[] stopped = new ProcessHandle[1];
        TrainSpec uncoded =
                EmbeddedRuns.slowed(
                        EmbeddedRuns.spec(
                                Workload.LR, "uncoded", SchemeParams.of(4, 0, 52), "gd", 1000),
                        Double.NaN,
                        "slow:factor=10,workers=0/1/2/3");
        Faulted f;
        try {
            f =
                    run(
                            "sigstop",
                            uncoded,
                            0.1,
                            () -> {
                                stopped[0] = workerJvm(2);
                                signal("STOP", stopped[0].pid());
                            });
        } finally {
            if (stopped[0] != null && stopped[0].isAlive()) {
                signal("CONT", stopped[0].pid()); // the NodeManager stops it; never leave it
            }
        }
        List<String[]> events = runs.events(f.out());
        events.forEach(e -> System.err.println("  sigstop: " + String.join(",", e)));
        assertWholeAndMatching(f);
        assertThat(events)
                .anySatisfy(
                        e -> {
                            assertThat(e[2] + " " + e[4]).isEqualTo("2 hung");
                            assertThat(e[5].replace("\"", "")).startsWith("no answer for 10.0 s");
                        })
                .anySatisfy(e -> assertThat(e[2] + " " + e[4]).isEqualTo("2 replaced"));
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start();
        assertThat(kill.waitFor()).as("kill -" + name + " " + pid).isZero();
    }

    /**
     * A DataNode stops as soon as the AM runs, while the workers start and load: every partition
     * has a second replica on another DataNode, which the workers read instead.
     */
    @Test
    @Order(4)
    void aDataNodeStoppedWhileTheWorkersLoadIsReadAroundAndTheRunMatches() throws Exception {
        Object[] stopped = new Object[1];
        try {
            Faulted f =
                    run(
                            "dn-stop",
                            cyclic(55, 300),
                            0.0,
                            () -> stopped[0] = cluster.stopDataNode(1));
            assertWholeAndMatching(f);
        } finally {
            if (stopped[0] != null) { // the next test places data on every node again
                cluster.restartDataNode(stopped[0]);
            }
        }
    }

    /**
     * A NodeManager that runs workers (not the AM) stops mid-run, its containers with it: every
     * worker there fails, is replaced on another node, and the run matches a fault-free one.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aNodeManagerStoppedMidRunLosesItsWorkersWhichAreReplacedElsewhere() throws Exception {
        int[] stopped = {-1};
        Faulted f =
                run(
                        "nm-stop",
                        cyclic(54, 1500),
                        0.1,
                        () -> {
                            // container 1 is the AM; 2..5 the 4 workers (spares are asked
                            // for once every worker has its container, so they come after)
                            for (int i = 0; i < 3 && stopped[0] < 0; i++) {
                                List<Integer> seq =
                                        cluster.containersOn(i).stream()
                                                .map(
                                                        c ->
                                                                Integer.parseInt(
                                                                        c.substring(
                                                                                c.lastIndexOf('_')
                                                                                        + 1)))
                                                .toList();
                                if (!seq.contains(1)
                                        && seq.stream().anyMatch(q -> q >= 2 && q <= 5)) {
                                    stopped[0] = i;
                                }
                            }
                            assertThat(stopped[0])
                                    .as("a node with workers and no AM")
                                    .isNotNegative();
                            cluster.stopNodeManager(stopped[0]);
                        });
        String node = cluster.nodeManagers().get(stopped[0]);
        List<String[]> events = runs.events(f.out());
        events.forEach(e -> System.err.println("  nm-stop: " + String.join(",", e)));
        assertWholeAndMatching(f);
        List<String[]> failed =
                events.stream().filter(e -> e[4].equals("failed") && e[3].equals(node)).toList();
        assertThat(failed).isNotEmpty();
        for (String[] e : failed) {
            assertThat(events)
                    .anySatisfy(
                            r -> {
                                assertThat(r[2] + " " + r[4]).isEqualTo(e[2] + " replaced");
                                assertThat(r[3]).isNotEqualTo(node);
                            });
        }
    }

    /** Flips a byte of the replica of {@code part} on each DataNode in {@code dataNodes}. */
    private static int corrupt(Path placed, int partition, int replicas) throws Exception {
        Path part = new Path(placed, String.format("part-%05d.cyd", partition));
        int done = 0;
        for (int dn = 0; dn < 3 && done < replicas; dn++) {
            if (cluster.corruptReplica(part, dn)) {
                done++;
            }
        }
        return done;
    }

    /**
     * One replica of every partition has a flipped byte on disk: whichever replica a worker reads,
     * HDFS's block checksums reject the bad one and the client reads the other.
     */
    @Test
    @Order(2)
    void aCorruptReplicaOfEveryPartitionIsSkippedAndTheRunMatches() throws Exception {
        int[] corrupted = new int[1];
        Faulted f =
                run(
                        "corrupt-one",
                        cyclic(52, 300),
                        -1,
                        Fault.toData(
                                placed -> {
                                    for (int j = 0; j < 4; j++) {
                                        corrupted[0] += corrupt(placed, j, 1);
                                    }
                                }));
        assertThat(corrupted[0]).isEqualTo(4);
        assertWholeAndMatching(f);
    }

    /**
     * Both replicas of partition 0 are corrupt: no worker can load it, replacements fail the same
     * way, and the run fails cleanly: a diagnostic naming the file, no output directory.
     */
    @Test
    @Order(3)
    void aPartitionWithEveryReplicaCorruptFailsTheRunNamingTheFile() throws Exception {
        TrainSpec spec = cyclic(53, 300);
        Path[] data =
                runs.placed(
                        "corrupt-all",
                        spec.plan(),
                        GeneratorParams.of("higgs-like", 4000, 10, 9),
                        List.of());
        assertThat(corrupt(data[1], 0, 2)).isEqualTo(2);
        Path out = runs.fs().makeQualified(new Path("/runs/corrupt-all"));
        org.apache.hadoop.conf.Configuration c = runs.conf();
        c.set("coded-yarn.worker.max-failures", "2");
        YarnTrainer.Result r =
                YarnTrainer.run(c, spec, new JobInfo(data[1].toString(), out.toString()), false);
        System.err.println("corrupt-all: " + r.summary().diagnostic());
        assertThat(r.exitStatus()).isNotZero();
        assertThat(r.summary().status()).isEqualTo("FAILED");
        assertThat(r.summary().diagnostic()).contains("part-00000.cyd");
    }
}
