package io.codedyarn.am.metrics;

import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.Roc;
import io.codedyarn.coordinator.trace.TraceSink;
import io.codedyarn.coordinator.trace.ValidationRecord;
import java.io.IOException;

/**
 * A {@link TraceSink} that feeds {@link TrainingMetrics} the rows the coordinator hands its sink
 * and passes every call on to the run's own sink (the streamed {@code iterations.csv} and {@code
 * events.csv}): the metrics see exactly the rows the files get, and the coordinator stays free of
 * Hadoop types.
 */
public final class MeteredTrace implements TraceSink {
    private final TraceSink sink;
    private final TrainingMetrics metrics;

    public MeteredTrace(TraceSink sink, TrainingMetrics metrics) {
        this.sink = sink;
        this.metrics = metrics;
    }

    @Override
    public void iteration(IterationRecord r) {
        sink.iteration(r);
        metrics.iteration(r);
    }

    @Override
    public void event(AdaptEvent e) {
        sink.event(e);
        metrics.event(e);
    }

    @Override
    public void validation(ValidationRecord r) {
        sink.validation(r);
    }

    @Override
    public void roc(Roc curve) {
        sink.roc(curve);
    }

    @Override
    public void task(LatencyRecord r) {
        sink.task(r);
    }

    @Override
    public void replaced(int worker) {
        sink.replaced(worker);
    }

    @Override
    public void flush() throws IOException {
        sink.flush();
    }

    @Override
    public String location() {
        return sink.location();
    }

    @Override
    public void resume(Continued from) throws IOException {
        sink.resume(from);
    }
}
