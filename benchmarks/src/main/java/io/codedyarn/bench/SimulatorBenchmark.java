package io.codedyarn.bench;

import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.loadbalance.EventDrivenSimulator;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * DSAG's event-driven simulator (§IV-B), the load balancer's inner loop: 100 iterations with w =
 * N/2 fresh results per iteration over heterogeneous gamma workers. Target (issue 3): N = 100, w =
 * 50 under 1 ms (the authors' Julia simulator needs 1.5 ms); N = 1000 must work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SimulatorBenchmark {
    @Param({"100", "1000"})
    public int workers;

    private EventDrivenSimulator sim;
    private RandomGenerator rng;

    @Setup(Level.Trial)
    public void setUp() {
        RandomGenerator draw = Seeds.generator(3);
        double[] commMean = new double[workers];
        double[] commVar = new double[workers];
        double[] compMean = new double[workers];
        double[] compVar = new double[workers];
        for (int i = 0; i < workers; i++) {
            commMean[i] = 0.01 * (0.9 + 0.2 * draw.nextDouble());
            commVar[i] = 1e-5;
            compMean[i] = 0.1 * (0.8 + 0.4 * draw.nextDouble());
            compVar[i] = 1e-3 * compMean[i];
        }
        sim = new EventDrivenSimulator(commMean, commVar, compMean, compVar);
        rng = Seeds.generator(5);
    }

    @Benchmark
    public double hundredIterationsHalfFresh() {
        return sim.run(100, workers / 2, rng).meanLatency();
    }
}
