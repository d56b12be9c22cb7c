package io.codedyarn.compute.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BinaryMetricsTest {
    @Test
    void rocAucCountsEveryPairAndHalfTheTiedOnes() {
        Random rng = new Random(7);
        int n = 700;
        double[] p = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = rng.nextInt(3) == 0 ? 1 : 0;
            p[i] = Math.round(rng.nextDouble() * 20 + 5 * y[i]) / 30.0; // many ties
        }
        double pairs = 0;
        double won = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (y[i] == 1 && y[j] == 0) {
                    pairs++;
                    won += p[i] > p[j] ? 1 : p[i] == p[j] ? 0.5 : 0;
                }
            }
        }
        assertThat(BinaryMetrics.of(p, y, 0.5).rocAuc()).isEqualTo(won / pairs);
    }

    /**
     * Ties across the classes, against scikit-learn 1.2.1: roc_auc_score(y, s) = 0.71875 for these
     * eight rows (the case {@code coordinator.trace.RocTest} checks the curve with).
     */
    @Test
    void rocAucIsScikitLearnsWithTiesAcrossTheClasses() {
        double[] s = {0.9, 0.8, 0.8, 0.3, 0.3, 0.1, 0.7, 0.7};
        double[] y = {1, 1, 0, 0, 1, 0, 0, 1};
        assertThat(BinaryMetrics.of(s, y, 0.5).rocAuc()).isEqualTo(0.71875);
    }

    @Test
    void theAccumulatorGivesWhatTheArraysGive() {
        double[] p = {0.1, 0.9, 0.4, 0.6, 0.6, 0.3};
        double[] y = {0, 1, 1, 0, 1, 0};
        BinaryMetrics.Accumulator a = new BinaryMetrics.Accumulator(0.5);
        for (int i = 0; i < p.length; i++) {
            a.add(p[i], y[i]);
        }
        assertThat(a.result()).isEqualTo(BinaryMetrics.of(p, y, 0.5));
        // a second result after more rows sees them all
        a.add(0.95, 0);
        assertThat(a.result().rows()).isEqualTo(7);
        assertThat(a.result().confusion().falsePositives()).isEqualTo(2);
    }

    @Test
    void aRowAtTheThresholdIsPredictedNegative() {
        BinaryMetrics m = BinaryMetrics.of(new double[] {0.5, 0.5}, new double[] {1, 0}, 0.5);
        assertThat(m.confusion()).isEqualTo(new BinaryMetrics.Confusion(0, 0, 1, 1));
        assertThat(m.precision()).isZero();
        assertThat(m.f1()).isZero();
    }

    @Test
    void theAreasAreUndefinedWithOneClass() {
        BinaryMetrics m = BinaryMetrics.of(new double[] {0.2, 0.7}, new double[] {0, 0}, 0.5);
        assertThat(m.rocAuc()).isNaN();
        assertThat(m.prAuc()).isNaN();
        assertThat(m.accuracy()).isEqualTo(0.5);
    }

    @Test
    void refusesLabelsThatAreNotZeroOrOneAndProbabilitiesOutsideTheUnitInterval() {
        assertThatThrownBy(() -> BinaryMetrics.of(new double[] {0.2}, new double[] {-1}, 0.5))
                .hasMessageContaining("label -1.0 is neither 0 nor 1");
        assertThatThrownBy(() -> BinaryMetrics.of(new double[] {1.2}, new double[] {1}, 0.5))
                .hasMessageContaining("probability 1.2");
        assertThatThrownBy(() -> new BinaryMetrics.Accumulator(1.5))
                .hasMessageContaining("threshold 1.5");
    }
}
