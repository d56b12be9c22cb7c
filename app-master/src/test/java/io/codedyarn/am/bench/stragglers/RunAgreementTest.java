package io.codedyarn.am.bench.stragglers;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.cli.CliRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace-replay agreement column judges only runs of one plan: a simulated cyclic run gets a
 * figure; the same outputs with a backup (or a code switch) in events.csv get none, since the
 * replay knows neither.
 */
class RunAgreementTest {
    @TempDir Path tmp;

    @Test
    void aRunWithABackupOrACodeSwitchIsNotReplayed() throws Exception {
        Path out = tmp.resolve("run");
        CliRun r =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--latency",
                        "exp:eta=1",
                        "--scheme",
                        "cyclic",
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--iterations",
                        "30",
                        "--out",
                        out.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        RunAgreement replay = RunAgreement.traceReplay();
        assertThat(replay.of(out)).as("one plan, no backup").isNotNull().isPositive();

        Path events = out.resolve("events.csv");
        String header = Files.exists(events) ? "" : "iteration,seconds,worker,node,event,reason\n";
        Files.writeString(
                events,
                header + "5,1.25,2,h2,backup,\"worker 2's result 8.1x the round median\"\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        assertThat(replay.of(out)).as("a backup").isNull();

        Path other = tmp.resolve("switched");
        Files.createDirectories(other);
        try (var files = Files.list(out)) {
            for (Path f : files.toList()) {
                if (Files.isRegularFile(f) && !f.getFileName().toString().equals("events.csv")) {
                    Files.copy(f, other.resolve(f.getFileName()));
                }
            }
        }
        assertThat(replay.of(other)).as("the copy, without events").isNotNull();
        Files.writeString(
                other.resolve("events.csv"),
                "iteration,seconds,worker,node,event,reason\n9,2.0,-1,,auto-switched,to cyclic\n");
        assertThat(replay.of(other)).as("a code switch").isNull();
    }
}
