package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.am.yarn.ProgressFile.Snapshot;
import io.codedyarn.am.yarn.client.ProgressLine.Budget;
import io.codedyarn.compute.task.Workload;
import org.junit.jupiter.api.Test;

/** The progress line's rate, ETA and text, from snapshots and stopping rules given by hand. */
class ProgressLineTest {
    private static final double NONE = Double.NaN;

    @Test
    void rateIsRoundsPerCoordinatorSecondBetweenTwoSnapshots() {
        Snapshot a = new Snapshot(9, 2.0, 0.6, NONE, 4, 4);
        Snapshot b = new Snapshot(29, 6.0, 0.5, NONE, 4, 4);
        assertThat(ProgressLine.rate(a, b)).isCloseTo(20 / 4.0, within(1e-12));
        // alone: rounds done (index + 1) over the seconds so far
        assertThat(ProgressLine.rate(null, b)).isCloseTo(30 / 6.0, within(1e-12));
        // no time between them: the whole run's rate
        assertThat(ProgressLine.rate(b, b)).isCloseTo(30 / 6.0, within(1e-12));
        assertThat(ProgressLine.rate(null, new Snapshot(0, 0.0, 0.6, NONE, 4, 4))).isNaN();
    }

    @Test
    void etaIsTheBudgetsRoundsLeftAtTheRateOrTheTimeLimitWhicheverComesFirst() {
        Snapshot s = new Snapshot(29, 6.0, 0.5, NONE, 4, 4); // 30 rounds done
        assertThat(ProgressLine.secondsLeft(s, 5.0, new Budget(100, NONE, NONE)))
                .isCloseTo(70 / 5.0, within(1e-12));
        assertThat(ProgressLine.secondsLeft(s, 5.0, new Budget(100, NONE, 10.0)))
                .isCloseTo(4.0, within(1e-12));
        assertThat(ProgressLine.secondsLeft(s, 5.0, new Budget(100, NONE, 60.0)))
                .isCloseTo(14.0, within(1e-12));
        // the budget reached (or passed, after a larger --resume budget was spent): nothing left
        assertThat(ProgressLine.secondsLeft(s, 5.0, new Budget(30, NONE, NONE))).isZero();
        assertThat(ProgressLine.secondsLeft(s, NONE, new Budget(100, NONE, NONE))).isNaN();
        assertThat(ProgressLine.secondsLeft(s, NONE, new Budget(100, NONE, 10.0)))
                .isCloseTo(4.0, within(1e-12));
    }

    @Test
    void theLineNamesIterationObjectiveGapRateAndEta() {
        Snapshot s = new Snapshot(12, 2.6, 0.598555314, 1.234e-3, 4, 4);
        assertThat(ProgressLine.format("F", s, 5.0, new Budget(20, NONE, NONE)))
                .isEqualTo(
                        "training: iteration 13/20, F 0.598555, gap 1.23e-03, 5.00 it/s, ETA 1.4s");
        // no reference: no gap; no rate yet: ETA unknown
        assertThat(
                        ProgressLine.format(
                                "EV",
                                new Snapshot(0, 0, 41.5, NONE, 4, 4),
                                NONE,
                                new Budget(5, NONE, NONE)))
                .isEqualTo("training: iteration 1/5, EV 41.5000, ETA unknown");
        // long runs: minutes
        assertThat(ProgressLine.format("F", s, 0.05, new Budget(20, NONE, NONE)))
                .endsWith("0.0500 it/s, ETA 2m20s");
    }

    @Test
    void aTargetGapMakesTheEtaUnknownWithTheBudgetAsABound() {
        Snapshot s = new Snapshot(9, 2.0, 0.6, 3e-4, 4, 4);
        assertThat(ProgressLine.format("F", s, 5.0, new Budget(100, 1e-6, NONE)))
                .endsWith("5.00 it/s, ETA unknown (stops at gap 1e-06, at most 18.0s)");
        assertThat(ProgressLine.format("F", s, NONE, new Budget(100, 1e-6, NONE)))
                .endsWith("gap 3.00e-04, ETA unknown (stops at gap 1e-06)");
    }

    @Test
    void beforeTheFirstRoundTheLineCountsTheWorkersContainers() {
        assertThat(ProgressLine.waiting(new Snapshot(-1, 0, NONE, NONE, 2, 4)))
                .isEqualTo("training: waiting for the workers, 2 of 4 containers running");
    }

    @Test
    void pcaShowsTheExplainedVariance() {
        assertThat(ProgressLine.metric(Workload.PCA)).isEqualTo("EV");
        assertThat(ProgressLine.metric(Workload.LR)).isEqualTo("F");
        assertThat(ProgressLine.metric(Workload.LSQ)).isEqualTo("F");
    }
}
