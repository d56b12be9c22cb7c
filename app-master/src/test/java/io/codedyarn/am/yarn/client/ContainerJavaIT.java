package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.embedded.EmbeddedCluster;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * NodeManagers whose JAVA_HOME is a stand-in JDK 11 (its {@code java} reports 11.0.22 and runs
 * nothing): a training run fails at once with the launch check's one line as the application's
 * diagnostic, and {@code coded-yarn.container.java-home} (or its per-role keys) set to a real JDK
 * fixes it.
 */
class ContainerJavaIT {
    private static final String JAVA_11 = "runs Java 11.0.22";

    private static EmbeddedCluster cluster;
    private static FileSystem fs;
    private static EmbeddedRuns runs;
    private static Path jdk11;
    private static org.apache.hadoop.fs.Path data;

    @BeforeAll
    static void start() throws Exception {
        Path dir = Files.createDirectories(Path.of("target/embedded/jdk11/bin").toAbsolutePath());
        Path java = dir.resolve("java");
        Files.writeString(
                java,
                "#!/bin/sh\n"
                        + "echo 'openjdk version \"11.0.22\" 2024-01-16' >&2\n"
                        + "echo 'OpenJDK Runtime Environment (build 11.0.22+7)' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        jdk11 = dir.getParent();
        cluster =
                EmbeddedRuns.startCluster(
                        ContainerJavaIT.class,
                        1024,
                        Map.of("coded-yarn.embedded.nodemanager.java-home", jdk11.toString()));
        fs = cluster.fileSystem();
        runs = new EmbeddedRuns(cluster);
        SchemeParams params = SchemeParams.of(3, 0, 11);
        Plan plan = Schemes.byName("uncoded").place(params, Seeds.generator(params.seed()));
        data = runs.placed("java", plan, GeneratorParams.of("higgs-like", 600, 5, 5), List.of())[1];
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static YarnTrainer.Result train(Configuration conf, String out) throws Exception {
        return YarnTrainer.run(
                conf,
                io.codedyarn.am.Specs.uncodedGd(SchemeParams.of(3, 0, 11), 3),
                new JobInfo(
                        data.toString(),
                        fs.makeQualified(new org.apache.hadoop.fs.Path(out)).toString()),
                false);
    }

    @Test
    void theNodeManagersJavaElevenFailsTheApplicationAtOnceAndTheKeyFixesIt() throws Exception {
        long t0 = System.nanoTime();
        YarnTrainer.Result old = train(runs.conf(), "/runs/java11");
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.err.printf("Java 11 AM: FAILED after %.1f s%n", seconds);
        assertThat(old.summary().status()).isEqualTo("FAILED");
        assertThat(old.exitStatus()).isNotZero();
        assertThat(old.summary().diagnostic())
                .contains(
                        "coded-yarn: the ApplicationMaster's container "
                                + JAVA_11
                                + " ("
                                + jdk11
                                + "/bin/java); coded-yarn needs Java 17 or newer: set"
                                + " coded-yarn.container.java-home (or coded-yarn.am.java-home)")
                .contains("exitCode: 65");
        // two attempts of a container that stops before any JVM starts
        assertThat(seconds).isLessThan(60);

        Configuration fixed = runs.conf();
        fixed.set("coded-yarn.container.java-home", System.getProperty("java.home"));
        YarnTrainer.Result r = train(fixed, "/runs/java17");
        assertThat(r.summary().diagnostic()).isEmpty();
        assertThat(r.summary().status()).isEqualTo("SUCCEEDED");
        assertThat(r.summary().iterations()).isEqualTo(3);
    }

    @Test
    void aWorkerOnJavaElevenIsNamedWithItsNodeInTheDiagnostic() throws Exception {
        Configuration conf = runs.conf();
        conf.set("coded-yarn.am.java-home", System.getProperty("java.home"));
        conf.set("coded-yarn.worker.spares", "0");
        long t0 = System.nanoTime();
        YarnTrainer.Result r = train(conf, "/runs/worker11");
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.err.printf(
                "Java 11 workers: FAILED after %.1f s: %s%n", seconds, r.summary().diagnostic());
        assertThat(r.summary().status()).isEqualTo("FAILED");
        assertThat(r.summary().diagnostic())
                .containsPattern(
                        "worker [0-2] on [^ ]+:[0-9]+: failed at start: container [^ ]+ exited with"
                                + " status 65 \\(its Java is older than 17\\): coded-yarn: this"
                                + " worker's container "
                                + JAVA_11)
                .contains("(or coded-yarn.worker.java-home)");
        assertThat(seconds).isLessThan(180);
    }
}
