package io.codedyarn.am.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.am.output.RunOutputs;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeasuredBreakdownTest {

    /** Three workers, iterations 0..2 (two timed): a hand-computed breakdown. */
    @Test
    void readsTotalComputationAndThreshold(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve(RunOutputs.ITERATIONS),
                RunOutputs.ITERATIONS_HEADER
                        + "\n0,5.0,0.69,,2,0,0,0 1,0,0\n1,5.5,0.5,,2,0,1,1 2,1,0\n"
                        + "2,6.25,0.4,,3,0,0,0 1 2,2,0\n");
        Files.writeString(
                dir.resolve(RunOutputs.LATENCY_TRACE),
                RunOutputs.TRACE_HEADER
                        + "\n0,0,0.1,1,0,0,0.1,used\n0,1,0.1,1,0,0,0.1,used\n"
                        + "0,2,0.9,1,0,0,0.9,discarded\n"
                        // iteration 1: workers 1 and 2 used, worker 0 arrived unused
                        + "1,0,0.2,1,0,0,0.2,unused\n1,1,0.2,1,0,0,0.2,used\n"
                        + "1,2,0.3,1,0,0,0.3,used\n"
                        // iteration 2: worker 2 late (discarded in a later round)
                        + "2,0,0.2,1,0,0,0.2,used\n2,1,0.2,1,0,0,0.2,used\n"
                        + "2,2,0.9,1,0,0,0.9,discarded\n");
        double[][] compute = {{9, 9, 9}, {0.01, 0.02, 0.03}, {0.04, 0.05, 0.5}};
        MeasuredBreakdown m = MeasuredBreakdown.read(dir, compute, 2);
        assertThat(m.total()).isCloseTo(1.25, within(1e-12));
        // max over received: iteration 1 {0,1,2} -> 0.03; iteration 2 {0,1} -> 0.05
        assertThat(m.computation()).isCloseTo(0.08, within(1e-12));
        assertThat(m.communication()).isCloseTo(1.17, within(1e-12));
        assertThat(m.recoveryThreshold()).isEqualTo(2.5);
    }

    @Test
    void aRunThatStoppedEarlyIsNamed(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve(RunOutputs.ITERATIONS),
                RunOutputs.ITERATIONS_HEADER + "\n0,5.0,0.69,,2,0,0,0 1,0,0\n");
        Files.writeString(dir.resolve(RunOutputs.LATENCY_TRACE), RunOutputs.TRACE_HEADER + "\n");
        assertThatThrownBy(() -> MeasuredBreakdown.read(dir, new double[][] {{0}}, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(RunOutputs.ITERATIONS)
                .hasMessageContaining("iteration 0 or 2");
        Files.delete(dir.resolve(RunOutputs.LATENCY_TRACE));
        Files.writeString(
                dir.resolve(RunOutputs.ITERATIONS),
                RunOutputs.ITERATIONS_HEADER + "\n0,5.0,0.69,,2,0,0,0 1,0,0\n2,6,0,,1,0,0,0,2,0\n");
        assertThatThrownBy(() -> MeasuredBreakdown.read(dir, new double[][] {{0}}, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(RunOutputs.LATENCY_TRACE)
                .hasMessageContaining("missing");
    }
}
