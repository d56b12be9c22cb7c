package io.codedyarn.placement.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Seeds;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

/** Hetero-GC's delay model ({@code +delay}): who is delayed, by how much, and the speed noise. */
class RandomDelaysTest {
    private static final double[] SPEEDS = {2, 2, 4, 4, 8, 8, 8, 12};

    private static LatencyModel model(String spec, long seed) {
        return LatencySpec.parse(spec)
                .build(SPEEDS.length, SPEEDS, Seeds.generator(seed), f -> null);
    }

    @Test
    void exactlyCountDistinctWorkersAreDelayedPerBroadcastEachAtRateCountOverN() {
        LatencyModel m = model("fixed+delay:count=2,seconds=5", 3);
        double[] load = {1, 1, 1, 1, 1, 1, 1, 1};
        double[] out = new double[8];
        int[] hits = new int[8];
        int broadcasts = 20_000;
        for (int t = 0; t < broadcasts; t++) {
            m.sample(t, load, out);
            int delayed = 0;
            for (int i = 0; i < 8; i++) {
                double base = 1 / SPEEDS[i];
                if (out[i] != base) {
                    assertThat(out[i]).isEqualTo(base + 5);
                    delayed++;
                    hits[i]++;
                }
            }
            assertThat(delayed).isEqualTo(2);
        }
        // each worker: Binomial(20000, 2/8); 5 standard deviations
        double p = 2.0 / 8;
        double sd = Math.sqrt(broadcasts * p * (1 - p));
        for (int h : hits) {
            assertThat(Math.abs(h - broadcasts * p)).isLessThan(5 * sd);
        }
    }

    @Test
    void speedNoiseIsLognormalAndIdleWorkersStayAtZero() {
        LatencyModel m = model("fixed+delay:count=0,sigma=0.3", 5);
        double[] load = {2, 0, 0, 0, 0, 0, 0, 0};
        double[] out = new double[8];
        double[] xs = new double[20_000];
        for (int t = 0; t < xs.length; t++) {
            m.sample(t, load, out);
            xs[t] = out[0];
            assertThat(out[1]).isZero();
        }
        // load 2 at speed 2: 1 s · e^{−0.3 Z} = lognormal(0, 0.3)
        double pValue =
                new KolmogorovSmirnovTest()
                        .kolmogorovSmirnovTest(new LogNormalDistribution(0, 0.3), xs);
        assertThat(pValue).isGreaterThan(1e-3);
    }

    @Test
    void aDelayOnAnIdleWorkerIsNotCharged() {
        LatencyModel m = model("fixed+delay:count=8,seconds=1", 1);
        double[] out = new double[8];
        m.sample(0, new double[] {0, 0, 0, 0, 0, 0, 0, 1}, out);
        assertThat(out).containsExactly(0, 0, 0, 0, 0, 0, 0, 1.0 / 12 + 1);
    }

    @Test
    void badParametersNameTheFlag() {
        assertThatThrownBy(() -> model("fixed+delay:count=9", 1))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("--latency")
                .hasMessageContaining("count must be in [0, workers]");
        assertThatThrownBy(() -> model("fixed+delay:seconds=-1", 1))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("seconds must be >= 0");
        assertThatThrownBy(() -> LatencySpec.parse("fixed+delay:speed=1"))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("unknown key 'speed'");
        assertThatThrownBy(() -> LatencySpec.parse("delay:count=1"))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("misplaced 'delay'");
    }
}
