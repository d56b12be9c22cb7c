package io.codedyarn.coordinator.auto;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.Plan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The live window and the candidates auto weighs. */
class LiveWindowTest {
    @Test
    void keepsTheNewestRoundsAndFillsGapsWithTheWorkersMedian() {
        LiveWindow w = new LiveWindow(2, 3);
        assertThat(w.matrix(1)).isNull();
        w.record(0, 0, 2.0, 1.0); // round 0: worker 0 took 2 s for 1 unit
        w.record(0, 1, 3.0, 2.0); // 1.5 s per unit
        w.record(1, 0, 4.0, 1.0);
        w.record(2, 0, 9.0, 3.0); // worker 1 has no time in rounds 1 and 2
        w.record(1, 1, 1.0, 0.0); // no load: not a measurement
        assertThat(w.matrix(4)).isNull(); // only 3 rounds
        assertThat(w.matrix(3)).isDeepEqualTo(new double[][] {{2, 1.5}, {4, 1.5}, {3, 1.5}});
        w.record(3, 1, 5.0, 1.0); // round 3 pushes round 0 out
        w.record(0, 1, 7.0, 1.0); // older than the window: ignored
        assertThat(w.matrix(1))
                .isDeepEqualTo(new double[][] {{4, 5}, {3, 5}, {3.5, 5}}); // medians fill
        w.forget(1);
        assertThat(w.matrix(1)).as("worker 1 never timed since").isNull();
    }

    @Test
    void holdsTheNewestRoundsWhateverTheirTags() {
        // backups take tags of their own, so a run's rounds are tagged 0, 2, 4, ...
        LiveWindow w = new LiveWindow(1, 3);
        for (long r = 0; r <= 8; r += 2) {
            w.record(r, 0, r + 1.0, 1.0);
        }
        w.record(2, 0, 100.0, 1.0); // out of the window: rounds 4, 6, 8 fill it
        w.record(6, 0, 7.5, 1.0); // a later time of a round in it replaces the first
        assertThat(w.matrix(3)).isDeepEqualTo(new double[][] {{5}, {7.5}, {9}});
    }

    @Test
    void candidatesAreExactCodesOverOnePartitionPerWorkerWithinTheCap() {
        assertThat(AutoCandidates.of(6, 1, new double[] {1, 1, 1, 1, 1, 1}, 7))
                .extracting(AutoCandidates.Choice::label)
                .as(
                        "cap 1: a worker holds at most 4 partitions, so GC-DC with one cluster of 6 is out")
                .doesNotContain("gc-dc P=1 s=1")
                .contains("gc-dc P=3 s=1");
        double[] speeds = {1, 1, 1, 1, 1, 1};
        List<AutoCandidates.Choice> c = AutoCandidates.of(6, 2, speeds, 7);
        assertThat(c)
                .extracting(AutoCandidates.Choice::label)
                .contains(
                        "uncoded",
                        "cyclic s=1",
                        "cyclic s=2",
                        "fractional s=1",
                        "fractional s=2",
                        "hetero s=0",
                        "bcc-redraw load=2",
                        "bcc-redraw load=3",
                        "clustered P=2 s=1",
                        "clustered P=2 s=2",
                        "gc-dc P=3 s=1")
                .doesNotHaveDuplicates();
        for (AutoCandidates.Choice choice : c) {
            Plan p = choice.plan();
            assertThat(p.partitions()).as(choice.label()).isEqualTo(6);
            for (int w = 0; w < 6; w++) {
                assertThat(p.load(w)).as(choice.label()).isLessThanOrEqualTo(3);
                assertThat(p.stored(w).length).as(choice.label()).isLessThanOrEqualTo(6);
            }
        }
        assertThat(AutoCandidates.strides(20)).containsExactly(1, 2, 3, 4, 8, 16, 20);
        assertThat(AutoCandidates.clusterCounts(100, 25)).containsExactly(2, 10, 50);
    }
}
