package io.codedyarn.placement.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.scheme.Schemes;
import org.junit.jupiter.api.Test;

/** The time simulator against closed-form order statistics of i.i.d. exponentials. */
class SimulationTest {

    private static Plan plan(String scheme, int n, int s) {
        return Schemes.byName(scheme).place(SchemeParams.of(n, s, 1), Seeds.generator(1));
    }

    private static Simulation sim(String latency, int iterations, int runs) {
        return new Simulation(
                LatencySpec.parse(latency), new double[0], f -> null, iterations, runs, 42, false);
    }

    /** E[k-th smallest of n Exp(mean η)] = η · Σ_{i=n−k+1}^{n} 1/i (Rényi). */
    private static double orderStatistic(double eta, int n, int k) {
        double s = 0;
        for (int i = n - k + 1; i <= n; i++) {
            s += 1.0 / i;
        }
        return eta * s;
    }

    @Test
    void uncodedWaitsForTheMaximum() {
        int n = 10;
        SchemeSummary s =
                sim("exp:eta=0.05", 2_000, 5).run(plan("uncoded", n, 0), CodewordAssigner::fixed);
        double expected = orderStatistic(0.05, n, n); // 0.05·H_10 = 0.1464
        // sd of the max ≈ η·sqrt(Σ 1/i²) ≈ 0.06; standard error over 10,000 iterations ≈ 6e-4.
        assertThat(s.meanIterationTime()).isCloseTo(expected, offset(3e-3));
        assertThat(s.meanWorkersWaited()).isEqualTo(n);
        assertThat(s.communication()).isEqualTo(2.0 * n);
        assertThat(s.computation()).isEqualTo(1.0);
        assertThat(s.undecodable()).isZero();
    }

    @Test
    void fastestKWaitsForTheKthOrderStatistic() {
        int n = 10;
        int stragglers = 3;
        SchemeSummary s =
                sim("exp:eta=0.05", 2_000, 5)
                        .run(plan("fastest-k", n, stragglers), CodewordAssigner::fixed);
        assertThat(s.meanIterationTime())
                .isCloseTo(orderStatistic(0.05, n, n - stragglers), offset(2e-3));
        assertThat(s.meanWorkersWaited()).isEqualTo(n - stragglers);
        assertThat(s.communication()).isEqualTo(n + (n - stragglers));
    }

    @Test
    void commonRandomNumbersMakeEqualSchemesEqual() {
        // fastest-k with s = 0 waits for everyone, exactly like uncoded, on the same draws.
        Simulation sim = sim("pareto:eta=0.05,beta=1.1", 200, 3);
        SchemeSummary a = sim.run(plan("uncoded", 8, 0), CodewordAssigner::fixed);
        SchemeSummary b = sim.run(plan("fastest-k", 8, 0), CodewordAssigner::fixed);
        assertThat(b.meanIterationTime()).isEqualTo(a.meanIterationTime());
        assertThat(b.stdIterationTime()).isEqualTo(a.stdIterationTime());
    }

    @Test
    void fixedSpeedsTakeTheWorstCaseStragglers() {
        // Disjoint blocks, speeds 1,2,4,8; fastest-k with s = 1 → the adversary kills a fast
        // worker, so the time is the slowest worker's: 1/1.
        Plan p = plan("fastest-k", 4, 1);
        SchemeSummary s =
                new Simulation(
                                LatencySpec.parse("fixed"),
                                new double[] {1, 2, 4, 8},
                                f -> null,
                                3,
                                1,
                                1,
                                false)
                        .run(p, CodewordAssigner::fixed);
        assertThat(s.meanIterationTime()).isEqualTo(1.0);
        assertThat(s.stdIterationTime()).isZero();
    }
}
