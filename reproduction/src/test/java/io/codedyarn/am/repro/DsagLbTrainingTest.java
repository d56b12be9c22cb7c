package io.codedyarn.am.repro;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.coordinator.BalanceSchedule;
import io.codedyarn.coordinator.RunResult;
import io.codedyarn.worker.data.DenseRows;
import io.codedyarn.worker.task.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The load-balancing comparison's wiring at a tiny scale (N = 20, 40 rows per worker, LR): the -LB
 * curves are balanced by the coordinator, the others are not, and every method of the paper's
 * comparison is there.
 */
class DsagLbTrainingTest {
    private static final DsagLbTraining.Problem TINY =
            new DsagLbTraining.Problem(
                    "LR",
                    Workload.LR,
                    40,
                    DsagTraining.COLS,
                    10,
                    DsagTraining.LATENCY,
                    DsagTraining.STOCHASTIC_STEP,
                    0.05,
                    1.0,
                    new double[] {1e-2, 1e-3});

    @Test
    void theCurvesAreThePapersAndOnlyTheLbOnesAreBalanced() {
        List<DsagLbTraining.Curve> curves = DsagLbTraining.curves(TINY, 20);
        assertThat(curves)
                .extracting(DsagLbTraining.Curve::label)
                .containsExactly(
                        "GD",
                        "SGD w=10",
                        "SAG w=N",
                        "SAG w=10",
                        "SAG-LB w=10",
                        "DSAG w=10",
                        "DSAG-LB w=10");
        assertThat(curves).allMatch(c -> c.balance() == c.label().contains("-LB"));
        DenseRows data = DsagLbTraining.data(TINY, 3, 20);
        double ref = DsagTraining.reference(data);
        double l = DsagTraining.smoothness(data, 3);
        BalanceSchedule every = BalanceSchedule.period(TINY.balancePeriod());
        for (DsagLbTraining.Curve c : List.of(curves.get(5), curves.get(6))) {
            SimulatedRuns.Run run =
                    SimulatedRuns.runFull(
                            DsagLbTraining.spec(TINY, c.c(), ref, l, 5), data, c.balance(), every);
            RunResult r = run.result();
            // The exact gap of the final model is a true suboptimality: never below 0 (up to the
            // reference's L-BFGS tolerance), whatever the method's own estimate said.
            assertThat(DsagLbTraining.exactFinalGaps(TINY, List.of(run.trace()), ref)[0])
                    .isGreaterThan(-1e-9);
            assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
            boolean rebalanced = r.events().stream().anyMatch(e -> e.event().equals("rebalanced"));
            assertThat(rebalanced).as(c.label()).isEqualTo(c.balance());
        }
    }
}
