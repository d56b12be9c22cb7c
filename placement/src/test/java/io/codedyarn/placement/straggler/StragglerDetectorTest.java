package io.codedyarn.placement.straggler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.GilbertElliot;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StragglerDetectorTest {

    @Test
    void flagsOnlyTheOutlierInAHandExample() {
        // Medians 1,1.1,0.9,1,10: M = 1, |dev| = 0,0.1,0.1,0,9 → MAD = 1.4826·0.1; limit = max(3,
        // 1.44).
        StragglerDetector d = StragglerDetector.hdfsDefaults(5, 1);
        double[] lat = {1, 1.1, 0.9, 1, 10};
        for (int i = 0; i < 5; i++) {
            d.record(i, lat[i]);
        }
        assertThat(d.classify()).containsExactly(false, false, false, false, true);
    }

    @Test
    void medianResistsManyStragglersWhereMeanPlusSigmaFails() {
        // 4 of 10 slow (5x): mean+2σ would flag none; the median rule flags all four.
        StragglerDetector d = new StragglerDetector(10, 3, 3, 2, 0);
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 10; i++) {
                d.record(i, i < 4 ? 5.0 + 0.01 * round : 1.0 + 0.01 * i);
            }
        }
        boolean[] s = d.classify();
        assertThat(s)
                .containsExactly(true, true, true, true, false, false, false, false, false, false);
        double mean = (4 * 5.0 + 6 * 1.0) / 10;
        double sd = Math.sqrt((4 * Math.pow(5 - mean, 2) + 6 * Math.pow(1 - mean, 2)) / 10);
        assertThat(5.0).isLessThan(mean + 2 * sd); // the naive rule would have missed them
    }

    @Test
    void windowForgetsOldSamples() {
        StragglerDetector d = StragglerDetector.hdfsDefaults(4, 2);
        for (int i = 0; i < 4; i++) {
            d.record(i, i == 0 ? 50 : 1);
        }
        assertThat(d.classify()[0]).isTrue();
        for (int r = 0; r < 2; r++) {
            for (int i = 0; i < 4; i++) {
                d.record(i, 1);
            }
        }
        assertThat(d.classify()[0]).isFalse();
    }

    @Test
    void recoversGilbertElliotStatesFromLatencies() {
        // GC-DC's homogeneous GE: slow rate 0.1 vs fast 10 → per-unit times ~ 10 vs 0.1: the
        // detector with window 1 recovers the hidden state almost always.
        int n = 20;
        GilbertElliot ge = GilbertElliot.homogeneous(n, 0.05, 0.01, 0.1, 10, Seeds.generator(5));
        StragglerDetector d = StragglerDetector.hdfsDefaults(n, 1);
        double[] load = new double[n];
        Arrays.fill(load, 2);
        double[] out = new double[n];
        long falseSlow = 0;
        long fast = 0;
        long caught = 0;
        long slowTotal = 0;
        int iters = 500;
        for (int t = 0; t < iters; t++) {
            ge.sample(t, load, out);
            for (int i = 0; i < n; i++) {
                d.record(i, out[i] / load[i]);
            }
            boolean[] est = d.classify();
            boolean[] truth = ge.slow();
            int slowNow = 0;
            for (boolean b : truth) {
                slowNow += b ? 1 : 0;
            }
            for (int i = 0; i < n; i++) {
                if (truth[i]) {
                    if (slowNow <= 0.4 * n) {
                        slowTotal++;
                        caught += est[i] ? 1 : 0;
                    }
                } else {
                    fast++;
                    falseSlow += est[i] ? 1 : 0;
                }
            }
        }
        // A fast worker (0.01 + 0.1·E per unit) essentially never exceeds 3x the median. With at
        // most 40 % slow, the median is a fast worker's (~0.08), the limit ~0.25, and a slow
        // worker (0.01 + 10·E) escapes only when E < 0.024 (2.4 %). At 50 % slow or more the
        // median itself breaks down (its breakdown point), which is why those rounds are excluded.
        assertThat((double) falseSlow / fast).isLessThan(0.01);
        assertThat(slowTotal).isGreaterThan(500);
        assertThat((double) caught / slowTotal).isGreaterThan(0.9);
    }

    @Test
    void rejectsBadInput() {
        StragglerDetector d = StragglerDetector.hdfsDefaults(2, 1);
        assertThatThrownBy(() -> d.record(0, Double.NaN)).hasMessageContaining("worker 0");
        assertThatThrownBy(() -> new StragglerDetector(0, 1, 3, 3, 0))
                .hasMessageContaining("workers=0");
    }
}
