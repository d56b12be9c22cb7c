package io.codedyarn.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.simulated.SimulatedCluster;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.SchemeParams;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stale synchronous parallel ({@code ssp}) trained by the coordinator on simulated workers, against
 * two independent references: GD's iterates (staleness 0 is bulk synchronous) and the closed
 * recurrence of the staleness bound for the workers' start times.
 */
class SspTrainingTest {
    private static final double[] DURATION = {1.0, 1.5, 4.0, 0.5}; // seconds per task (load 1)

    private static SimulatedCluster.TaskLatency fixed() {
        return (batch, load, out) -> {
            for (int w = 0; w < load.length; w++) {
                out[w] = load[w] * DURATION[w];
            }
        };
    }

    private static TrainSpec ssp(Workload w, int staleness, int rounds) {
        return Trainer.spec(w, "ssp", SchemeParams.of(4, staleness, 1), null, rounds);
    }

    /**
     * With s = 0 every worker computes clock c at the same model x_c and the four block gradients
     * applied one by one sum to ∇F(x_c): after every 4th update SSP's model is GD's (same 1/L), and
     * its estimate Σ_i F_i(x_c) is GD's exact F(x_c).
     */
    @Test
    void stalenessZeroTakesGradientDescentsSteps() throws Exception {
        for (Workload w : new Workload[] {Workload.LR, Workload.LSQ}) {
            var data = w == Workload.LR ? Trainer.LR_DATA : Trainer.LSQ_DATA;
            int k = 12;
            RunResult ssp = Trainer.run(ssp(w, 0, 4 * k + 1), data, fixed());
            RunResult gd =
                    Trainer.run(
                            Trainer.spec(w, "uncoded", SchemeParams.of(4, 0, 1), "gd", k + 1),
                            data,
                            fixed());
            assertThat(ssp.succeeded()).as(ssp.diagnostic()).isTrue();
            for (int c = 0; c < k; c++) {
                double want = gd.iterationLog().get(c).objective();
                assertThat(ssp.iterationLog().get(4 * c + 3).objective())
                        .as("%s clock %d", w, c)
                        .isCloseTo(want, within(1e-9 * Math.abs(want)));
            }
            for (int j = 0; j < gd.model().length; j++) {
                assertThat(ssp.model()[j]).isCloseTo(gd.model()[j], within(1e-9));
            }
            assertThat(ssp.objective()).isCloseTo(gd.objective(), within(1e-9));
        }
    }

    /** Start times [worker] in order, from the trace, relative to the first training task. */
    private static List<List<Double>> starts(RunResult r) {
        List<List<Double>> out = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            out.add(new ArrayList<>());
        }
        double t0 =
                r.latencyLog().stream()
                        .filter(l -> l.iteration() >= 0)
                        .mapToDouble(LatencyRecord::sentSeconds)
                        .min()
                        .orElseThrow();
        for (LatencyRecord l : r.latencyLog()) {
            if (l.iteration() >= 0) {
                out.get(l.worker()).add(l.sentSeconds() - t0);
            }
        }
        return out;
    }

    @Test
    void workersStartWhenTheStalenessBoundRecurrenceSays() throws Exception {
        for (int s : new int[] {0, 1, 3}) {
            RunResult r = Trainer.run(ssp(Workload.LR, s, 120), Trainer.LR_DATA, fixed());
            assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
            List<List<Double>> got = starts(r);
            // start_i(c) = max(finish_i(c−1), max_j finish_j(c−s−1)), finish = start + d_i
            int clocks = 12;
            double[][] start = new double[4][clocks];
            double[][] finish = new double[4][clocks];
            for (int c = 0; c < clocks; c++) {
                double gate = 0;
                for (int j = 0; c - s - 1 >= 0 && j < 4; j++) {
                    gate = Math.max(gate, finish[j][c - s - 1]);
                }
                for (int i = 0; i < 4; i++) {
                    start[i][c] = Math.max(c == 0 ? 0 : finish[i][c - 1], gate);
                    finish[i][c] = start[i][c] + DURATION[i];
                }
            }
            for (int i = 0; i < 4; i++) {
                for (int c = 0; c < clocks; c++) {
                    assertThat(got.get(i).get(c))
                            .as("s=%d worker %d clock %d", s, i, c)
                            .isCloseTo(start[i][c], within(1e-6));
                }
            }
            // every round applies exactly one result
            assertThat(r.iterationLog())
                    .allSatisfy(it -> assertThat(it.used() + it.stale()).isEqualTo(1));
        }
    }

    @Test
    void aFailedWorkerStopsTheRunWithTheReason() throws Exception {
        RunResult r =
                Trainer.run(
                        ssp(Workload.LR, 2, 5000),
                        Trainer.LR_DATA,
                        fixed(),
                        c -> c.failAt(2, 1000));
        assertThat(r.succeeded()).isFalse();
        assertThat(r.diagnostic()).contains("worker 2 failed").contains("staleness bound");
    }

    @Test
    void pcaIsRejectedNamingTheScheme() {
        TrainSpec pca = ssp(Workload.PCA, 1, 10);
        assertThatThrownBy(() -> Coordinator.validate(pca, pca.plan()))
                .isInstanceOf(InvalidParametersException.class)
                .hasMessageContaining("ssp")
                .hasMessageContaining("not pca");
    }
}
