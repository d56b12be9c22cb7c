package io.codedyarn.placement.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.FixedSpeeds;
import io.codedyarn.placement.scheme.Schemes;
import org.junit.jupiter.api.Test;

/** DSAG's round semantics traced by hand on deterministic times. */
class AsyncRoundSimulatorTest {

    @Test
    void staleWorkersAreRetaskedAndBusyOnesGetNothing() {
        // Times per task: 1/1, 1/2.2, 1/5, 1/10 = 1, 0.4545, 0.2, 0.1; w = 2.
        Plan plan = Schemes.byName("dsag").place(SchemeParams.of(4, 2, 1), Seeds.generator(1));
        AsyncRoundSimulator sim =
                new AsyncRoundSimulator(plan, new FixedSpeeds(new double[] {1, 2.2, 5, 10}), 2);
        // t=0: all four start; 0.1 (w3) and 0.2 (w2) are fresh → done at 0.2.
        IterationOutcome o0 = sim.step(0);
        assertThat(o0.time()).isCloseTo(0.2, offset(1e-12));
        assertThat(o0.waited()).isEqualTo(2);
        assertThat(o0.downloads()).isEqualTo(4);
        // t=1 (starts 0.2): only w3, w2 are idle → 0.3, 0.4 fresh; w1 (0.4545) and w0 stay busy.
        IterationOutcome o1 = sim.step(1);
        assertThat(o1.time()).isCloseTo(0.2, offset(1e-12));
        assertThat(o1.downloads()).isEqualTo(2);
        // t=2 (starts 0.4): w1's stale result at 0.4545 is re-tasked at once; w3, w2 fresh at 0.5,
        // 0.6 → 3 results received, 3 tasks sent.
        IterationOutcome o2 = sim.step(2);
        assertThat(o2.time()).isCloseTo(0.2, offset(1e-12));
        assertThat(o2.waited()).isEqualTo(3);
        assertThat(o2.downloads()).isEqualTo(3);
    }

    @Test
    void graceWindowCollectsNearSimultaneousResults() {
        // w = 1: the 1.0 and 1.015 results both count (within 2 %), 1.03 does not.
        Plan plan = Schemes.byName("dsag").place(SchemeParams.of(3, 2, 1), Seeds.generator(1));
        AsyncRoundSimulator sim =
                new AsyncRoundSimulator(
                        plan, new FixedSpeeds(new double[] {1, 1 / 1.015, 1 / 1.03}), 1);
        IterationOutcome o = sim.step(0);
        assertThat(o.waited()).isEqualTo(2);
        assertThat(o.time()).isCloseTo(1.015, offset(1e-12));
    }
}
