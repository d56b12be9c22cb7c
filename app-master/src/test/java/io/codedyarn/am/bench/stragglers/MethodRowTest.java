package io.codedyarn.am.bench.stragglers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The median and spread rules: a run that missed the target is slower than any that made it. */
class MethodRowTest {
    private static final BenchMethod GD = BenchMethods.all(6).get(0);

    private static RunRecord run(long seed, Double seconds) {
        return new RunRecord(
                seed,
                seconds,
                seconds == null ? RunRecord.LIMIT : RunRecord.REACHED,
                10,
                1e-5,
                "out",
                null);
    }

    @Test
    void aMissedRunCountsAsTheSlowest() {
        MethodRow row = MethodRow.of("a", GD, List.of(run(1, 3.0), run(2, null), run(3, 1.0)));
        assertThat(row.timeToTarget()).isEqualTo(3.0);
        assertThat(row.reached()).isEqualTo(2);
        assertThat(row.spread().min()).isEqualTo(1.0);
        assertThat(row.spread().max()).isNull();
    }

    @Test
    void noMedianWhenMostRunsMissed() {
        MethodRow row = MethodRow.of("a", GD, List.of(run(1, null), run(2, null), run(3, 1.0)));
        assertThat(row.timeToTarget()).isNull();
        assertThat(row.withRatios(2.0, 1.0).ratioToUncoded()).isNull();
    }

    @Test
    void evenCountsAverageTheMiddleTwoAndRatiosDivideMedians() {
        MethodRow row =
                MethodRow.of("a", GD, List.of(run(1, 4.0), run(2, 2.0), run(3, 8.0), run(4, 6.0)));
        assertThat(row.timeToTarget()).isEqualTo(5.0);
        assertThat(row.spread().max()).isEqualTo(8.0);
        MethodRow rated = row.withRatios(10.0, 2.5);
        assertThat(rated.ratioToUncoded()).isEqualTo(0.5);
        assertThat(rated.ratioToLbfgs()).isEqualTo(2.0);
    }

    @Test
    void everyRowOfTheTableIsAValidPlanAndNamesAreUnique() {
        List<BenchMethod> all = BenchMethods.all(6);
        assertThat(all.stream().map(BenchMethod::name).distinct().count()).isEqualTo(all.size());
        for (BenchMethod m : all) {
            io.codedyarn.coordinator.round.TrainSpec spec =
                    new io.codedyarn.coordinator.round.TrainSpec(
                            io.codedyarn.compute.task.Workload.LR,
                            m.scheme(),
                            m.params().of(1),
                            1,
                            Double.NaN,
                            true,
                            io.codedyarn.coordinator.optim.Optimizer.parse(m.optimizer()),
                            Double.NaN,
                            10,
                            Double.NaN,
                            Double.NaN,
                            m.waitFor(),
                            Double.NaN,
                            null,
                            null,
                            1);
            io.codedyarn.coordinator.Coordinator.validate(spec, spec.plan());
        }
    }
}
