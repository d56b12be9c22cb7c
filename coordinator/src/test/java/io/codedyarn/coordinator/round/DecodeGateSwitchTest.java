package io.codedyarn.coordinator.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.task.Task;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Trainer;
import io.codedyarn.coordinator.cluster.ManualClock;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A mid-run switch of code ({@link DecodeGate#switchTo}) takes the new code's decisions along. */
class DecodeGateSwitchTest {
    /**
     * Worker k takes load / μ_k seconds: all equal under the first code, then τ = 0.5 makes workers
     * 2 and 5 stragglers, so GC-DC's rate-based clustering changes as the measured rates follow (an
     * exponential average).
     */
    private static final double[] EQUAL = {1, 1, 1, 1, 1, 1};

    private static final double[] MU = {1.0, 2.0, 0.2, 0.8, 1.5, 0.3};

    @Test
    void aSwitchIntoGcDcLogsItsReassignments() throws Exception {
        TrainSpec cyclic = Trainer.spec(Workload.LR, "cyclic", SchemeParams.of(6, 1, 1), "gd", 30);
        TrainSpec gcDc =
                Trainer.spec(
                        Workload.LR,
                        "gc-dc",
                        SchemeParams.of(6, 1, 1)
                                .withClusters(3)
                                .withSpeeds(1, 1, 1, 1, 1, 1)
                                .withThreshold(0.5),
                        "gd",
                        30);
        Plan from = cyclic.plan();
        Plan to = gcDc.plan();
        assertThat(to.partitions()).isEqualTo(from.partitions());
        ManualClock clock = new ManualClock();
        double[][] mu = {EQUAL};
        SimulatedCluster cluster =
                SimulatedCluster.over(
                        from,
                        Trainer.LR_DATA,
                        cyclic,
                        (batch, load, out) -> {
                            for (int w = 0; w < load.length; w++) {
                                out[w] = load[w] / mu[0][w];
                            }
                        },
                        clock);
        int[] all = IntStream.range(0, from.partitions()).toArray();
        for (int w = 0; w < from.workers(); w++) {
            cluster.load(w, all, from.stored(w)); // every worker holds both codes' partitions
        }
        RoundEngine engine = new RoundEngine(cluster, cluster, clock);
        engine.awaitReady(1_000_000_000L);
        Decisions decisions = new Decisions();
        DecodeGate gate = new DecodeGate(from, engine, decisions);
        double[] x = new double[Trainer.LR_DATA.cols() + 1];
        RoundDriver driver = new RoundDriver(engine, () -> {});
        for (int t = 0; t < 10; t++) {
            gate.evaluate(t, x, Task.Kind.OBJECTIVE, driver);
        }
        assertThat(decisions.recent()).noneMatch(d -> d.event().equals("reassigned"));

        gate.switchTo(to);
        mu[0] = MU;
        for (int t = 10; t < 30; t++) {
            gate.evaluate(t, x, Task.Kind.OBJECTIVE, driver);
        }
        assertThat(gate.plan()).isSameAs(to);
        assertThat(decisions.recent())
                .anySatisfy(
                        d -> {
                            assertThat(d.event()).isEqualTo("reassigned");
                            assertThat(d.reason()).contains("rate-based Algorithm 1");
                        });
    }
}
