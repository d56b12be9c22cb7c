package io.codedyarn.hdfs.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private long now;
    private final Ticker ticker = () -> now;

    @Test
    void logLinesEveryIntervalWithRateAndEta() {
        StringWriter sink = new StringWriter();
        Progress p =
                Progress.to(
                        new PrintWriter(sink),
                        ticker,
                        false,
                        10_000_000_000L,
                        "import",
                        "rows",
                        1_000_000);
        now = 5_000_000_000L;
        p.advance(100_000); // 5 s: below the 10 s interval, nothing printed
        assertThat(sink.toString()).isEmpty();
        now = 10_000_000_000L;
        p.advance(100_000); // 200k rows in 10 s: 20k rows/s, 800k left → 40 s
        assertThat(sink.toString().strip())
                .isEqualTo("import:  20.0% 200.0k/1.0M rows, 20.0k rows/s, ETA 40.0s");
        now = 50_000_000_000L;
        p.advance(800_000);
        p.finish();
        String[] lines = sink.toString().strip().split("\n");
        assertThat(lines[lines.length - 1])
                .isEqualTo("import: 100.0% 1.0M/1.0M rows, 20.0k rows/s, done in 50.0s");
    }

    @Test
    void terminalBarRedrawsInPlaceAndEndsTheLine() {
        StringWriter sink = new StringWriter();
        Progress p =
                Progress.to(new PrintWriter(sink), ticker, true, 100_000_000L, "write", "B", 100);
        now = 200_000_000L;
        p.advance(50);
        assertThat(sink.toString())
                .startsWith("\rwrite: [###############               ]  50.0% 50/100 B");
        assertThat(sink.toString()).doesNotContain("\n");
        now = 400_000_000L;
        p.advance(50);
        p.finish();
        assertThat(sink.toString()).endsWith("done in 0.4s\n");
        assertThat(p.printedBar()).isTrue();
    }

    @Test
    void unknownTotalShowsCountAndRateOnly() {
        StringWriter sink = new StringWriter();
        Progress p = Progress.to(new PrintWriter(sink), ticker, false, 1, "scan", "lines", 0);
        now = 2_000_000_000L;
        p.advance(4_000);
        assertThat(sink.toString().strip()).isEqualTo("scan: 4000 lines, 2000 lines/s");
    }
}
