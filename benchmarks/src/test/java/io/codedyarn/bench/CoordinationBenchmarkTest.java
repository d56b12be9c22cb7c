package io.codedyarn.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The benchmark's plumbing on a tiny instance (speed is measured, never asserted). */
class CoordinationBenchmarkTest {
    @Test
    void runsTheRealCoordinatorAgainstZeroCostWorkers() throws Exception {
        CoordinationBenchmark.Figures f = CoordinationBenchmark.measure(10, 3, 3, 7, 2);
        assertThat(f.dimension()).isEqualTo(10);
        assertThat(f.workers()).isEqualTo(3);
        assertThat(f.iterations()).isEqualTo(7); // the 3 warm-up iterations are not measured
        assertThat(f.medianMillis()).isPositive();
        assertThat(f.meanMillis()).isPositive();
        assertThat(f.ioThreads()).isEqualTo(2);
        // every side spends CPU on every round (the AM's event loop too: it is measured before
        // the server closes)
        assertThat(f.coordinatorCpuMillis()).isPositive();
        assertThat(f.amIoCpuMillis()).isPositive();
        assertThat(f.workersCpuMillis()).isPositive();
        assertThat(f.amIoMicrosPerWorker()).isEqualTo(f.amIoCpuMillis() * 1e3 / 3);
        // every worker connection presented the job's worker certificate, as in a real job
        assertThat(f.mutualTlsConnections()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void warmUpShrinksWithTheDataMoved() {
        assertThat(CoordinationBenchmark.defaultWarmup(1000, 16)).isEqualTo(10_000);
        assertThat(CoordinationBenchmark.defaultWarmup(100_000, 16)).isEqualTo(625);
        assertThat(CoordinationBenchmark.defaultWarmup(100_000, 64)).isEqualTo(156);
        assertThat(CoordinationBenchmark.defaultWarmup(4_000_000, 64)).isEqualTo(20);
    }

    @Test
    void defaultIterationsShrinkWithTheBroadcast() {
        assertThat(CoordinationBenchmark.defaultIterations(1000, 16)).isEqualTo(1000);
        assertThat(CoordinationBenchmark.defaultIterations(100_000, 4)).isEqualTo(250);
        assertThat(CoordinationBenchmark.defaultIterations(100_000, 64)).isEqualTo(20);
    }
}
