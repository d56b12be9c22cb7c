package io.codedyarn.placement.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.latency.LatencyModel;
import io.codedyarn.placement.latency.TraceReplay;
import io.codedyarn.placement.scheme.PlanGroups;
import io.codedyarn.placement.scheme.Schemes;
import java.io.StringReader;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * A lazy round times only the groups its trigger selected ({@link TimeSimulator#stepSelected}):
 * G-LAG with N = 4, s = 1 has two replicated groups, each decoded by its fastest member, so by hand
 * the round takes max over the selected groups of their fastest member's latency.
 */
class SelectedGroupsTest {

    @Test
    void aLazyRoundWaitsOnlyForTheSelectedGroups() throws Exception {
        Plan plan = Schemes.byName("g-lag").place(SchemeParams.of(4, 1, 1), Seeds.generator(1));
        assertThat(PlanGroups.count(plan)).isEqualTo(2);
        double[] latency = {1, 2, 3, 4};
        StringBuilder csv = new StringBuilder("iteration,worker,latency\n");
        for (int w = 0; w < 4; w++) {
            csv.append("0,").append(w).append(',').append(latency[w]).append('\n');
        }
        LatencyModel trace = TraceReplay.read(new StringReader(csv.toString()), "t.csv", 4);
        TimeSimulator sim = new TimeSimulator(plan, trace, CodewordAssigner.fixed(plan), false);

        double[] fastest = new double[2];
        BitSet[] groups = new BitSet[2];
        for (int g = 0; g < 2; g++) {
            groups[g] = new BitSet();
            fastest[g] = Double.POSITIVE_INFINITY;
            for (int w : PlanGroups.members(plan, g)) {
                groups[g].set(w);
                fastest[g] = Math.min(fastest[g], latency[w]);
            }
        }
        assertThat(sim.step(0).time()).isEqualTo(Math.max(fastest[0], fastest[1]));
        assertThat(sim.stepSelected(1, groups[0]).time()).isEqualTo(fastest[0]);
        assertThat(sim.stepSelected(2, groups[1]).time()).isEqualTo(fastest[1]);
        assertThat(sim.stepSelected(3, new BitSet()).time()).isZero();
        // the fixed assignment is not consumed by a selected round
        assertThat(sim.step(4).time()).isEqualTo(Math.max(fastest[0], fastest[1]));
    }
}
