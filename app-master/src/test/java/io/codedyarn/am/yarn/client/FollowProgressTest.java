package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.yarn.ProgressFile.Snapshot;
import io.codedyarn.am.yarn.client.ProgressLine.Budget;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress line on a terminal (redrawn in place) and elsewhere (plain, rate-limited lines). */
class FollowProgressTest {
    private static final long SECOND = 1_000_000_000L;

    private final StringWriter sink = new StringWriter();
    private long now;

    private FollowProgress progress(boolean terminal) {
        return new FollowProgress(
                new PrintWriter(sink),
                terminal,
                () -> now,
                5 * SECOND,
                "F",
                new Budget(100, Double.NaN, Double.NaN));
    }

    private static Snapshot round(long i, double seconds) {
        return new Snapshot(i, seconds, 1.0 / (i + 1), Double.NaN, 4, 4);
    }

    @Test
    void onATerminalEachNewRoundRedrawsOneLineInPlace() {
        FollowProgress p = progress(true);
        p.update(null); // nothing published yet
        assertThat(sink.toString()).isEmpty();
        p.update(round(9, 2.0));
        now += SECOND / 2;
        p.update(round(9, 2.0)); // the same round again: no redraw
        now += SECOND / 2;
        p.update(round(19, 4.0));
        String out = sink.toString();
        assertThat(out).doesNotContain("\n");
        assertThat(out.split("\r", -1)).hasSize(3); // "", round 10, round 20
        assertThat(out)
                .contains("\rtraining: iteration 10/100, F 0.100000, 5.00 it/s, ETA 18.0s")
                .endsWith("\rtraining: iteration 20/100, F 0.0500000, 5.00 it/s, ETA 16.0s");
        // a shorter line is padded over the longer one before it
        p.update(new Snapshot(20, 4.1, 1, Double.NaN, 4, 4));
        String last = sink.toString().substring(sink.toString().lastIndexOf('\r') + 1);
        assertThat(last).startsWith("training: iteration 21/100, F 1.00000,");
        assertThat(last.length())
                .isEqualTo(
                        "training: iteration 20/100, F 0.0500000, 5.00 it/s, ETA 16.0s".length());
        p.endLine(); // before a state change's log line
        assertThat(sink.toString()).endsWith("\n");
        p.endLine(); // nothing drawn since: no empty line
        assertThat(sink.toString()).doesNotEndWith("\n\n");
    }

    @Test
    void beforeTheFirstRoundItShowsTheContainersStartingThenTheRounds() {
        FollowProgress p = progress(true);
        p.update(new Snapshot(-1, 0, Double.NaN, Double.NaN, 0, 4));
        p.update(new Snapshot(-1, 0, Double.NaN, Double.NaN, 0, 4)); // unchanged: no redraw
        p.update(new Snapshot(-1, 0, Double.NaN, Double.NaN, 3, 4));
        p.update(round(0, 0.5));
        String waiting = "training: waiting for the workers, 3 of 4 containers running";
        String first = "training: iteration 1/100, F 1.00000, 2.00 it/s, ETA 49.5s";
        assertThat(sink.toString().split("\r", -1))
                .containsExactly(
                        "",
                        "training: waiting for the workers, 0 of 4 containers running",
                        waiting,
                        first + " ".repeat(waiting.length() - first.length())); // padded over
        // the rate counts rounds only, and a late pre-round snapshot is not shown over them
        p.update(new Snapshot(-1, 0, Double.NaN, Double.NaN, 4, 4));
        assertThat(sink.toString()).doesNotContain("4 of 4");
    }

    @Test
    void withoutATerminalLinesAppendAtMostOncePerInterval() {
        FollowProgress p = progress(false);
        p.update(round(0, 0.5)); // the first prints at once
        for (int i = 1; i <= 9; i++) {
            now += SECOND;
            p.update(round(10L * i, 0.5 + i));
        }
        // 9 s of updates: printed at 0, 5 s
        String out = sink.toString();
        assertThat(out).doesNotContain("\r");
        assertThat(out.lines()).hasSize(2);
        assertThat(out.lines().toList().get(0)).startsWith("training: iteration 1/100,");
        assertThat(out.lines().toList().get(1)).startsWith("training: iteration 51/100,");
        // the end shows the final round once, even within the interval
        now += SECOND;
        p.finish(round(99, 11.0));
        assertThat(sink.toString().lines()).hasSize(3);
        assertThat(sink.toString().lines().toList().get(2))
                .startsWith("training: iteration 100/100,")
                .endsWith("ETA 0.0s");
        p.finish(null);
        assertThat(sink.toString().lines()).hasSize(3);
    }

    @Test
    void theRateComesFromTheLastTenCoordinatorSeconds() {
        FollowProgress p = progress(false);
        // 1 round/s for 20 s, then 10 rounds/s
        long i = 0;
        for (int s = 1; s <= 20; s++) {
            p.update(round(i++, s));
        }
        for (int s = 21; s <= 30; s++) {
            i += 10;
            p.update(round(i, s));
        }
        now += 10 * SECOND;
        p.update(round(i + 10, 31));
        String line = sink.toString().lines().reduce((a, b) -> b).orElseThrow();
        // window: the snapshots of seconds 21..31 (10 s, 100 rounds)... from second 21 on
        assertThat(line).contains(", 10.0 it/s,");
    }

    @Test
    void aRestartedAttemptGoingBackToItsCheckpointStartsANewRate() {
        FollowProgress p = progress(false);
        p.update(round(40, 10));
        now += 10 * SECOND;
        p.update(round(30, 12)); // resumed from the checkpoint after round 30
        String line = sink.toString().lines().reduce((a, b) -> b).orElseThrow();
        assertThat(line).startsWith("training: iteration 31/100,").contains(", 2.58 it/s,");
    }
}
