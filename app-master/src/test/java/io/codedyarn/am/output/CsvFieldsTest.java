package io.codedyarn.am.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.coordinator.trace.AdaptEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link CsvFields} reads back what {@link OutputCsv} writes, quoted fields included. */
class CsvFieldsTest {
    @Test
    void readsBackAnEventRowWhoseFieldsHoldCommasAndQuotes() {
        AdaptEvent e = new AdaptEvent(7, 1.5, 2, "host-a:1", "backup", "late, \"first\" time");
        String[] lines = OutputCsv.events(List.of(e)).split("\n");

        assertThat(CsvFields.split("events.csv:1", lines[0]))
                .containsExactly(RunOutputs.EVENTS_HEADER.split(","));
        assertThat(CsvFields.split("events.csv:2", lines[1]))
                .containsExactly("7", "1.5", "2", "host-a:1", "backup", "late, \"first\" time");
    }

    @Test
    void keepsEmptyFieldsAtEitherEnd() {
        assertThat(CsvFields.split("f:1", ",a,")).containsExactly("", "a", "");
    }

    @Test
    void namesTheLineOfAnUnterminatedOrTrailedQuote() {
        assertThatThrownBy(() -> CsvFields.split("events.csv:4", "1,\"open"))
                .hasMessage("events.csv:4: unterminated quoted field");
        assertThatThrownBy(() -> CsvFields.split("events.csv:5", "\"a\"b,c"))
                .hasMessage("events.csv:5: text after a quoted field at column 3");
    }
}
