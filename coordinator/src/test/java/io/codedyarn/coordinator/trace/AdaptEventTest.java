package io.codedyarn.coordinator.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AdaptEventTest {
    /** A container's exit diagnostics span lines; events.csv keeps one row per event. */
    @Test
    void aMultiLineReasonBecomesOneLine() {
        AdaptEvent e =
                new AdaptEvent(
                        238,
                        5.6,
                        2,
                        null,
                        "failed",
                        "container c_3 exited with status 137: Killed on request.\n"
                                + "  Exit code is 137\r\nKilled by external signal\n");
        assertThat(e.reason())
                .isEqualTo(
                        "container c_3 exited with status 137: Killed on request.; Exit code is"
                                + " 137; Killed by external signal");
        assertThat(e.node()).isEmpty();
    }
}
