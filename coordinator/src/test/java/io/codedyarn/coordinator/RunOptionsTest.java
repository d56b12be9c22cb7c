package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.adapt.AdaptSettings;
import io.codedyarn.coordinator.adapt.SpeedSettings;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.auto.AutoSettings;
import io.codedyarn.coordinator.auto.Deliberation;
import io.codedyarn.coordinator.lazy.LazySettings;
import io.codedyarn.coordinator.liveness.LivenessSettings;
import org.junit.jupiter.api.Test;

/** Each {@code with} method changes its own setting and keeps every other one. */
class RunOptionsTest {
    private static final io.codedyarn.coordinator.validation.Validation HELD =
            new io.codedyarn.coordinator.validation.Validation(
                    new io.codedyarn.coordinator.validation.HeldOutRows(
                            io.codedyarn.compute.task.Workload.LR,
                            Trainer.logistic(10, 2, 1),
                            true,
                            0),
                    5,
                    2);

    private static final java.util.concurrent.Executor ASIDE = Deliberation.aside();

    private static final LazySettings LAZY = new LazySettings(0.5, 3, 2);
    private static final SpeedSettings SPEEDS = new SpeedSettings(7, 0.2, 9);
    private static final AutoSettings AUTO = new AutoSettings(2, 4, 6, 0.2, 32, 2, 8);

    @Test
    void eachWitherChangesOnlyItsSetting() {
        RunOptions all =
                RunOptions.defaults()
                        .withStartupTimeout(42)
                        .withLiveness(LivenessSettings.defaults())
                        .withLoadBalance(true)
                        .withAdaptation(AdaptSettings.defaults(), 6)
                        .withBalanceSchedule(BalanceSchedule.everyIterations(3))
                        .withLazy(LAZY)
                        .withSpeeds(SPEEDS)
                        .withAuto(AUTO)
                        .withDeliberation(ASIDE)
                        .withValidation(HELD);

        assertThat(all)
                .isEqualTo(
                        new RunOptions(
                                42,
                                LivenessSettings.defaults(),
                                true,
                                AdaptSettings.defaults(),
                                6,
                                BalanceSchedule.everyIterations(3),
                                LAZY,
                                SPEEDS,
                                AUTO,
                                ASIDE,
                                HELD));
        // applied in the reverse order: the same record
        assertThat(
                        RunOptions.defaults()
                                .withValidation(HELD)
                                .withDeliberation(ASIDE)
                                .withAuto(AUTO)
                                .withSpeeds(SPEEDS)
                                .withLazy(LAZY)
                                .withBalanceSchedule(BalanceSchedule.everyIterations(3))
                                .withAdaptation(AdaptSettings.defaults(), 6)
                                .withLoadBalance(true)
                                .withLiveness(LivenessSettings.defaults())
                                .withStartupTimeout(42))
                .isEqualTo(all);
    }

    @Test
    void aWitherValidatesAsTheConstructorDoes() {
        assertThatThrownBy(() -> RunOptions.defaults().withStartupTimeout(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(RunOptions.defaults().withAdaptation(AdaptSettings.off(), 0).clusterNodes())
                .isEqualTo(1);
    }
}
