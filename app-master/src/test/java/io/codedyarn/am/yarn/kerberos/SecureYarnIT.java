package io.codedyarn.am.yarn.kerberos;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.embedded.SecureYarn;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.yarn.EmbeddedRuns;
import io.codedyarn.am.yarn.client.YarnTrainer;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.scheme.Schemes;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train --principal P --keytab K} end to end on a Kerberos-secured YARN and HDFS ({@link
 * SecureYarn}) whose HDFS delegation tokens live {@value #RENEW_MS} ms unless renewed and at most
 * {@value #MAX_MS} ms: the client is {@code bin/coded-yarn}'s main class in a JVM of its own (its
 * keytab login is the whole process's), the job is slowed to outlive its first tokens, and its
 * ApplicationMaster, logged in from the shipped keytab (the user's alone), obtains fresh ones.
 * Submitted without a keytab (a client logged in as {@code kinit} would leave it, here in this
 * JVM), the same job stops at its first checkpoint after the tokens' maximum lifetime.
 *
 * <p>Connections to the NameNode close after 500 ms idle, so each of the ApplicationMaster's writes
 * (checkpoints, the progress file, the outputs) authenticates anew with the tokens it holds then;
 * with the default 10 s an open connection would outlive the token it was opened with.
 */
class SecureYarnIT {
    private static final long RENEW_MS = 8_000;
    private static final long MAX_MS = 16_000;
    private static final String USER = "trainer";
    private static final int ITERATIONS = 100;
    // each round takes at least this long (a replayed latency trace), so training takes 30 s
    private static final double ROUND_SECONDS = 0.3;

    private static SecureYarn cluster;
    private static FileSystem admin;
    private static File keytab;
    private static Path trace;
    private static File dir;

    @BeforeAll
    static void start(@TempDir File tmp) throws Exception {
        dir = tmp;
        cluster = SecureYarn.start(dir, SecureHdfs.shortLivedTokens(RENEW_MS, MAX_MS));
        keytab = new File(dir, USER + ".keytab");
        cluster.hdfs().kdc().createPrincipal(keytab, USER);
        admin = cluster.hdfs().dfs().getFileSystem();
        for (String d : List.of("/user/" + USER, "/runs")) {
            admin.mkdirs(new Path(d));
            admin.setOwner(new Path(d), USER, USER);
        }
        trace = admin.makeQualified(new Path("/data/slow-rounds.csv"));
        try (var o = admin.create(trace)) {
            o.write(
                    ("iteration,worker,latency\n0,0,"
                                    + ROUND_SECONDS
                                    + "\n0,1,"
                                    + ROUND_SECONDS
                                    + "\n")
                            .getBytes(StandardCharsets.UTF_8));
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aJobWithAKeytabKeepsWritingPastItsFirstTokensMaximumLifetime() throws Exception {
        String out = "/runs/keytab";
        long submitted = System.currentTimeMillis(); // the first tokens are issued after this
        Client run =
                train(
                        "keytab",
                        "--out",
                        out,
                        "--principal",
                        cluster.hdfs().principal(USER),
                        "--keytab",
                        keytab.getAbsolutePath());
        String am = amLog(run.log);
        assertThat(run.rc).as("%s%nthe ApplicationMaster's log:%n%s", run.log, am).isZero();
        assertThat(run.log).contains("\"status\" : \"SUCCEEDED\"");
        Path model = new Path(out, RunOutputs.MODEL);
        assertThat(admin.exists(model)).as(run.log).isTrue();
        assertThat(admin.getFileStatus(model).getModificationTime() - submitted)
                .as("the outputs were written after the first tokens' maximum lifetime")
                .isGreaterThan(MAX_MS);
        assertThat(admin.getFileStatus(model).getOwner()).isEqualTo(USER);
        assertThat(am)
                .contains("logged in as " + cluster.hdfs().principal(USER) + " from the keytab");
        assertThat(am.split("obtained \\d+ fresh HDFS delegation token", -1).length - 1)
                .as(am)
                .isGreaterThanOrEqualTo(2);
    }

    @Test
    void withoutAKeytabTheJobStopsAtTheFirstCheckpointItsExpiredTokensCannotWrite()
            throws Exception {
        SchemeParams params = SchemeParams.of(2, 0, 1);
        Plan plan = Schemes.byName("uncoded").place(params, Seeds.generator(params.seed()));
        Path data =
                EmbeddedRuns.placed(
                        admin,
                        "no-keytab",
                        plan,
                        GeneratorParams.of("higgs-like", 3000, 10, 5),
                        List.of())[1];
        TrainSpec spec =
                EmbeddedRuns.slowed(
                        EmbeddedRuns.spec(Workload.LR, "uncoded", params, "gd", ITERATIONS),
                        Double.NaN,
                        "trace:file=" + trace);
        Configuration conf = cluster.conf();
        jobKeys().forEach(conf::set);
        // what a client logged in with kinit does: Kerberos for the submission, no keytab to ship
        UserGroupInformation client =
                UserGroupInformation.loginUserFromKeytabAndReturnUGI(
                        cluster.hdfs().principal(USER), keytab.getAbsolutePath());
        long submitted = System.currentTimeMillis();
        YarnTrainer.Result r =
                client.doAs(
                        (PrivilegedExceptionAction<YarnTrainer.Result>)
                                () ->
                                        YarnTrainer.run(
                                                conf,
                                                spec,
                                                new JobInfo(
                                                        data.toString(),
                                                        admin.makeQualified(
                                                                        new Path("/runs/no-keytab"))
                                                                .toString()),
                                                false));
        long ended = System.currentTimeMillis();
        assertThat(r.exitStatus()).isEqualTo(1);
        assertThat(r.summary().status()).isEqualTo("FAILED");
        assertThat(r.summary().diagnostic())
                .contains("checkpoint")
                .contains("could not be written")
                .containsAnyOf("is expired", "has expired");
        // it stopped soon after the tokens' end, long before its rounds were done
        assertThat(ended - submitted).isGreaterThan(MAX_MS).isLessThan(MAX_MS + 30_000);
    }

    /**
     * The coded-yarn keys of both runs: small containers that find the KDC, checkpoints every 2 s.
     */
    private static Map<String, String> jobKeys() {
        String containerOpts = "-Xmx160m " + cluster.javaOptions();
        return Map.of(
                "coded-yarn.am.memory-mb", "256",
                "coded-yarn.am.java-opts", containerOpts,
                "coded-yarn.worker.memory-mb", "256",
                "coded-yarn.worker.java-opts", containerOpts,
                "coded-yarn.checkpoint.interval", "2s");
    }

    /** A client run's exit status and its stdout and stderr together. */
    private record Client(int rc, String log) {}

    /**
     * {@code coded-yarn train} in a JVM of its own on the cluster's site files: LR, uncoded, 2
     * workers, slowed; {@code args} add the flags.
     */
    private static Client train(String name, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + "/bin/java");
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-")) {
                cmd.add(a);
            }
        }
        cmd.addAll(
                List.of(
                        "-Xmx512m",
                        "-XX:TieredStopAtLevel=1",
                        cluster.javaOptions(),
                        "-cp",
                        cluster.confDir()
                                + File.pathSeparator
                                + System.getProperty("java.class.path"),
                        "io.codedyarn.am.cli.CodedYarn"));
        jobKeys()
                .forEach(
                        (k, v) -> {
                            cmd.add("-D");
                            cmd.add(k + "=" + v);
                        });
        cmd.addAll(
                List.of(
                        "train",
                        "--cluster",
                        "yarn",
                        "--scheme",
                        "uncoded",
                        "--workers",
                        "2",
                        "--stragglers",
                        "0",
                        "--iterations",
                        Integer.toString(ITERATIONS),
                        "--straggle",
                        "trace:file=" + trace,
                        "--json"));
        cmd.addAll(List.of(args));
        File log = new File(dir, name + ".log");
        Process p =
                new ProcessBuilder(cmd)
                        .redirectErrorStream(true)
                        .redirectOutput(log)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly().waitFor();
            return new Client(-1, "timed out: " + Files.readString(log.toPath()));
        }
        return new Client(p.exitValue(), Files.readString(log.toPath(), StandardCharsets.UTF_8));
    }

    /** The ApplicationMaster's log of the application the client's log names. */
    private static String amLog(String clientLog) throws Exception {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("application_\\d+_\\d+").matcher(clientLog);
        assertThat(m.find()).as(clientLog).isTrue();
        StringBuilder b = new StringBuilder();
        for (java.nio.file.Path f : cluster.containerLogs(m.group())) {
            if (f.getFileName().toString().startsWith("AppMaster")) {
                b.append(Files.readString(f));
            }
        }
        return b.toString();
    }
}
