package io.codedyarn.repro;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.async.BalanceSchedule;
import io.codedyarn.coordinator.trace.RunResult;
import io.codedyarn.repro.placement.PaperCheck;
import io.codedyarn.repro.placement.ReproducedNumber;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The load-balancing comparison's wiring at a tiny scale (N = 20, 40 rows per worker, LR): the -LB
 * curves are balanced by the coordinator, the others are not, and every method of the paper's
 * comparison is there.
 */
class DsagLbTrainingTest {
    /**
     * LR on 20 × 40 higgs-like rows, p = 10, balancer every 0.05 s, {@code seconds} of budget, the
     * table's {@code gaps}, the first of them the headline.
     */
    private static DsagLbTraining.Problem lr(double seconds, double... gaps) {
        return new DsagLbTraining.Problem(
                "LR",
                Workload.LR,
                40,
                HiggsLikeLr.COLS,
                10,
                DsagCurves.LATENCY,
                DsagCurves.STOCHASTIC_STEP,
                0.05,
                seconds,
                gaps,
                gaps[0]);
    }

    private static final DsagLbTraining.Problem TINY = lr(1.0, 1e-2, 1e-3);

    @Test
    void theCurvesAreThePapersAndOnlyTheLbOnesAreBalanced() {
        List<DsagLbTraining.Curve> curves = DsagLbTraining.curves(TINY, 20);
        assertThat(curves)
                .extracting(DsagLbTraining.Curve::label)
                .containsExactly(
                        "GD",
                        "SGD w=10",
                        "SAG w=N",
                        "SAG w=10",
                        "SAG-LB w=10",
                        "DSAG w=10",
                        "DSAG-LB w=10",
                        "DSAG-LB w=10, accept 0.9");
        assertThat(curves).allMatch(c -> c.balance() == c.label().contains("-LB"));
        // only the sensitivity curve departs from the balancer's default threshold
        assertThat(curves)
                .allMatch(
                        c ->
                                c.acceptance()
                                        == (c.label().endsWith("accept 0.9")
                                                ? 0.9
                                                : BalanceSchedule.DEFAULT_ACCEPTANCE));
        DenseRows data = DsagLbTraining.data(TINY, 3, 20);
        double ref = HiggsLikeLr.reference(data);
        double l = HiggsLikeLr.smoothness(data, 3);
        BalanceSchedule every = BalanceSchedule.period(TINY.balancePeriod());
        for (DsagLbTraining.Curve c : List.of(curves.get(5), curves.get(6))) {
            SimulatedRuns.Run run =
                    SimulatedRuns.runFull(
                            DsagLbTraining.spec(TINY, c.c(), ref, l, 5), data, c.balance(), every);
            RunResult r = run.result();
            // The exact gap of the final model is a true suboptimality: never below 0 (up to the
            // reference's L-BFGS tolerance), whatever the method's own estimate said.
            assertThat(DsagLbTrainingReport.exactFinalGaps(TINY, List.of(run.trace()), ref)[0])
                    .isGreaterThan(-1e-9);
            assertThat(r.succeeded()).as(r.diagnostic()).isTrue();
            boolean rebalanced = r.events().stream().anyMatch(e -> e.event().equals("rebalanced"));
            assertThat(rebalanced).as(c.label()).isEqualTo(c.balance());
        }
    }

    /** PCA's η sensitivity: two more curves, whose runs take η = 0.9; the others keep η = 1. */
    @Test
    void thePcaStepCurvesRunAtThePapersStep() {
        List<DsagLbTraining.Curve> curves = DsagLbTraining.curves(DsagLbTraining.PCA, 20);
        assertThat(curves)
                .extracting(DsagLbTraining.Curve::label)
                .endsWith("DSAG w=10, η=0.9", "DSAG-LB w=10, η=0.9")
                .hasSize(10);
        for (DsagLbTraining.Curve c : curves) {
            double step = DsagLbTraining.spec(DsagLbTraining.PCA, c.c(), 1.0, Double.NaN, 1).step();
            if (c.label().contains("η=0.9")) {
                assertThat(step).as(c.label()).isEqualTo(0.9);
            } else {
                assertThat(step).as(c.label()).isNaN(); // the power method's η = 1
            }
        }
        assertThat(DsagLbTraining.curves(TINY, 20)).noneMatch(c -> c.label().contains("η"));
    }

    @Test
    void onlyCurvesWhoseLoggedGapIsExactStopAtTheTargetGap() {
        for (DsagLbTraining.Curve c : DsagLbTraining.curves(TINY, 20)) {
            double stop = DsagLbTraining.spec(TINY, c.c(), 0.5, 1, 5).targetGap();
            if (c.label().equals("GD")) {
                assertThat(stop).as(c.label()).isEqualTo(1e-3);
            } else {
                assertThat(stop).as(c.label()).isNaN();
            }
        }
        assertThat(DsagCurves.cases(49))
                .allSatisfy(
                        c ->
                                assertThat(Double.isNaN(c.stopGap(1e-6)))
                                        .as(c.label())
                                        .isEqualTo(
                                                !Set.of("uncoded", "cyclic").contains(c.scheme())));
    }

    @Test
    void aLoggedGapBelowTheTargetNoLongerEndsTheRun() {
        // SAG waiting for 10 of 20 workers never sees the slowest workers' data: its cache's
        // estimate of the gap falls below the target while the exact gap stays above it. With the
        // old rule (stop on the logged gap) the run ended there; now it runs to the time budget.
        DsagLbTraining.Problem p = lr(5.0, 1e-2, 3e-3);
        DenseRows data = DsagLbTraining.data(p, 3, 20);
        double ref = HiggsLikeLr.reference(data);
        double l = HiggsLikeLr.smoothness(data, 3);
        DsagLbTraining.Curve sag = DsagLbTraining.curves(p, 20).get(3);
        assertThat(sag.label()).isEqualTo("SAG w=10");
        Trace t =
                SimulatedRuns.runFull(
                                DsagLbTraining.spec(p, sag.c(), ref, l, 5),
                                data,
                                false,
                                BalanceSchedule.defaults())
                        .trace();
        int below = t.firstGapAtMost(3e-3);
        double exact = DsagLbTrainingReport.exactFinalGaps(p, List.of(t), ref)[0];
        assertThat(below).as("the logged gap reached the last target").isNotNegative();
        assertThat(below).as("and the run went on").isLessThan(t.iterations() - 1);
        assertThat(t.seconds()[t.iterations() - 1]).isGreaterThanOrEqualTo(p.timeLimit() - 0.1);
        assertThat(exact).as("the exact gap, above the target").isGreaterThan(3e-3);
        // ... so the table counts no time to 3e−3 for it.
        assertThat(DsagLbTrainingReport.timeTo(p, List.of(t), ref, 3e-3)[0]).isNaN();
    }

    @Test
    void everyRowCarriesAStandardErrorAndThePapersPlace() {
        DsagLbTraining.Problem pca =
                new DsagLbTraining.Problem(
                        "PCA",
                        Workload.PCA,
                        20,
                        12,
                        10,
                        "gamma:comm_mean=4e-5,comm_var=4e-10,comp_mean=0.26,comp_var=6.8e-3+ramp:factor=0.4",
                        Double.NaN,
                        0.7,
                        20.0,
                        new double[] {1e-2, 1e-3},
                        1e-2);
        DsagLbTraining.Problem lr = lr(5.0, 1e-2, 1e-3);
        List<ReproducedNumber> rows = new DsagLbTraining().run(3, 2, List.of(lr, pca), 20);
        // LR: the default and the paper's acceptance; PCA: those and the paper's step η = 0.9
        assertThat(rows).hasSize(5);
        assertThat(rows)
                .filteredOn(n -> n.quantity().contains("η=0.9"))
                .singleElement()
                .satisfies(
                        n ->
                                assertThat(n.quantity())
                                        .isEqualTo(
                                                "DSAG-LB w=10, η=0.9 speed-up over DSAG w=10,"
                                                        + " η=0.9, time to gap 1e-02, PCA"));
        assertThat(rows)
                .extracting(ReproducedNumber::quantity)
                .allMatch(q -> q.startsWith("DSAG-LB w=10"))
                .anyMatch(q -> q.startsWith("DSAG-LB w=10, accept 0.9 speed-up"));
        // the default threshold's rows declare it; the paper's-threshold rows need not
        assertThat(rows)
                .allMatch(
                        n ->
                                n.deviation().contains("acceptance threshold 0.98")
                                        != n.quantity().contains("accept 0.9"));
        PaperCheck.requireStandardErrors(rows);
        assertThat(rows).allSatisfy(n -> assertThat(n.source()).startsWith("§VII-B"));
        assertThat(rows).allSatisfy(n -> assertThat(n.deviation()).isNotBlank());
    }
}
