package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train --scheme auto --trace FILE} through the CLI on the simulated cluster: the start code
 * said on stderr, recorded in {@code job.json} and {@code events.csv}, and bad input refused.
 */
class AutoTraceTrainTest {
    @TempDir Path tmp;

    private static final String TRAIN =
            "train --cluster simulated --latency exp:eta=1 --workers 6 --iterations 8";

    /** A trace of 6 workers over 30 rounds, workers 0 and 3 four times as slow as the others. */
    private Path slowTrace() throws Exception {
        StringBuilder b = new StringBuilder("iteration,worker,latency,load\n");
        for (int t = 0; t < 30; t++) {
            for (int w = 0; w < 6; w++) {
                b.append(t).append(',').append(w).append(',');
                b.append(w == 0 || w == 3 ? 4.0 : 1.0 + 0.01 * w).append(",1\n");
            }
        }
        Path f = tmp.resolve("latency-trace.csv");
        Files.writeString(f, b);
        return f;
    }

    private static CliRun cli(String line) {
        return CliRun.of(line.split(" "));
    }

    @Test
    void autoWithoutStragglersPrePlacesItsCap() throws Exception {
        // 6 workers: the cap is max(1, round(6/4)) = 2
        Path chosen = tmp.resolve("chosen");
        CliRun auto = cli(TRAIN + " --scheme auto --out " + chosen);
        assertThat(auto.rc()).as(auto.err()).isZero();
        assertThat(Files.readString(chosen.resolve("job.json"))).contains("\"stragglers\" : 2");

        Path none = tmp.resolve("none");
        CliRun one = cli(TRAIN + " --scheme auto --stragglers 0 --out " + none);
        assertThat(one.rc()).as(one.err()).isZero();
        assertThat(Files.readString(none.resolve("job.json"))).contains("\"stragglers\" : 0");

        Path cyclic = tmp.resolve("cyclic");
        CliRun fixed = cli(TRAIN + " --scheme cyclic --out " + cyclic);
        assertThat(fixed.rc()).as(fixed.err()).isZero();
        assertThat(Files.readString(cyclic.resolve("job.json")))
                .as("other schemes keep --stragglers' default")
                .contains("\"stragglers\" : 0");
    }

    @Test
    void theRunStartsWithTheCodeTheTracePredictsAndSaysSo() throws Exception {
        Path out = tmp.resolve("run");
        CliRun r = cli(TRAIN + " --scheme auto --trace " + slowTrace() + " --out " + out);
        assertThat(r.rc()).as(r.err()).isZero();
        String said =
                r.err()
                        .lines()
                        .filter(l -> l.startsWith("train: auto starts with "))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(r.err()));
        String code = said.substring("train: auto starts with ".length(), said.indexOf(':', 24));
        assertThat(code).isNotEqualTo("uncoded");
        assertThat(Files.readString(out.resolve("job.json")))
                .contains("\"autoStart\"")
                .contains("\"code\" : \"" + code + "\"");
        List<String> starts =
                Files.readAllLines(out.resolve("events.csv")).stream()
                        .filter(l -> l.contains(",auto-start,"))
                        .toList();
        assertThat(starts).singleElement().asString().startsWith("0,").contains(code);
    }

    @Test
    void aTraceIsRefusedForAFixedSchemeAndAMissingFileIsNamed() throws Exception {
        CliRun fixed = cli(TRAIN + " --scheme cyclic --trace " + slowTrace());
        assertThat(fixed.rc()).isNotZero();
        assertThat(fixed.err()).contains("--trace").contains("only applies to --scheme auto");
        Path missing = tmp.resolve("nope.csv");
        CliRun gone =
                cli(TRAIN + " --scheme auto --trace " + missing + " --out " + tmp.resolve("x"));
        assertThat(gone.rc()).isNotZero();
        assertThat(gone.err()).contains("--trace").contains(missing + ": no such file");
        assertThat(tmp.resolve("x")).doesNotExist();
    }
}
