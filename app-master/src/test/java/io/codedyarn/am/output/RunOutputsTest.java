package io.codedyarn.am.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.latency.TraceReplay;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RunOutputs} on the local file system: contents, replayable trace, atomicity. */
class RunOutputsTest {
    @TempDir java.nio.file.Path dir;

    private static RunResult result() {
        return new RunResult(
                true,
                "",
                new double[] {0.5, -1.25, 2.0},
                0.3125,
                2,
                1.5,
                List.of(
                        new IterationRecord(0, 0.5, 0.6, Double.NaN, 3, 0, 0, "0 1 2", 0, false),
                        new IterationRecord(1, 1.0, 0.3125, Double.NaN, 2, 1, 0, "0,2", 0, true)),
                List.of(
                        new LatencyRecord(0, 0, 0.0, 0.25, 0.2, 1.0, "used"),
                        new LatencyRecord(0, 1, 0.0, 0.5, 0.4, 1.0, "used"),
                        new LatencyRecord(1, 0, 0.5, 0.75, 0.2, 1.0, "used"),
                        new LatencyRecord(1, 1, 0.5, Double.NaN, Double.NaN, 1.0, "lost")),
                List.of(
                        new AdaptEvent(1, 0.75, -1, "host-a:1", "excluded", "slow, \"very\""),
                        new AdaptEvent(1, 0.75, 1, "host-a:1", "replacing", "persistently slow")),
                null);
    }

    private static RunSummary summary() {
        return new RunSummary(
                "application_1_0001",
                "uncoded",
                "lr",
                2,
                2,
                1.5,
                0.3125,
                7,
                "SUCCEEDED",
                "",
                List.of("localhost:1", "localhost:2"),
                java.util.Map.of(1, "localhost:2"));
    }

    private FileSystem local() throws IOException {
        return FileSystem.getLocal(new Configuration());
    }

    @Test
    void writesEveryFileAndTheTraceReplays() throws Exception {
        FileSystem fs = local();
        Path out = new Path(dir.resolve("run").toUri());
        RunOutputs.write(fs, out, summary(), result(), 1, true);

        assertThat(Files.readString(dir.resolve("run/model.csv")))
                .isEqualTo("feature,value\n0,0.5\n1,-1.25\nintercept,2.0\n");
        assertThat(Files.readAllLines(dir.resolve("run/iterations.csv")))
                .containsExactly(
                        "iteration,seconds,objective,gap,used,stale,discarded,workers_used,iterate,"
                                + "trial",
                        "0,0.5,0.6,,3,0,0,0 1 2,0,0",
                        "1,1.0,0.3125,,2,1,0,\"0,2\",0,1");
        String trace = Files.readString(dir.resolve("run/latency-trace.csv"));
        assertThat(trace.lines().findFirst())
                .hasValue("iteration,worker,latency,load,sent,received,compute,use");
        // the lost task is censored at the last observed time (0.75 s) minus its send (0.5 s)
        assertThat(trace).contains("\n1,1,0.25,1.0,0.5,,,lost\n");
        TraceReplay replay = TraceReplay.read(new StringReader(trace), "latency-trace.csv", 2);
        assertThat(replay).isNotNull();
        // events.csv quotes a reason with a comma and doubles its quotes (RFC 4180)
        assertThat(Files.readAllLines(dir.resolve("run/events.csv")))
                .containsExactly(
                        "iteration,seconds,worker,node,event,reason",
                        "1,0.75,-1,host-a:1,excluded,\"slow, \"\"very\"\"\"",
                        "1,0.75,1,host-a:1,replacing,persistently slow");
        RunSummary back = RunOutputs.readSummary(fs, out);
        assertThat(back).isEqualTo(summary());
        // no temporary directory left beside the output
        try (var siblings = Files.list(dir)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).containsExactly("run");
        }
    }

    @Test
    void pcaModelIsDRowsOfKColumns() {
        assertThat(OutputCsv.model(new double[] {1, 2, 3, 4, 5, 6}, 2, false))
                .isEqualTo("feature,pc1,pc2\n0,1.0,2.0\n1,3.0,4.0\n2,5.0,6.0\n");
        assertThatThrownBy(() -> OutputCsv.model(new double[] {1, 2, 3}, 2, false))
                .hasMessageContaining("not d x k with k = 2");
    }

    @Test
    void refusesAnExistingOutput() throws Exception {
        Files.createDirectories(dir.resolve("run"));
        assertThatThrownBy(
                        () ->
                                RunOutputs.write(
                                        local(),
                                        new Path(dir.resolve("run").toUri()),
                                        summary(),
                                        result(),
                                        1,
                                        false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already exists");
    }

    @Test
    void aFailureMidwayLeavesNoOutputAndNoTemporaryDirectory() throws Exception {
        FileSystem failing = new FailOnCreate("latency-trace.csv");
        failing.initialize(java.net.URI.create("file:///"), new Configuration());
        Path out = new Path(dir.resolve("run").toUri());
        assertThatThrownBy(() -> RunOutputs.write(failing, out, summary(), result(), 1, false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("disk full (test)");
        try (var left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    /**
     * With the run's spec and dataset, {@code model.json} is written beside {@code model.csv}, in
     * the same temporary directory: a failure while writing it leaves no output at all.
     */
    @Test
    void modelJsonIsWrittenWithTheOtherFilesAndNeverHalfWritten() throws Exception {
        ModelDataset data =
                new ModelDataset(List.of("a", "b"), null, List.of(), 100, List.of(), 12345L);
        var spec = io.codedyarn.am.Specs.uncoded(io.codedyarn.compute.task.Workload.LR, true, 1, 2);
        Path out = new Path(dir.resolve("run").toUri());
        RunOutputs.write(local(), out, spec, data, summary(), result(), null, false);
        ModelJson.Model m = ModelJson.read(local(), new Path(out, ModelJson.FILE));
        assertThat(m.features()).containsExactly("a", "b");
        assertThat(m.coefficients()).containsExactly(0.5, -1.25);
        assertThat(m.intercept()).isEqualTo(2.0);
        assertThat(m.dataset().manifestCrc32c()).isEqualTo(12345L);
        assertThat(m.training().objective()).isEqualTo(0.3125);
        assertThat(dir.resolve("run/model.csv")).exists();

        FileSystem failing = new FailOnCreate(ModelJson.FILE);
        failing.initialize(java.net.URI.create("file:///"), new Configuration());
        Path second = new Path(dir.resolve("second").toUri());
        assertThatThrownBy(
                        () ->
                                RunOutputs.write(
                                        failing, second, spec, data, summary(), result(), null,
                                        false))
                .hasMessageContaining("disk full (test)");
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("run");
        }
    }

    /** The local file system, failing to create one named file (as a full disk would). */
    private static final class FailOnCreate extends FilterFileSystem {
        private final String name;

        FailOnCreate(String name) {
            super(new LocalFileSystem());
            this.name = name;
        }

        @Override
        public FSDataOutputStream create(Path f, boolean overwrite) throws IOException {
            if (f.getName().equals(name)) {
                throw new IOException("disk full (test): " + f);
            }
            return super.create(f, overwrite);
        }
    }
}
