package io.codedyarn.placement.latency;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TimeVaryingRatesTest {

    /** Iterations (of 400) at which worker i's rate changed, as bit sets per worker. */
    private static boolean[][] changes(TimeVaryingRates m) {
        double[] load = new double[20];
        Arrays.fill(load, 3);
        double[] out = new double[20];
        boolean[][] changed = new boolean[20][400];
        double[] before = m.currentRates();
        for (int t = 0; t < 400; t++) {
            m.sample(t, load, out);
            double[] now = m.currentRates();
            for (int i = 0; i < 20; i++) {
                changed[i][t] = now[i] != before[i];
                assertThat(out[i]).isGreaterThanOrEqualTo(3 * 0.01);
            }
            before = now;
        }
        return changed;
    }

    @Test
    void startsWithHalfStragglersBelowTau() {
        TimeVaryingRates m = new TimeVaryingRates(20, 0.05, 0.01, 1, 5, Seeds.generator(4));
        long slow = Arrays.stream(m.currentRates()).filter(mu -> mu < 1).count();
        assertThat(slow).isEqualTo(10);
        boolean[] s = m.slow();
        for (int i = 0; i < 20; i++) {
            assertThat(s[i]).isEqualTo(m.currentRates()[i] < 1);
        }
    }

    @Test
    void perWorkerSwitchesAreIndependentAndSharedOnesSimultaneous() {
        boolean[][] own = changes(new TimeVaryingRates(20, 0.05, 0.01, 1, 5, Seeds.generator(7)));
        boolean[][] shared =
                changes(TimeVaryingRates.shared(20, 0.05, 0.01, 1, 5, Seeds.generator(7)));
        int ownEvents = 0;
        int ownFirstAlone = 0;
        int sharedIterations = 0;
        for (int t = 0; t < 400; t++) {
            int o = 0;
            int sh = 0;
            for (int i = 0; i < 20; i++) {
                o += own[i][t] ? 1 : 0;
                sh += shared[i][t] ? 1 : 0;
            }
            ownEvents += o;
            ownFirstAlone += o > 0 && o < 20 ? 1 : 0;
            // Shared: every worker resamples, or none does.
            assertThat(sh).as("iteration %d", t).isIn(0, 20);
            sharedIterations += sh == 20 ? 1 : 0;
        }
        // 400·20·0.05 = 400 expected per-worker switches (sd ≈ 19.5); shared: 20 iterations (sd
        // ≈ 4.4), never at t = 0.
        assertThat(ownEvents).isBetween(320, 480);
        assertThat(ownFirstAlone).isPositive();
        assertThat(sharedIterations).isBetween(5, 40);
        for (int i = 0; i < 20; i++) {
            assertThat(own[i][0]).isFalse();
            assertThat(shared[i][0]).isFalse();
        }
    }
}
