package io.codedyarn.repro.lagc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OrderStatisticsTest {
    private static final OrderStatistics EXP = OrderStatistics.exponential(0.05);
    private static final OrderStatistics PARETO = OrderStatistics.pareto(0.05, 1.1);

    /** Digest §5.4 closed-form oracles, exponential: 0.05·H_20 and 0.2·(H_20 − H_3). */
    @Test
    void exponentialOracles() {
        assertThat(EXP.expectedMax(20, 1)).isCloseTo(0.179887, within(5e-7));
        assertThat(EXP.expected(17, 20, 4)).isCloseTo(0.352881, within(5e-7));
        // H_20 = 55835135/15519504 exactly.
        assertThat(EXP.expectedMax(20, 1)).isCloseTo(0.05 * 55835135.0 / 15519504, within(1e-15));
    }

    /** Digest §5.4 closed-form oracles, Pareto (corrected (22)). */
    @Test
    void paretoOracles() {
        assertThat(PARETO.expectedMax(20, 1)).isCloseTo(0.728899, within(5e-7));
        assertThat(PARETO.expectedMax(8.5, 1)).isCloseTo(0.335800, within(5e-7));
        assertThat(PARETO.expectedMax(2, 1)).isCloseTo(0.0916667, within(5e-8));
        assertThat(PARETO.expected(17, 20, 4)).isCloseTo(0.100764, within(5e-7));
        // max of 2 exactly: x_m·2/((2 − 1/β)(1 − 1/β)) = (0.005/1.1)·2/((1.2/1.1)(0.1/1.1)).
        double xm = 0.005 / 1.1;
        assertThat(PARETO.expectedMax(2, 1))
                .isCloseTo(xm * 2 / ((1.2 / 1.1) * (0.1 / 1.1)), within(1e-14));
    }

    /** A single worker's expected time is its mean η·load under both families. */
    @Test
    void maxOfOneIsTheMean() {
        assertThat(EXP.expectedMax(1, 3)).isCloseTo(0.15, within(1e-15));
        assertThat(PARETO.expectedMax(1, 3)).isCloseTo(0.15, within(1e-14));
        assertThat(PARETO.paretoScale(1)).isCloseTo(0.005 / 1.1, within(1e-16));
        assertThat(EXP.expectedMax(0, 1)).isZero();
        assertThat(PARETO.expectedMax(0, 1)).isZero();
    }

    /** The minimum of b: exponential with mean μ/b; Pareto with shape bβ, i.e. T̄_{1:b}. */
    @Test
    void minimumClosedForms() {
        assertThat(EXP.expected(1, 5, 2)).isCloseTo(0.1 / 5, within(1e-15));
        double xm = PARETO.paretoScale(2);
        double shape = 5 * 1.1;
        assertThat(PARETO.expected(1, 5, 2)).isCloseTo(xm * shape / (shape - 1), within(1e-13));
    }

    /**
     * ψ(x+1) + γ continues the exact sums: integer sums match, and H_x − H_{x−1} = 1/x at x = 7.5.
     */
    @Test
    void harmonicExtension() {
        assertThat(OrderStatistics.harmonic(0)).isZero();
        assertThat(OrderStatistics.harmonic(3)).isCloseTo(11.0 / 6, within(1e-15));
        assertThat(OrderStatistics.harmonic(7.5) - OrderStatistics.harmonic(6.5))
                .isCloseTo(1 / 7.5, within(1e-14));
        // H_{1/2} = 2 − 2 ln 2.
        assertThat(OrderStatistics.harmonic(0.5)).isCloseTo(2 - 2 * Math.log(2), within(1e-14));
        // ψ(1) = −γ, ψ(1/2) = −γ − 2 ln 2, ψ(100) (asymptotic branch) vs the recurrence from 1.
        assertThat(OrderStatistics.digamma(1)).isCloseTo(-0.5772156649015329, within(1e-15));
        assertThat(OrderStatistics.digamma(0.5))
                .isCloseTo(-0.5772156649015329 - 2 * Math.log(2), within(1e-14));
        assertThat(OrderStatistics.digamma(100) - OrderStatistics.harmonic(99))
                .isCloseTo(-0.5772156649015329, within(1e-14));
        // Non-integer path near an integer agrees with the exact sum.
        assertThat(OrderStatistics.harmonic(20 + 1e-12))
                .isCloseTo(OrderStatistics.harmonic(20), within(1e-10));
    }

    /** Sampling by inversion reproduces the CDF at the median of both families. */
    @Test
    void samplingMatchesCdf() {
        SplittableRandom rng = new SplittableRandom(7);
        for (OrderStatistics t : new OrderStatistics[] {EXP, PARETO}) {
            double median =
                    t.family() == OrderStatistics.Family.EXPONENTIAL
                            ? 0.2 * Math.log(2)
                            : t.paretoScale(4) * Math.pow(2, 1 / 1.1);
            assertThat(t.cdf(median, 4)).isCloseTo(0.5, within(1e-12));
            int below = 0;
            int n = 100_000;
            for (int k = 0; k < n; k++) {
                if (t.sample(rng, 4) <= median) {
                    below++;
                }
            }
            // binomial SE = 0.5/sqrt(n) = 0.00158; 4 SE
            assertThat(below / (double) n).isCloseTo(0.5, within(0.0064));
        }
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> OrderStatistics.pareto(0.05, 1.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OrderStatistics.exponential(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EXP.expected(3, 2, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EXP.expectedMax(-1, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EXP.expectedMax(2, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EXP.paretoScale(1)).isInstanceOf(IllegalStateException.class);
    }
}
