package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import org.junit.jupiter.api.Test;

/** Issue 15, part 2: SAG-LB (DSAG §VII's baseline: SAG with DSAG's load balancer). */
class SagLoadBalancingTest {

    /**
     * Worker 3 takes 4× longer, every time ×U[0.5, 1.5] (seeded), at 0.1 s per unit of load: short
     * enough rounds for the profiler's 10 s window to hold the ≥ 13 samples per worker its trimmed
     * statistics need (with w = N a round waits for the slow worker).
     */
    private static SimulatedCluster.TaskLatency slowWorker3() {
        var noisy = Trainer.noisy(3, 4, 5);
        return (batch, load, out) -> {
            noisy.sample(batch, load, out);
            for (int w = 0; w < out.length; w++) {
                out[w] *= 0.1;
            }
        };
    }

    /**
     * SAG, w = N = 4, worker 3 four times slower ({@link #slowWorker3}): with balancing on, the
     * balancer gives worker 3 more, smaller subpartitions (p_3 grows, so its tasks carry less load:
     * its last task carries < 75 % of its first and less than a fast worker's), the rounds get
     * shorter than without balancing, and the run reaches the same optimum as exact L-BFGS
     * (relative 1e-3, as the DSAG test) — the optimum does not depend on how the data is cut.
     */
    @Test
    void sagLoadBalancingShrinksTheSlowWorkersTasksAndReachesTheOptimum() throws Exception {
        var params = SchemeParams.of(4, 0, 1).withPartitions(4).withSubpartitions(4);
        var spec = Trainer.spec(Workload.LR, "sag", params, null, 300);
        RunResult lb = Trainer.balanced(spec, slowWorker3(), BalanceSchedule.defaults());
        RunResult plain = Trainer.run(spec, Trainer.LR_DATA, slowWorker3());
        assertThat(lb.succeeded()).as(lb.diagnostic()).isTrue();

        var slow = lb.latencyLog().stream().filter(l -> l.worker() == 3).toList();
        var fast = lb.latencyLog().stream().filter(l -> l.worker() == 0).toList();
        double first = slow.get(0).load();
        double last = slow.get(slow.size() - 1).load();
        assertThat(last).isLessThan(first * 0.75);
        assertThat(last).isLessThan(fast.get(fast.size() - 1).load());
        assertThat(lb.events())
                .anySatisfy(
                        d -> {
                            assertThat(d.worker()).isEqualTo(3);
                            assertThat(d.reason()).contains("less work per task");
                        });
        // Without balancing, nothing is decided and the rounds wait for the slow worker.
        assertThat(plain.events()).isEmpty();
        assertThat(lb.wallSeconds()).isLessThan(plain.wallSeconds());

        var exact = Trainer.spec(Workload.LR, "uncoded", SchemeParams.of(4, 0, 1), "lbfgs", 80);
        double ref = Trainer.run(exact, Trainer.LR_DATA, Trainer.oneSlow(-1, 1)).objective();
        assertThat((lb.objective() - ref) / ref).isBetween(-1e-12, 1e-3);
        assertThat((plain.objective() - ref) / ref).isBetween(-1e-12, 1e-3);
    }
}
