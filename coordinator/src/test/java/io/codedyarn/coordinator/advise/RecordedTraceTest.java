package io.codedyarn.coordinator.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedTraceTest {
    @TempDir Path dir;

    private Path write(String text) throws Exception {
        Path f = dir.resolve("latency-trace.csv");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void fillsAnAsynchronousGapFromTheWorkersPreviousRow() throws Exception {
        // worker 1 has no row in iteration 1 (busy the whole round, as in a dsag run)
        RecordedTrace t =
                RecordedTrace.read(
                        write(
                                "iteration,worker,latency,load,sent,received,compute,use\n"
                                        + "0,0,1.0,1.0,0,1,1,used\n"
                                        + "0,1,4.0,2.0,0,4,4,\"stale\"\n"
                                        + "1,0,1.5,1.0,1,2.5,1.5,used\n"));
        assertThat(t.workers()).isEqualTo(2);
        assertThat(t.iterations()).isEqualTo(2);
        assertThat(t.gaps()).isEqualTo(1);
        assertThat(t.normalised(2))
                .isEqualTo(
                        "iteration,worker,latency,load\n"
                                + "0,0,1.0,1.0\n0,1,4.0,2.0\n1,0,1.5,1.0\n1,1,4.0,2.0\n");
    }

    @Test
    void mapsMoreWorkersOntoTheTracesWorkersModuloItsCount() throws Exception {
        RecordedTrace t =
                RecordedTrace.read(write("iteration,worker,latency,load\n0,0,1,1\n0,1,3,1\n"));
        assertThat(t.normalised(3)).endsWith("0,2,1.0,1.0\n");
        // speeds: 1 / median seconds per unit of load, fastest = 1
        assertThat(t.speeds(3)).containsExactly(1.0, 0.333, 1.0);
    }

    @Test
    void aMalformedLineNamesTheFileAndLine() throws Exception {
        Path f = write("iteration,worker,latency,load\n0,0,1,1\n1,0,fast,1\n");
        assertThatThrownBy(() -> RecordedTrace.read(f))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(f + ":3: latency is not a finite number: 'fast'");
    }

    @Test
    void aMissingFileOrColumnIsNamed() throws Exception {
        Path missing = dir.resolve("nope.csv");
        assertThatThrownBy(() -> RecordedTrace.read(missing))
                .hasMessage(missing + ": no such file");
        Path noLoad = write("iteration,worker,latency\n0,0,1\n");
        assertThatThrownBy(() -> RecordedTrace.read(noLoad))
                .hasMessageStartingWith(noLoad + ":1: header must name columns");
    }
}
