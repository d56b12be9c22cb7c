package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LiveFeed;
import io.codedyarn.coordinator.trace.ValidationRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's publications to its {@link LiveFeed} (the live page): one entry per recorded iteration,
 * with the latency records, adaptation events and held-out scores taken since the previous entry,
 * and a last entry when the run ends. A held-out score is taken after its iteration's entry went
 * out, so it travels with the next one. Coordinator thread only.
 */
final class RunFeed {
    private final LiveFeed feed;
    private final RoundEngine engine;
    private final Decisions decisions;
    private final List<ValidationRecord> scores = new ArrayList<>();

    RunFeed(LiveFeed feed, RoundEngine engine, Decisions decisions) {
        this.feed = feed;
        this.engine = engine;
        this.decisions = decisions;
        engine.trackChanges();
        decisions.trackUnpublished();
    }

    /** The entry of iteration {@code r}; null: the run's last entry. */
    void publish(IterationRecord r) {
        LiveFeed.Entry e =
                new LiveFeed.Entry(
                        r,
                        engine.drainChanged(),
                        decisions.drainUnpublished(),
                        List.copyOf(scores));
        scores.clear();
        if (r == null) {
            feed.finish(e);
        } else {
            feed.publish(e);
        }
    }

    /** A resumed run's last iterations, restored from its checkpoint. */
    void restored(Iterable<IterationRecord> recent) {
        for (IterationRecord r : recent) {
            feed.publish(new LiveFeed.Entry(r, List.of(), List.of()));
        }
    }

    void score(ValidationRecord r) {
        scores.add(r);
    }
}
