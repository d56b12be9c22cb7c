package io.codedyarn.repro.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Plan;
import io.codedyarn.repro.placement.Replications.Estimate;
import org.junit.jupiter.api.Test;

/**
 * Hetero-GC under the delay model: with exact speeds (σ = 0) every value has a closed form (digest
 * "Derived benchmark targets"), so the simulation is checked against those, and against the paper's
 * only surviving number.
 */
class HeteroGcDelaysTest {
    /** Hetero-GC abstract, introduction and conclusion: "up to 3×" lower time than cyclic GC. */
    private static final double PAPER_UP_TO = 3.0;

    private static final double[] A = HeteroGcReproduction.speeds(0);

    private static Estimate time(String scheme, int s, double delay, double sigma) {
        Plan plan = HeteroGcDelays.plan(scheme, A, s, 1);
        return HeteroGcDelays.relativeTime(
                plan, A, s, delay, sigma, 4, 50, Replications.stream(5, 7));
    }

    @Test
    void exactSpeedsMatchTheClosedForms() {
        // mean(r)/min(r) = 3 on cluster A: cyclic / heter = 3 whatever the delay, for s = 1.
        double ratio = 6.0 / 2.0; // mean vCPUs of A = (2·2 + 2·4 + 3·8 + 1·12)/8 = 6, min 2
        for (double d : HeteroGcDelays.DELAYS) {
            assertThat(time("hetero", 1, d, 0).mean())
                    .as("heter δ=%s", d)
                    .isCloseTo(1, within(1e-9));
            assertThat(time("cyclic", 1, d, 0).mean())
                    .as("cyclic δ=%s", d)
                    .isCloseTo(ratio, within(1e-9));
        }
        assertThat(ratio).isEqualTo(PAPER_UP_TO);
        // naive: all workers, equal loads: 1/(n·r_min) = mean/((s+1)·min) = 1.5 T* at s = 1 ...
        assertThat(time("uncoded", 1, 0, 0).mean()).isCloseTo(1.5, within(1e-9));
        // ... grows with the delay (waits for the delayed worker) and never ends on a failure.
        assertThat(time("uncoded", 1, 2, 0).mean()).isGreaterThan(2);
        assertThat(time("uncoded", 1, Double.POSITIVE_INFINITY, 0).mean()).isInfinite();
        // s = 2, failure: the digest's exact expectation over the C(8,2) = 28 equally likely
        // failed pairs is 3 − 1.5/28; within 4 s.e.
        Estimate c2 = time("cyclic", 2, Double.POSITIVE_INFINITY, 0);
        assertThat(c2.mean()).isCloseTo(3 - 1.5 / 28, within(4 * c2.standardError() + 0.02));
        assertThat(time("cyclic", 2, 0, 0).mean()).isCloseTo(1.5, within(1e-9));
    }

    @Test
    void withNoisySpeedsGroupBasedBeatsHeterAware() {
        Estimate h = time("hetero", 2, 0, 0.3);
        Estimate g = time("hetero-group", 2, 0, 0.3);
        assertThat(g.mean() + 4 * g.standardError()).isLessThan(h.mean() - 4 * h.standardError());
        assertThat(HeteroGcDelays.tables(1, 2)).contains("∞ (failure)").contains("Cluster D");
    }
}
