package io.codedyarn.coordinator.lazy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.Trainer;
import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.SimulatedTrain;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.SchemeParams;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The lazy family's ξ, D and F ({@link LazySettings}) reach the trigger and the group gate: lagc
 * with M = 6, G = 2 (M_G = 3), r = 2, so the minimal F = 3 − 2 + 1 = 2.
 */
class LazySettingsTest {
    private static final SchemeParams LAGC = SchemeParams.of(6, 0, 1).withGroups(2).withLoad(2);
    private static final String LATENCY = "shifted-exp:alpha=0.5,mu=2";
    private static final int ITERATIONS = 60;

    private static RunResult run(LazySettings lazy) throws Exception {
        TrainSpec spec = Trainer.spec(Workload.LR, "lagc", LAGC, null, ITERATIONS, 0, LATENCY);
        return SimulatedTrain.run(
                spec,
                spec.plan(),
                Trainer.LR_DATA,
                false,
                BalanceSchedule.defaults(),
                AdaptSettings.off(),
                SpeedSettings.defaults(),
                lazy,
                SimulatedTrain.Checkpointing.none());
    }

    private static long sent(RunResult r) {
        return r.latencyLog().stream().filter(l -> l.iteration() >= 0).count();
    }

    /** Per iteration: results used per group that was selected (none: absent). */
    private static Map<Long, Map<Integer, Integer>> usedPerGroup(RunResult r) {
        Map<Long, Map<Integer, Integer>> out = new HashMap<>();
        for (LatencyRecord l : r.latencyLog()) {
            if (l.iteration() >= 0 && l.use().equals("used")) {
                out.computeIfAbsent(l.iteration(), k -> new HashMap<>())
                        .merge(l.worker() / 3, 1, Integer::sum);
            }
        }
        return out;
    }

    @Test
    void xiZeroSelectsEveryGroupEveryIterationAndTheDefaultIsLazier() throws Exception {
        RunResult all = run(new LazySettings(0, 10, 0));
        RunResult lazy = run(LazySettings.defaults());
        assertThat(all.succeeded()).as(all.diagnostic()).isTrue();
        assertThat(lazy.succeeded()).as(lazy.diagnostic()).isTrue();
        assertThat(sent(all)).isEqualTo((long) ITERATIONS * 6);
        assertThat(sent(lazy)).isLessThan(sent(all));
        // A larger ξ raises the threshold: fewer refreshes than ξ = 1 (same seeds).
        assertThat(sent(run(new LazySettings(50, 10, 0)))).isLessThan(sent(lazy));
        // D changes the threshold's average, hence the selections.
        assertThat(run(new LazySettings(1, 1, 0)).latencyLog()).isNotEqualTo(lazy.latencyLog());
    }

    @Test
    void groupWaitDecidesHowManyMembersEachSelectedGroupUses() throws Exception {
        RunResult minimal = run(new LazySettings(0, 10, 0));
        RunResult all = run(new LazySettings(0, 10, 3));
        assertThat(usedPerGroup(minimal).values())
                .allSatisfy(m -> assertThat(m.values()).containsOnly(2));
        assertThat(usedPerGroup(all).values())
                .allSatisfy(m -> assertThat(m.values()).containsOnly(3));
        // Waiting for all 3 of each group is never faster than for the fastest 2 (same draws).
        assertThat(all.wallSeconds()).isGreaterThan(minimal.wallSeconds());
        // Same exact gradient either way: the same iterates up to rounding.
        assertThat(all.objective())
                .isCloseTo(minimal.objective(), org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aGroupWaitBelowTheCodesMinimumOrAboveTheGroupIsRejected() throws Exception {
        for (int bad : new int[] {1, 4}) {
            RunResult r = run(new LazySettings(1, 10, bad));
            assertThat(r.succeeded()).isFalse();
            assertThat(r.diagnostic()).contains("coded-yarn.lazy.group-wait").contains("[2, 3]");
        }
        assertThatThrownBy(() -> new LazySettings(-1, 10, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LazySettings(1, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
