package io.codedyarn.repro.lagc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.util.CombinatoricsUtils;
import org.junit.jupiter.api.Test;

class GroupOrderStatisticsTest {
    private static final OrderStatistics EXP = OrderStatistics.exponential(0.05);
    private static final OrderStatistics PARETO = OrderStatistics.pareto(0.05, 1.1);
    private static final OrderStatistics[] BOTH = {EXP, PARETO};

    /** (28) with M_G = 1 is the worker maximum: closed forms (21)/(22), integer and real a. */
    @Test
    void singleWorkerGroupsEqualTheClosedForm() {
        for (OrderStatistics t : BOTH) {
            GroupOrderStatistics g = new GroupOrderStatistics(t, 1, 1);
            for (double a : new double[] {0.3, 1, 2, 8.5, 20, 4.0657, 250}) {
                double exact = t.expectedMax(a, 1);
                assertThat(g.expectedMax(a, 1))
                        .as("%s a=%s", t.label(), a)
                        .isCloseTo(exact, within(1e-9 * exact));
            }
        }
    }

    /** (28) with one group of 20 waiting for F = 17 at load 4 is T̄_{17:20}(4). */
    @Test
    void singleGroupIsTheOrderStatistic() {
        for (OrderStatistics t : BOTH) {
            GroupOrderStatistics g = new GroupOrderStatistics(t, 20, 17);
            double exact = t.expected(17, 20, 4);
            assertThat(g.expectedMax(1, 4)).isCloseTo(exact, within(1e-9 * exact));
        }
        assertThat(new GroupOrderStatistics(EXP, 20, 17).expectedMax(1, 4))
                .isCloseTo(0.352881, within(5e-7));
        assertThat(new GroupOrderStatistics(PARETO, 20, 17).expectedMax(1, 4))
                .isCloseTo(0.100764, within(5e-7));
    }

    /** a groups each waiting for all n of their workers = the maximum of a·n workers. */
    @Test
    void waitingForAllIsTheMaximumOfAllWorkers() {
        for (OrderStatistics t : BOTH) {
            double exact = t.expectedMax(12, 2);
            assertThat(new GroupOrderStatistics(t, 4, 4).expectedMax(3, 2))
                    .isCloseTo(exact, within(1e-9 * exact));
        }
    }

    /**
     * Any order statistic T̄_{F:n} (a = 1) matches (21)/(22) for every F (covers all c(w) shapes).
     */
    @Test
    void everyOrderStatisticOfOneGroup() {
        for (OrderStatistics t : BOTH) {
            for (int f = 1; f <= 7; f++) {
                double exact = t.expected(f, 7, 3);
                assertThat(new GroupOrderStatistics(t, 7, f).expectedMax(1, 3))
                        .as("%s F=%d", t.label(), f)
                        .isCloseTo(exact, within(1e-9 * exact));
            }
        }
    }

    /** F^G(x) = I_{F(x)}(F, n−F+1) equals the binomial sum Σ_{j≥F} C(n,j) F^j (1−F)^{n−j}. */
    @Test
    void cdfIsTheBinomialTail() {
        GroupOrderStatistics g = new GroupOrderStatistics(PARETO, 5, 2);
        for (double x : new double[] {0.02, 0.03, 0.05, 0.2, 3}) {
            double p = PARETO.cdf(x, 4);
            double sum = 0;
            for (int j = 2; j <= 5; j++) {
                sum +=
                        CombinatoricsUtils.binomialCoefficientDouble(5, j)
                                * Math.pow(p, j)
                                * Math.pow(1 - p, 5 - j);
            }
            assertThat(g.cdf(x, 4)).isCloseTo(sum, within(1e-13));
        }
        assertThat(g.cdf(0.001, 4)).isZero(); // below the Pareto scale 0.2·0.1/1.1
    }

    /** The exponential F = 1 group of 4 at load 4 is exponential with mean 0.05: 0.05·H_{25/11}. */
    @Test
    void fastestOfGroupExponential() {
        double a = 25.0 / 11;
        assertThat(new GroupOrderStatistics(EXP, 4, 1).expectedMax(a, 4))
                .isCloseTo(EXP.expectedMax(a, 1), within(1e-12));
    }

    /**
     * Monte-Carlo cross-check of (28): G-GD with M_G = 5 (G = 4 groups, r_G = 4, F = 2, load 4),
     * seeded draws; 400 000 samples of the maximum of 4 group times. Both group times have finite
     * variance (the Pareto tail of the 2nd of 5 is ~x^(−4β)). Tolerance: 4 sample standard errors;
     * the SE itself must be below 0.3 % of the mean so that the check has teeth.
     */
    @Test
    void monteCarloAgreesWithTheIntegral() {
        for (OrderStatistics t : BOTH) {
            GroupOrderStatistics g = new GroupOrderStatistics(t, 5, 2);
            SplittableRandom rng = new SplittableRandom(20190503L);
            int n = 400_000;
            double sum = 0;
            double sumSq = 0;
            for (int k = 0; k < n; k++) {
                double max = 0;
                for (int grp = 0; grp < 4; grp++) {
                    max = Math.max(max, g.sample(rng, 4));
                }
                sum += max;
                sumSq += max * max;
            }
            double mean = sum / n;
            double se = Math.sqrt((sumSq / n - mean * mean) / (n - 1));
            double exact = g.expectedMax(4, 4);
            assertThat(se).as("%s SE", t.label()).isLessThan(0.003 * exact);
            assertThat(mean).as("%s MC mean ± %s", t.label(), se).isCloseTo(exact, within(4 * se));
        }
        // ... and the integral is the digest's G-GD M_G = 5 entry.
        assertThat(new GroupOrderStatistics(EXP, 5, 2).expectedMax(4, 4))
                .isCloseTo(0.16001, within(5e-6));
        assertThat(new GroupOrderStatistics(PARETO, 5, 2).expectedMax(4, 4))
                .isCloseTo(0.03975, within(5e-6));
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> new GroupOrderStatistics(EXP, 4, 5))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GroupOrderStatistics(EXP, 4, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GroupOrderStatistics(EXP, 4, 1).expectedMax(-1, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new GroupOrderStatistics(EXP, 4, 1).expectedMax(0, 1)).isZero();
    }

    /** The quadrature itself: ∫_0^1 √w = 2/3; an impossible budget throws instead of guessing. */
    @Test
    void gaussKronrod() {
        assertThat(GaussKronrod.integrate(Math::sqrt, 0, 1, 1e-13, 0, 1000))
                .isCloseTo(2.0 / 3, within(1e-13));
        assertThatThrownBy(() -> GaussKronrod.integrate(w -> Math.pow(w, -0.9), 0, 1, 1e-12, 0, 3))
                .isInstanceOf(IllegalStateException.class);
    }
}
