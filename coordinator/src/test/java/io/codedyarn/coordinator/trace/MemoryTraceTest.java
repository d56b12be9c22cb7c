package io.codedyarn.coordinator.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * {@link MemoryTrace}: a lost task reads replaced once its worker is replaced after it was written
 * (not before); a resumed run takes the earlier rows from the checkpoint when it keeps them all, or
 * from the earlier run's logs checked against the rows it keeps, and says what is missing
 * otherwise.
 */
class MemoryTraceTest {
    private static IterationRecord it(long t) {
        return new IterationRecord(t, t, 1.0 / (t + 1), Double.NaN, 4, 0, 0, "0 1", t, false);
    }

    private static List<IterationRecord> rows(long from, long to) {
        return LongStream.range(from, to).mapToObj(MemoryTraceTest::it).toList();
    }

    @Test
    void aLostTaskReadsReplacedOnlyWhenItsWorkerIsReplacedAfterIt() {
        MemoryTrace t = new MemoryTrace();
        t.task(new LatencyRecord(0, 1, 0, Double.NaN, 0, 1, "lost"));
        t.task(new LatencyRecord(0, 2, 0, Double.NaN, 0, 1, "lost"));
        t.replaced(1);
        t.task(new LatencyRecord(1, 1, 1, Double.NaN, 0, 1, "lost"));
        t.replaced(2);
        assertThat(t.tasks())
                .extracting(LatencyRecord::use)
                .containsExactly("replaced", "replaced", "lost");
    }

    @Test
    void aResumedRunTakesTheEarlierRowsFromWhereTheyAre() {
        TraceSink.Continued shortRun =
                new TraceSink.Continued("c", 10, rows(0, 10), 0, List.of(), "");
        MemoryTrace fromCheckpoint = new MemoryTrace();
        fromCheckpoint.resume(shortRun);
        assertThat(fromCheckpoint.iterations()).isEqualTo(rows(0, 10));

        TraceSink.Continued longRun =
                new TraceSink.Continued("c", 300, rows(172, 300), 0, List.of(), "");
        assertThatThrownBy(() -> new MemoryTrace().resume(longRun))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("it keeps the last 128 of the run's 300 iterations");
        MemoryTrace given = MemoryTrace.continuing(rows(0, 320), List.of());
        given.resume(longRun);
        assertThat(given.iterations()).isEqualTo(rows(0, 300));
        List<IterationRecord> other = new java.util.ArrayList<>(rows(0, 300));
        other.set(299, it(7));
        assertThatThrownBy(() -> MemoryTrace.continuing(other, List.of()).resume(longRun))
                .hasMessageContaining("not the ones it was taken from");
        assertThatThrownBy(() -> MemoryTrace.continuing(rows(0, 200), List.of()).resume(longRun))
                .hasMessageContaining("hold 200 iterations, it counts 300");
    }
}
