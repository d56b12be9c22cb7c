package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.output.ModelJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train --validation-fraction} and {@code --validation} through the CLI on the simulated
 * cluster: the split's rows, the scores' schedule in {@code validation.csv}, and bad input.
 */
class HeldOutTrainTest {
    @TempDir Path tmp;

    private static final String TRAIN =
            "train --cluster simulated --latency exp:eta=1 --scheme uncoded --workers 2"
                    + " --iterations 12";

    @Test
    void aHeldOutFractionIsNeverTrainedOnAndIsScoredOnEveryThirdIterate() throws Exception {
        CliRun r =
                cli(
                        TRAIN + " --out " + tmp.resolve("a"),
                        "--validation-fraction",
                        "0.25",
                        "--validation-every",
                        "3");
        assertThat(r.rc()).as(r.err()).isZero();
        String note =
                r.err()
                        .lines()
                        .filter(l -> l.startsWith("train: holding out 0.25 of the rows (seed 1)"))
                        .findFirst()
                        .orElseThrow();
        // "...: T to train on, H held out", of the built-in 10,000 rows
        String[] words = note.split(" ");
        long trained = Long.parseLong(words[words.length - 7]);
        long held = Long.parseLong(words[words.length - 3]);
        assertThat(trained + held).isEqualTo(10_000);
        assertThat(held).isBetween(2_300L, 2_700L);
        ModelJson.Model m =
                ModelJson.read(
                        Files.readAllBytes(tmp.resolve("a").resolve(ModelJson.FILE)), "model.json");
        assertThat(m.dataset().rows()).isEqualTo(trained);
        assertThat(m.dataset().transformations()).contains("holdout");

        // scored where iterations.csv has an iterate (not a line-search trial) divisible by 3
        List<String> expected = new ArrayList<>();
        for (String line : Files.readAllLines(tmp.resolve("a").resolve("iterations.csv"))) {
            String[] f = line.split(",");
            if (!f[0].equals("iteration")
                    && f[f.length - 1].equals("0")
                    && Long.parseLong(f[f.length - 2]) % 3 == 0) {
                expected.add(f[0]);
            }
        }
        List<String> scores = Files.readAllLines(tmp.resolve("a").resolve("validation.csv"));
        assertThat(scores.get(0)).isEqualTo("iteration,seconds,log_loss,accuracy");
        assertThat(scores.stream().skip(1).map(l -> l.split(",")[0])).isEqualTo(expected);
        assertThat(expected).hasSizeGreaterThanOrEqualTo(3);
        String[] first = scores.get(1).split(",");
        assertThat(Double.parseDouble(first[2]))
                .isCloseTo(
                        Math.log(2), org.assertj.core.api.Assertions.within(1e-13)); // zero model
    }

    @Test
    void aRunWithoutHeldOutRowsWritesNoValidationFile() {
        CliRun r = cli(TRAIN + " --out " + tmp.resolve("b"));
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(tmp.resolve("b").resolve("iterations.csv")).exists();
        assertThat(tmp.resolve("b").resolve("validation.csv")).doesNotExist();
    }

    @Test
    void badHeldOutFlagsAreRefusedNamingTheFlagAndNothingIsWritten() throws Exception {
        CliRun both =
                cli(
                        TRAIN + " --out " + tmp.resolve("c"),
                        "--validation",
                        tmp.toString(),
                        "--validation-fraction",
                        "0.2");
        assertThat(both.rc()).isEqualTo(2);
        assertThat(both.err())
                .contains(
                        "--validation: give --validation DIR or --validation-fraction F, not both");
        CliRun alone = cli(TRAIN + " --out " + tmp.resolve("c"), "--early-stop", "3");
        assertThat(alone.rc()).isEqualTo(2);
        assertThat(alone.err())
                .contains("--early-stop: needs --validation DIR or --validation-fraction F");
        CliRun range = cli(TRAIN + " --out " + tmp.resolve("c"), "--validation-fraction", "1.5");
        assertThat(range.rc()).isEqualTo(2);
        assertThat(range.err()).contains("--validation-fraction: must be in (0, 1), got 1.5");

        // a held-out dataset with other columns than the training data
        String other = tmp.resolve("narrow").toString();
        CliRun gen = cli("data generate --kind higgs-like --rows 50 --cols 3 --out " + other);
        assertThat(gen.rc()).as(gen.err()).isZero();
        CliRun cols = cli(TRAIN + " --out " + tmp.resolve("c"), "--validation", other);
        assertThat(cols.rc()).isEqualTo(2);
        assertThat(cols.err()).contains("has 3 columns, the training data 28");
        assertThat(tmp.resolve("c")).doesNotExist();
    }

    private static CliRun cli(String line, String... extra) {
        List<String> a = new ArrayList<>(List.of(line.split(" ")));
        a.addAll(List.of(extra));
        return CliRun.of(a.toArray(String[]::new));
    }
}
