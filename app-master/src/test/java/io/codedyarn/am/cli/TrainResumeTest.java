package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code train --resume DIR} through the CLI: a simulated run stopped by its iteration cap after k
 * rounds, resumed with the full cap, leaves in DIR the outputs of the run that was never stopped —
 * {@code iterations.csv} and {@code model.csv} compared byte for byte with that run's (the golden
 * is the uninterrupted run, not a recorded constant). Bad resumes are refused naming the file and
 * the field.
 */
class TrainResumeTest {
    private static final String LATENCY = "shifted-exp:alpha=0.5,mu=2";

    @TempDir Path tmp;

    static Stream<Arguments> runs() {
        return Stream.of(
                Arguments.of(
                        "uncoded-lbfgs-lr",
                        List.of("--scheme", "uncoded", "--workers", "4", "--optimizer", "lbfgs"),
                        30,
                        12,
                        true),
                Arguments.of(
                        "uncoded-nesterov-lsq",
                        List.of(
                                "--scheme",
                                "uncoded",
                                "--workers",
                                "4",
                                "--workload",
                                "lsq",
                                "--optimizer",
                                "nesterov"),
                        30,
                        17,
                        true),
                Arguments.of(
                        "sag-wait-all-lr",
                        List.of(
                                "--scheme",
                                "sag",
                                "--workers",
                                "4",
                                "--subpartitions",
                                "2",
                                "--wait",
                                "4"),
                        30,
                        11,
                        true),
                // g-lag: each group's second copy is still computing when its round closes; those
                // tasks are lost at the checkpoint, so the resumed run's times (and discarded
                // counts) differ from there on, its objectives and model do not
                Arguments.of(
                        "g-lag-lr",
                        List.of(
                                "--scheme",
                                "g-lag",
                                "--workers",
                                "6",
                                "--groups",
                                "3",
                                "--load",
                                "2"),
                        30,
                        14,
                        false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runs")
    void aStoppedRunResumedEqualsTheUninterruptedRun(
            String name, List<String> flags, int total, int stopAt, boolean wholeLog)
            throws Exception {
        Path full = tmp.resolve(name + "-full");
        Path part = tmp.resolve(name);
        CliRun f = train(full, flags, total);
        assertThat(f.rc()).as(f.err()).isZero();
        CliRun p = train(part, flags, stopAt);
        assertThat(p.rc()).as(p.err()).isZero();
        assertThat(part.resolve("checkpoint.ckpt")).exists();
        assertThat(lines(part, "iterations.csv")).hasSize(1 + stopAt);

        CliRun r = CliRun.of("train", "--resume", part.toString(), "--iterations", "" + total);
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err()).contains("resuming", "after iteration " + stopAt);

        List<String> expected = lines(full, "iterations.csv");
        List<String> actual = lines(part, "iterations.csv");
        if (wholeLog) {
            assertThat(actual).containsExactlyElementsOf(expected);
        } else {
            assertThat(columns(actual, 0, 2, 8, 9))
                    .containsExactlyElementsOf(columns(expected, 0, 2, 8, 9));
        }
        assertThat(lines(part, "model.csv")).containsExactlyElementsOf(lines(full, "model.csv"));
        assertThat(objective(part)).isEqualTo(objective(full));
        assertThat(tmp.resolve("." + name + ".checkpoints")).doesNotExist();
    }

    /**
     * A run longer than the rows a checkpoint keeps (128): its checkpoint counts the rows, the
     * resumed run copies them from DIR's iterations.csv, and the result is the uninterrupted run's
     * file byte for byte.
     */
    @Test
    void aLongRunResumesWithTheRowsItStreamed() throws Exception {
        List<String> flags = List.of("--scheme", "uncoded", "--workers", "4", "--optimizer", "gd");
        Path full = tmp.resolve("long-full");
        Path part = tmp.resolve("long");
        assertThat(train(full, flags, 300).rc()).isZero();
        assertThat(train(part, flags, 200).rc()).isZero();
        CliRun r = CliRun.of("train", "--resume", part.toString(), "--iterations", "300");
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(Files.readAllBytes(part.resolve("iterations.csv")))
                .isEqualTo(Files.readAllBytes(full.resolve("iterations.csv")));
        assertThat(lines(part, "model.csv")).containsExactlyElementsOf(lines(full, "model.csv"));
    }

    /**
     * A run whose process died has no outputs: its latest checkpoint is beside DIR and names the
     * temporary directory its rows were streamed to; the resumed run continues from there, writes
     * DIR whole, and removes both. (The CLI takes the job from DIR/job.json: here the only file
     * left in DIR, as a user who kept it would give it.)
     */
    @Test
    void aRunWhoseProcessDiedResumesFromTheRowsItStreamed() throws Exception {
        List<String> flags = List.of("--scheme", "uncoded", "--workers", "4", "--optimizer", "gd");
        Path full = tmp.resolve("died-full");
        Path part = tmp.resolve("died");
        assertThat(train(full, flags, 300).rc()).isZero();
        assertThat(train(part, flags, 200).rc()).isZero();
        // as the run left things when it died after its checkpoint at 200: its checkpoint in the
        // store beside DIR, its rows in the temporary directory the checkpoint names, no DIR
        byte[] ckpt = Files.readAllBytes(part.resolve("checkpoint.ckpt"));
        String location =
                io.codedyarn.coordinator.checkpoint.CheckpointFile.decode("c", ckpt)
                        .state()
                        .path("run")
                        .path("trace")
                        .asText();
        Path streamed = Path.of(java.net.URI.create(location));
        assertThat(streamed.getFileName().toString()).startsWith(".died._tmp-");
        Files.move(part, streamed);
        Files.delete(streamed.resolve("checkpoint.ckpt"));
        Files.createDirectories(part);
        Files.copy(streamed.resolve("job.json"), part.resolve("job.json"));
        Path store = Files.createDirectories(tmp.resolve(".died.checkpoints"));
        Files.write(store.resolve("checkpoint-0000000200.ckpt"), ckpt);

        CliRun r = CliRun.of("train", "--resume", part.toString(), "--iterations", "300");
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(Files.readAllBytes(part.resolve("iterations.csv")))
                .isEqualTo(Files.readAllBytes(full.resolve("iterations.csv")));
        assertThat(streamed).doesNotExist();
        assertThat(store).doesNotExist();
    }

    @Test
    void aDirectoryWithoutCheckpointIsRefusedNamingTheFile() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Files.writeString(empty.resolve("job.json"), Files.readString(jobOf(tmp.resolve("src"))));
        CliRun r = CliRun.of("train", "--resume", empty.toString());
        assertThat(r.rc()).isNotZero();
        assertThat(r.err()).contains("empty/checkpoint.ckpt", "file", "no checkpoint there");
    }

    @Test
    void aCorruptedCheckpointIsRefusedNamingTheFileAndTheChecksum() throws Exception {
        Path dir = tmp.resolve("src");
        jobOf(dir);
        Path ckpt = dir.resolve("checkpoint.ckpt");
        byte[] b = Files.readAllBytes(ckpt);
        b[b.length / 2] ^= 0x04;
        Files.write(ckpt, b);
        CliRun r = CliRun.of("train", "--resume", dir.toString(), "--iterations", "9");
        assertThat(r.rc()).isNotZero();
        assertThat(r.err()).contains("src/checkpoint.ckpt", "crc32c", "checksum mismatch");
    }

    @Test
    void anotherJobsFlagsAreRefused() throws Exception {
        Path dir = tmp.resolve("src");
        jobOf(dir);
        CliRun r = CliRun.of("train", "--resume", dir.toString(), "--workers", "6");
        assertThat(r.rc()).isNotZero();
        assertThat(r.err()).contains("--workers", "cannot be changed when resuming");
    }

    /** A small finished run in {@code dir}; its job.json. */
    private Path jobOf(Path dir) {
        CliRun r = train(dir, List.of("--scheme", "uncoded", "--workers", "2"), 3);
        assertThat(r.rc()).as(r.err()).isZero();
        return dir.resolve("job.json");
    }

    private static CliRun train(Path out, List<String> flags, int iterations) {
        List<String> a =
                new ArrayList<>(
                        List.of(
                                "train",
                                "--cluster",
                                "simulated",
                                "--latency",
                                LATENCY,
                                "--seed",
                                "5",
                                "--iterations",
                                "" + iterations,
                                "--out",
                                out.toString()));
        a.addAll(flags);
        return CliRun.of(a.toArray(String[]::new));
    }

    private static List<String> lines(Path dir, String file) throws Exception {
        return Files.readAllLines(dir.resolve(file), StandardCharsets.UTF_8);
    }

    private static String objective(Path dir) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("summary.json").toFile())
                .get("objective")
                .asText();
    }

    /** Columns {@code keep} of each line (iteration, objective, iterate, trial). */
    private static List<String> columns(List<String> csv, int... keep) {
        List<String> out = new ArrayList<>();
        for (String l : csv) {
            String[] f = l.split(",", -1);
            StringBuilder b = new StringBuilder();
            for (int k : keep) {
                b.append(f[k]).append(',');
            }
            out.add(b.toString());
        }
        return out;
    }
}
