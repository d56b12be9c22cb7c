package io.codedyarn.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DSAG's baselines: the paper's idealised MDS bound (§VII-A). */
class DsagBaselinesTest {

    @Test
    void mdsBoundTakesTheCeilRnThFastestAfterScalingComputation() {
        assertThat(IdealMdsBound.needed(49, 45.0 / 49)).isEqualTo(45);
        assertThat(IdealMdsBound.needed(100, 0.5)).isEqualTo(50);
        assertThat(IdealMdsBound.needed(3, 0.5)).isEqualTo(2);
        assertThatThrownBy(() -> IdealMdsBound.needed(3, 0))
                .isInstanceOf(IllegalArgumentException.class);
        List<IterationRecord> its =
                List.of(
                        new IterationRecord(0, 4.0, 10, 1.0, 3, 0, 0, "0 1 2", 0, false),
                        new IterationRecord(1, 7.0, 5, 0.5, 3, 0, 0, "0 1 2", 1, false));
        // iteration 0: comm 0.5 each, compute 1, 2, 3 -> with r = 2/3: 2.0, 3.5, 5.0; 2nd = 3.5
        // iteration 1: comm 0, compute 3, 1, 2 -> 4.5, 1.5, 3.0; 2nd = 3.0
        List<LatencyRecord> lat =
                List.of(
                        new LatencyRecord(0, 0, 0.0, 1.5, 1.0, 1.0, "used"),
                        new LatencyRecord(0, 1, 0.0, 2.5, 2.0, 1.0, "used"),
                        new LatencyRecord(0, 2, 0.0, 3.5, 3.0, 1.0, "used"),
                        new LatencyRecord(1, 0, 4.0, 7.0, 3.0, 1.0, "used"),
                        new LatencyRecord(1, 1, 4.0, 5.0, 1.0, 1.0, "used"),
                        new LatencyRecord(1, 2, 4.0, 6.0, 2.0, 1.0, "used"));
        RunResult gd =
                new RunResult(true, "", new double[] {1}, 5, 2, 7.0, its, lat, List.of(), null);
        Trace t = Trace.of(gd, 3, 0);
        Trace mds = IdealMdsBound.of(gd, t, 3, 2.0 / 3);
        assertThat(mds.seconds()).containsExactly(3.5, 6.5);
        assertThat(mds.gap()).containsExactly(t.gap());
        assertThat(mds.comp()[1]).isCloseTo(3.0, offset(1e-12)); // 2 iterations × load 3/2
        // r = 1 is GD itself: the N-th fastest of the unscaled times.
        assertThat(IdealMdsBound.of(gd, t, 3, 1).seconds()).containsExactly(3.5, 6.5);
    }

    @Test
    void atRateOneTheBoundRetimesARealGdRunToItsOwnClock() {
        int workers = 8;
        DsagCurves.Scale scale = new DsagCurves.Scale(2, 30, 0.5);
        DenseRows data = HiggsLikeLr.data(5, workers * scale.rowsPerWorker());
        double ref = HiggsLikeLr.reference(data);
        TrainingCase gdCase = DsagCurves.cases(workers).get(4);
        assertThat(gdCase.label()).isEqualTo("GD");
        SimulatedRuns.Run run =
                SimulatedRuns.runFull(
                        DsagCurves.spec(
                                gdCase,
                                DsagCurves.LATENCY,
                                ref,
                                HiggsLikeLr.smoothness(data, 5),
                                scale.timeLimit(),
                                9),
                        data);
        Trace gd = run.trace();
        Trace same = IdealMdsBound.of(run.result(), gd, workers, 1.0);
        for (int i = 0; i < gd.iterations(); i++) {
            assertThat(same.seconds()[i]).isCloseTo(gd.seconds()[i], offset(1e-9));
        }
        // The paper's rate on 8 workers: the 8th of 8 at ×49/45 vs the 8th at ×1 -> slower
        // per iteration by at most 49/45, but never faster than waiting for ⌈rN⌉ = 8 of 8 at ×1.
        Trace mds = IdealMdsBound.of(run.result(), gd, workers, 45.0 / 49);
        double last = gd.seconds()[gd.iterations() - 1];
        assertThat(mds.seconds()[gd.iterations() - 1])
                .isGreaterThanOrEqualTo(last)
                .isLessThanOrEqualTo(last * 49 / 45 + 1e-9);
    }
}
