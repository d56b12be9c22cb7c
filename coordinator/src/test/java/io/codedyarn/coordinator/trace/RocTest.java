package io.codedyarn.coordinator.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.codedyarn.placement.Seeds;
import java.time.Duration;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RocTest {
    @Test
    void aDivergedModelsNanScoresEndTheCurveWithoutAnArea() {
        // NaN equals nothing: a tie loop on == would never move past it (the run would hang)
        Roc r =
                assertTimeoutPreemptively(
                        Duration.ofSeconds(10),
                        () ->
                                Roc.of(
                                        new double[] {Double.NaN, 0.5, Double.NaN, -1},
                                        new double[] {1, -1, -1, 1}));
        assertThat(r.auc()).isNaN();
        assertThat(r.fpr()).hasSize(4); // +inf, the two NaNs together, 0.5, -1
        assertThat(r.fpr()[r.fpr().length - 1]).isEqualTo(1.0);
        assertThat(r.tpr()[r.tpr().length - 1]).isEqualTo(1.0);
    }

    /**
     * Ties across the classes, against scikit-learn 1.2.1: roc_auc_score(y, s) = 0.71875 and
     * roc_curve(y, s, drop_intermediate=False) = fpr [0, 0, .25, .5, .75, 1], tpr [0, .25, .5, .75,
     * 1, 1] for these eight rows (the reference computed with Debian's python3-sklearn).
     */
    @Test
    void theCurveAndAreaAreScikitLearnsWithTies() {
        double[] s = {0.9, 0.8, 0.8, 0.3, 0.3, 0.1, 0.7, 0.7};
        double[] y = {1, 1, -1, -1, 1, -1, -1, 1};
        Roc r = Roc.of(s, y);
        assertThat(r.auc()).isEqualTo(0.71875);
        assertThat(r.fpr()).containsExactly(0, 0, 0.25, 0.5, 0.75, 1);
        assertThat(r.tpr()).containsExactly(0, 0.25, 0.5, 0.75, 1, 1);
        assertThat(r.threshold())
                .containsExactly(Double.POSITIVE_INFINITY, 0.9, 0.8, 0.7, 0.3, 0.1);
    }

    /** The area is the Mann–Whitney statistic, counted pair by pair. */
    @Test
    void theAreaIsTheShareOfPositiveNegativePairsRankedRight() {
        RandomGenerator g = Seeds.generator(5);
        int m = 400;
        double[] s = new double[m];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            y[i] = g.nextBoolean() ? 1 : -1;
            s[i] = Math.round((y[i] + 2 * g.nextGaussian()) * 4) / 4.0; // many ties
        }
        double pairs = 0;
        double right = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                if (y[i] > 0 && y[j] < 0) {
                    pairs++;
                    right += s[i] > s[j] ? 1 : s[i] == s[j] ? 0.5 : 0;
                }
            }
        }
        Roc r = Roc.of(s, y);
        assertThat(r.auc()).isCloseTo(right / pairs, within(1e-12));
        Roc thin = r.thinned(5);
        assertThat(thin.fpr()).hasSize(5);
        assertThat(thin.fpr()[0]).isZero();
        assertThat(thin.fpr()[4]).isEqualTo(1.0);
        assertThat(thin.auc()).isEqualTo(r.auc());
        assertThat(Roc.of(new double[] {1, 2}, new double[] {1, 1}).auc()).isNaN();
    }
}
