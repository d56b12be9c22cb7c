package io.codedyarn.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.latency.LatencySpec;
import io.codedyarn.placement.slowdown.StraggleSpec;
import org.junit.jupiter.api.Test;

/**
 * The exact SSP curve replayed from a run's log ends at the run's own returned model (so the replay
 * is the run's trajectory), and its objective is the coordinator's estimate once every block was
 * read at the same model (staleness 0, after each full clock).
 */
class SspReplayTest {
    private static TrainSpec spec(int staleness, double step, int rounds) {
        return new TrainSpec(
                Workload.LR,
                "ssp",
                SchemeParams.of(4, staleness, 3).withSpeeds(1, 2, 3, 6),
                1,
                Double.NaN,
                true,
                null,
                step,
                rounds,
                Double.NaN,
                Double.NaN,
                0,
                Double.NaN,
                LatencySpec.parse("fixed+delay:count=1,seconds=0.3,sigma=0.3"),
                StraggleSpec.none(),
                3);
    }

    @Test
    void replayEndsAtTheRunsModelAndMatchesTheEstimateAtStalenessZero() {
        DenseRows data = HiggsLikeLr.data(4, 400);
        double step = 1 / HiggsLikeLr.smoothness(data, 4);
        for (int s : new int[] {0, 2}) {
            SimulatedRuns.Run run = SimulatedRuns.runFull(spec(s, step, 121), data);
            SspReplay.Path p = SspReplay.replay(run.result(), data, 4, step, 1.0 / data.rows());
            double[] last = p.points()[p.points().length - 1];
            double[] model = run.result().model();
            for (int j = 0; j < model.length; j++) {
                assertThat(last[j])
                        .as("s=%d coordinate %d", s, j)
                        .isCloseTo(model[j], within(1e-12));
            }
            if (s == 0) {
                // s = 0: clock c is read at x_{4c}, the point of round 4c, and its 4th update
                // (round 4c+3) logs Σ_i F_i(x_{4c}) = F(x_{4c}) exactly
                for (int c = 0; c < 29; c++) {
                    assertThat(run.trace().value()[4 * c + 3])
                            .isCloseTo(p.values()[4 * c], within(1e-12));
                }
            }
        }
    }
}
