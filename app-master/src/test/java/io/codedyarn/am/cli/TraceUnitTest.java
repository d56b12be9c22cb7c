package io.codedyarn.am.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LoadUnit;
import io.codedyarn.placement.latency.TraceReplay;
import io.codedyarn.placement.scheme.Schemes;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15 §3: {@code latency-trace.csv}'s {@code load} column is written in the latency models'
 * unit (n/N-row shares, {@link LoadUnit}), so {@code simulate --latency trace:file=...} of the same
 * scheme charges each task exactly the recorded load and replays the recorded times (before, the
 * column held the fraction of the data, and a replay took K times too long).
 */
class TraceUnitTest {
    @TempDir Path dir;

    @Test
    void aSimulatedRunsTraceReplaysAtItsRecordedTimes() throws Exception {
        // hetero over N = 4 workers picks K = 5 partitions (K != N): loads 1..4 partitions.
        SchemeParams params = SchemeParams.of(4, 1, 1).withSpeeds(1, 2, 3, 4);
        Path out = dir.resolve("run");
        CliRun run =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--scheme",
                        "hetero",
                        "--workers",
                        "4",
                        "--stragglers",
                        "1",
                        "--speeds",
                        "1,2,3,4",
                        "--workload",
                        "lsq",
                        "--optimizer",
                        "gd",
                        "--iterations",
                        "6",
                        "--latency",
                        "shifted-exp:alpha=0.5,mu=2",
                        "--out",
                        out.toString());
        assertThat(run.rc()).as(run.err()).isZero();
        String trace = Files.readString(out.resolve("latency-trace.csv"));

        Plan plan = Schemes.byName("hetero").place(params, Seeds.generator(params.seed()));
        assertThat(plan.partitions()).isEqualTo(5);
        double[] load = LoadUnit.of(plan); // what simulate charges: 0.8, 1.6, 2.4, 3.2
        List<String[]> rows = trace.lines().skip(1).map(l -> l.split(",", -1)).toList();
        assertThat(rows).hasSize(6 * 4);
        for (String[] r : rows) {
            assertThat(Double.parseDouble(r[3]))
                    .as("recorded load of worker %s", r[1])
                    .isEqualTo(load[Integer.parseInt(r[1])]);
        }

        TraceReplay replay = TraceReplay.read(new StringReader(trace), "latency-trace.csv", 4);
        double[] times = new double[4];
        for (String[] r : rows) {
            int t = Integer.parseInt(r[0]);
            int w = Integer.parseInt(r[1]);
            replay.sample(t, load, times);
            assertThat(times[w])
                    .as("iteration %d, worker %d", t, w)
                    .isEqualTo(Double.parseDouble(r[2]));
        }
    }
}
