package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench memory}: a short run prints its samples, the outputs' sizes and the heap's range.
 */
class MemoryBenchCommandTest {
    @TempDir Path tmp;

    @Test
    void aShortRunPrintsItsSamplesAndLeavesTheOutputs() throws Exception {
        Path out = tmp.resolve("out");
        CliRun r =
                CliRun.of(
                        "bench",
                        "memory",
                        "--iterations",
                        "3000",
                        "--every",
                        "0.05",
                        "--out",
                        out.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("bench memory: uncoded, 4 workers, gd, 3000 rounds, 64 x 4 rows")
                .contains("used heap after GC")
                .containsPattern(
                        "SUCCEEDED after 3000 rounds in [0-9.]+ s: checkpoint.ckpt [0-9]+ bytes");
        assertThat(Files.readAllLines(out.resolve("iterations.csv"))).hasSize(1 + 3000);
    }
}
