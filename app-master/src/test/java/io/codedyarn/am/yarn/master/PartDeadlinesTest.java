package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link PartDeadlines}: the limits of a predict part's task and container request. */
class PartDeadlinesTest {
    @Test
    void beforeAnyPartFinishedATaskMayRunFactorTimesTheFloor() {
        PartDeadlines d = new PartDeadlines(10, 60, 150);
        assertThat(d.taskLimit()).isEqualTo(600);
        assertThat(d.overdueTask(600)).isNull();
        assertThat(d.overdueTask(601))
                .isEqualTo("ran 601 s, longer than 600 s (10.0 x 60 s, no part finished yet)");
    }

    @Test
    void afterwardsTheSlowestFinishedPartSetsItAtLeastTheFloor() {
        PartDeadlines d = new PartDeadlines(10, 60, 150);
        d.finished(2.5);
        assertThat(d.taskLimit()).isEqualTo(60); // 25 s < the floor
        d.finished(9);
        d.finished(4);
        assertThat(d.taskLimit()).isEqualTo(90);
        assertThat(d.overdueTask(89)).isNull();
        assertThat(d.overdueTask(91))
                .isEqualTo(
                        "ran 91 s, longer than 90 s (10.0 x the slowest finished part's 9.0 s, at"
                                + " least 60 s)");
    }

    @Test
    void aRequestIsOverdueAfterItsWait() {
        PartDeadlines d = new PartDeadlines(10, 60, 150);
        assertThat(d.overdueRequest(150)).isNull();
        assertThat(d.overdueRequest(151)).startsWith("no container granted within 150 s");
    }

    @Test
    void badLimitsAreRefused() {
        assertThatThrownBy(() -> new PartDeadlines(1, 60, 150)).hasMessageContaining("factor > 1");
        assertThatThrownBy(() -> new PartDeadlines(10, 0, 150)).hasMessageContaining("floor > 0");
    }
}
