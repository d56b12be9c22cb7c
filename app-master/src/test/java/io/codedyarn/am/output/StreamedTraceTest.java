package io.codedyarn.am.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.MemoryTrace;
import io.codedyarn.coordinator.trace.TraceSink;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StreamedTrace}: the files it streams are byte for byte those {@link RunOutputs} writes
 * from the same rows held in memory ({@link MemoryTrace}), lost tasks censored at the end and read
 * {@code replaced} when their worker is replaced later; a resumed run finds the earlier rows and
 * refuses another run's.
 */
class StreamedTraceTest {
    @TempDir java.nio.file.Path dir;

    private FileSystem fs() throws Exception {
        return FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }

    private static IterationRecord it(long t) {
        return new IterationRecord(
                t,
                0.5 * t + 0.1,
                1.0 / (t + 3),
                t % 3 == 0 ? Double.NaN : 1e-3 / (t + 1),
                3,
                1,
                0,
                "0 1,2",
                t,
                t % 5 == 4);
    }

    /** The same calls on both sinks, as the coordinator would make them. */
    private static void feed(TraceSink s) {
        s.iteration(it(0));
        s.task(new LatencyRecord(0, 0, 0.0, 0.25, 0.2, 1.0, "used"));
        s.task(new LatencyRecord(0, 1, 0.0, Double.NaN, 0.0, 1.0, "lost")); // retired
        s.task(new LatencyRecord(0, 2, 0.0, 0.5, 0.4, 2.0, "unused"));
        s.event(new AdaptEvent(1, 0.75, -1, "host-a:1", "excluded", "slow, \"very\""));
        s.iteration(it(1));
        s.task(new LatencyRecord(1, 1, 0.5, Double.NaN, 0.0, 1.0, "lost")); // its worker failed
        s.replaced(1); // both lost rows of worker 1 read replaced
        s.task(new LatencyRecord(1, 0, 0.5, 0.75, 0.2, 1.0, "stale"));
        s.task(new LatencyRecord(2, 1, 1.0, Double.NaN, 0.0, 1.0, "replaced"));
        s.task(new LatencyRecord(3, 1, 1.5, Double.NaN, 0.0, 1.0, "lost")); // after: stays lost
        s.task(new LatencyRecord(3, 2, 1.5, 4.125, Double.NaN, 0.5, "used"));
        s.iteration(it(2));
    }

    @Test
    void streamsTheBytesRunOutputsWritesFromMemory() throws Exception {
        MemoryTrace memory = new MemoryTrace();
        feed(memory);
        PendingOutputs pending = RunOutputs.open(fs(), new Path(dir.resolve("out").toUri()), false);
        StreamedTrace streamed = pending.trace();
        feed(streamed);
        streamed.finish();
        java.nio.file.Path tmp = java.nio.file.Path.of(pending.directory().toUri());
        assertThat(Files.readString(tmp.resolve(RunOutputs.ITERATIONS)))
                .isEqualTo(OutputCsv.iterations(memory.iterations()));
        assertThat(Files.readString(tmp.resolve(RunOutputs.EVENTS)))
                .isEqualTo(OutputCsv.events(memory.events()));
        assertThat(Files.readString(tmp.resolve(RunOutputs.LATENCY_TRACE)))
                .isEqualTo(OutputCsv.latencyTrace(memory.tasks()));
        assertThat(memory.tasks())
                .extracting(LatencyRecord::use)
                .containsExactly(
                        "used",
                        "replaced",
                        "unused",
                        "replaced",
                        "stale",
                        "replaced",
                        "lost",
                        "used");
        assertThat(tmp.resolve(StreamedTrace.SPOOL)).doesNotExist();
    }

    /**
     * A long run with adaptation (cyclic GD, s = 1, 3,000 rounds of random slowness: workers judged
     * slow, excluded, replaced; newest-wins retires the straggler's tasks): streamed, its files are
     * the bytes the same run's in-memory logs give.
     */
    @Test
    void aLongRunWithReplacementsStreamsWhatItKeepsInMemory() throws Exception {
        FileSystem fs = fs();
        Path data = new Path(dir.resolve("data").toUri());
        io.codedyarn.hdfs.generate.Generators.generate(
                fs,
                data,
                io.codedyarn.hdfs.generate.Generators.create(
                        io.codedyarn.hdfs.generate.GeneratorParams.of("higgs-like", 64, 4, 1)),
                io.codedyarn.hdfs.dataset.WriterOptions.defaults(),
                null);
        io.codedyarn.compute.data.Rows rows = io.codedyarn.am.train.DatasetRows.read(fs, data);
        io.codedyarn.coordinator.round.TrainSpec spec =
                new io.codedyarn.coordinator.round.TrainSpec(
                        io.codedyarn.compute.task.Workload.LR,
                        "cyclic",
                        io.codedyarn.placement.SchemeParams.of(4, 1, 1),
                        1,
                        Double.NaN,
                        true,
                        io.codedyarn.coordinator.optim.Optimizer.GD,
                        Double.NaN,
                        3000,
                        Double.NaN,
                        Double.NaN,
                        0,
                        Double.NaN,
                        io.codedyarn.placement.latency.LatencySpec.parse(
                                "shifted-exp:alpha=0.5,mu=2"),
                        null,
                        1);
        var config = io.codedyarn.am.config.CodedYarnConfig.defaults();
        io.codedyarn.coordinator.trace.RunResult memory =
                io.codedyarn.am.train.Trainers.simulate(config, spec, spec.plan(), rows);
        PendingOutputs pending = RunOutputs.open(fs, new Path(dir.resolve("out").toUri()), false);
        io.codedyarn.coordinator.simulated.SimulatedTrain.run(
                spec,
                spec.plan(),
                rows,
                config.dsagLoadBalance(),
                config.balanceSchedule(),
                config.adaptation(),
                config.speeds(),
                config.lazy(),
                io.codedyarn.coordinator.simulated.SimulatedTrain.Checkpointing.none(),
                pending.trace());
        pending.trace().finish();
        java.nio.file.Path tmp = java.nio.file.Path.of(pending.directory().toUri());
        assertThat(memory.latencyLog()).extracting(LatencyRecord::use).contains("lost", "replaced");
        assertThat(memory.events()).extracting(AdaptEvent::event).contains("replaced");
        assertThat(Files.readString(tmp.resolve(RunOutputs.ITERATIONS)))
                .isEqualTo(OutputCsv.iterations(memory.iterationLog()));
        assertThat(Files.readString(tmp.resolve(RunOutputs.EVENTS)))
                .isEqualTo(OutputCsv.events(memory.events()));
        assertThat(Files.readString(tmp.resolve(RunOutputs.LATENCY_TRACE)))
                .isEqualTo(OutputCsv.latencyTrace(memory.latencyLog()));
    }

    @Test
    void flushedRowsAreInTheFilesBeforeTheyAreClosed() throws Exception {
        PendingOutputs pending = RunOutputs.open(fs(), new Path(dir.resolve("out").toUri()), false);
        pending.trace().iteration(it(0));
        pending.trace().flush();
        java.nio.file.Path tmp = java.nio.file.Path.of(pending.directory().toUri());
        assertThat(Files.readAllLines(tmp.resolve(RunOutputs.ITERATIONS))).hasSize(2);
        pending.abort(); // a checkpoint may count that row: the directory stays
        assertThat(tmp).exists();
    }

    @Test
    void anAbortedRunWithNoCheckpointLeavesNothing() throws Exception {
        PendingOutputs pending = RunOutputs.open(fs(), new Path(dir.resolve("out").toUri()), false);
        pending.trace().iteration(it(0));
        pending.abort();
        assertThat(java.nio.file.Path.of(pending.directory().toUri())).doesNotExist();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    /** 300 rows written by an earlier run; a checkpoint after 200 of them, keeping the last 128. */
    private TraceSink.Continued earlierRun(
            java.nio.file.Path where, String checkpoint, String location) throws Exception {
        Files.createDirectories(where);
        List<IterationRecord> rows =
                java.util.stream.LongStream.range(0, 300).mapToObj(StreamedTraceTest::it).toList();
        Files.writeString(where.resolve(RunOutputs.ITERATIONS), OutputCsv.iterations(rows));
        Files.writeString(where.resolve(RunOutputs.EVENTS), OutputCsv.events(List.of()));
        return new TraceSink.Continued(
                checkpoint, 200, rows.subList(72, 200), 0, List.of(), location);
    }

    @Test
    void aResumedRunCopiesTheRowsTheCheckpointCountsFromTheDirectoryItNames() throws Exception {
        java.nio.file.Path died = dir.resolve(".out._tmp-deadbeef");
        TraceSink.Continued from =
                earlierRun(
                        died,
                        dir.resolve(".out.checkpoints/checkpoint-0000000200.ckpt").toString(),
                        died.toUri().toString());
        Path out = new Path(dir.resolve("out").toUri());
        PendingOutputs pending = RunOutputs.open(fs(), out, true);
        pending.trace().resume(from);
        pending.trace().iteration(it(200));
        io.codedyarn.coordinator.round.TrainSpec spec =
                io.codedyarn.am.Specs.uncoded(io.codedyarn.compute.task.Workload.LR, true, 1, 400);
        io.codedyarn.coordinator.trace.RunResult result =
                new io.codedyarn.coordinator.trace.RunResult(
                        true, "", null, Double.NaN, 201, 1, List.of(), List.of(), List.of(), null);
        pending.commit(spec, null, RunSummary.of("", spec, result, List.of()), result, null);
        List<String> lines = Files.readAllLines(dir.resolve("out").resolve(RunOutputs.ITERATIONS));
        assertThat(lines).hasSize(1 + 201);
        assertThat(lines.get(200)).isEqualTo(OutputCsv.iterations(List.of(it(199))).split("\n")[1]);
        assertThat(died).as("the dead run's temporary directory, continued").doesNotExist();
    }

    @Test
    void anotherRunsFilesAreRefusedNamingWhereItLooked() throws Exception {
        java.nio.file.Path other = dir.resolve("other");
        TraceSink.Continued from =
                earlierRun(other, other.resolve("checkpoint.ckpt").toString(), "");
        // the checkpoint's last row is not the file's row 200
        List<IterationRecord> recent = new java.util.ArrayList<>(from.recentIterations());
        recent.set(recent.size() - 1, it(1));
        TraceSink.Continued wrong =
                new TraceSink.Continued(from.checkpoint(), 200, recent, 0, List.of(), "");
        PendingOutputs pending = RunOutputs.open(fs(), new Path(dir.resolve("out").toUri()), false);
        assertThatThrownBy(() -> pending.trace().resume(wrong))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("it counts 200 iterations and keeps the last 128")
                .hasMessageContaining("iterations.csv's row 200 is not the checkpoint's");
        TraceSink.Continued far =
                new TraceSink.Continued(from.checkpoint(), 400, List.of(), 0, List.of(), "");
        assertThatThrownBy(() -> pending.trace().resume(far))
                .hasMessageContaining("iterations.csv has 300 rows, the checkpoint counts 400");
    }
}
