package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HeartbeatPaceTest {
    @Test
    void quickWhileWaitingForABoundedNumberOfBeatsThenNormal() {
        HeartbeatPace pace = new HeartbeatPace(500);
        assertThat(pace.next(false)).isEqualTo(500);
        for (int i = 0; i < HeartbeatPace.QUICK_BEATS; i++) {
            assertThat(pace.next(true)).as("beat %d", i).isEqualTo(HeartbeatPace.QUICK_MILLIS);
        }
        assertThat(pace.next(true)).isEqualTo(500); // a long wait goes back to the normal pace
        assertThat(pace.next(true)).isEqualTo(500);
    }

    @Test
    void everyNewWaitStartsQuickAgain() {
        HeartbeatPace pace = new HeartbeatPace(500);
        for (int i = 0; i <= HeartbeatPace.QUICK_BEATS; i++) {
            pace.next(true);
        }
        assertThat(pace.next(false)).isEqualTo(500);
        assertThat(pace.next(true)).isEqualTo(HeartbeatPace.QUICK_MILLIS);
    }

    @Test
    void aNormalPaceQuickerThanTheQuickOneIsRefused() {
        assertThatThrownBy(() -> new HeartbeatPace(50)).hasMessageContaining("50 ms");
    }
}
