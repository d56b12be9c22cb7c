package io.codedyarn.repro;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The training reproductions' pure parts, and their ordering claims at a tiny fixed-seed scale. */
class TrainingReproductionTest {

    @Test
    void traceMeasuresTimeFromTheFirstBroadcastAndCountsCommunicationAndComputation() {
        List<IterationRecord> its =
                List.of(
                        new IterationRecord(0, 5.0, 10, 1.0, 2, 0, 0, "0 1", 0, false),
                        new IterationRecord(1, 6.5, 4, 0.4, 1, 0, 0, "1", 1, false));
        List<LatencyRecord> lat =
                List.of(
                        // load 1 share of n/N rows, N = 2: half the data per task
                        new LatencyRecord(0, 0, 3.0, 4.0, 1.0, 1.0, "used"),
                        new LatencyRecord(0, 1, 3.0, 5.0, 2.0, 1.0, "used"),
                        new LatencyRecord(1, 0, 5.0, 6.0, 1.0, 1.0, "unused"),
                        new LatencyRecord(1, 1, 5.0, 6.5, 1.5, 1.0, "used"));
        Trace t =
                Trace.of(
                        new RunResult(
                                true, "", new double[] {1}, 4, 2, 6.5, its, lat, List.of(), null),
                        2,
                        0.1);

        assertThat(t.seconds()).containsExactly(2.0, 3.5); // setup until 3.0 is not counted
        assertThat(t.comm()).containsExactly(4.0, 7.0); // 2 down + 2 up; 2 down + 1 used up
        assertThat(t.comp()).containsExactly(1.0, 2.0);
        assertThat(t.firstValueAtMost(5)).isEqualTo(1);
        assertThat(t.at(t.value(), 1.0)).isNaN();
        assertThat(t.at(t.value(), 2.5)).isEqualTo(10);
        assertThat(t.at(t.value(), 100)).isEqualTo(4);
    }

    @Test
    void lagcClaimsThatMustHoldAtAnyScale() {
        LagcTraining.Scale scale = new LagcTraining.Scale(1, 1e-2, 20);
        DenseRows data = LagcTraining.data(7, scale.rowsPerPartition());
        double loss0 = LagcTraining.initialLoss(data);
        Map<String, Trace> runs = new LinkedHashMap<>();
        for (TrainingCase c : LagcTraining.cases()) {
            runs.put(
                    c.label(),
                    SimulatedRuns.run(
                            LagcTraining.spec(
                                    c, LagcTraining.EXPONENTIAL, loss0, scale.epsilon(), 11),
                            data));
        }
        for (Trace t : runs.values()) {
            int last = t.iterations() - 1;
            assertThat(t.value()[last]).isLessThanOrEqualTo(1e-2 * loss0);
            assertThat(t.seconds()[0]).isPositive();
        }
        int gd = runs.get("GD").iterations();
        // Exact gradients take the same GD steps (decoding is exact up to rounding).
        assertThat(runs.get("G-GD").iterations()).isBetween(gd - 1, gd);
        assertThat(runs.get("GC").iterations()).isBetween(gd - 1, gd);
        // Lazy selection uploads less than GD's 2M per iteration.
        Trace glag = runs.get("G-LAG");
        Trace gdTrace = runs.get("GD");
        assertThat(glag.comm()[glag.iterations() - 1])
                .isLessThan(gdTrace.comm()[gdTrace.iterations() - 1]);
        // GD: every iteration sends M = 20 tasks of 1/20 of the data, so P = iterations.
        assertThat(gdTrace.comp()[gd - 1]).isCloseTo(gd, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void dsagReachesTheGapNoLaterThanSagWaitingForAll() {
        int workers = 20; // DSAG waits for w = 10 < N
        DsagCurves.Scale scale = new DsagCurves.Scale(1, 60, 5.0);
        DenseRows data = HiggsLikeLr.data(3, workers * scale.rowsPerWorker());
        double ref = HiggsLikeLr.reference(data);
        List<TrainingCase> cases = DsagCurves.cases(workers).subList(0, 2);
        Map<String, List<Trace>> res =
                DsagCurves.simulate(3, data, ref, scale, cases, DsagCurves.LATENCY);
        double dsag = timeTo(res.get("DSAG w=10"), data, ref, 1e-2);
        double sag = timeTo(res.get("SAG w=N"), data, ref, 1e-2);
        assertThat(dsag).isNotNaN();
        assertThat(sag).isNotNaN();
        assertThat(dsag).isLessThanOrEqualTo(sag);
    }

    private static double timeTo(List<Trace> t, DenseRows data, double ref, double gap) {
        return TimesToGap.meanTimeTo(t, gap, HiggsLikeLr.exactFinalGaps(t, data, ref));
    }
}
