package io.codedyarn.coordinator;

import io.codedyarn.coordinator.adapt.AdaptEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's records as they happen, for a live view on another thread (the AM's tracking page). The
 * coordinator's thread appends one immutable {@link Entry} per iteration (and a last one when the
 * run ends); any thread reads the entries from a position on ({@link #since}). Append-only: a
 * reader that has seen {@code next} entries asks for {@code since(next)} and gets only what is new.
 *
 * <p>A task's latency record changes after it was first published (sent, then received, then marked
 * used, stale or discarded): each entry carries the records that changed since the previous one,
 * and a later record of the same (iteration, worker) supersedes an earlier one.
 */
public final class LiveFeed {
    /**
     * One publication.
     *
     * @param iteration the iteration just recorded; null in the last entry of a run (and in one
     *     that carries restored records only)
     * @param latency the latency records that changed since the previous entry, in send order
     * @param events the adaptation events taken since the previous entry
     */
    public record Entry(
            IterationRecord iteration, List<LatencyRecord> latency, List<AdaptEvent> events) {
        public Entry {
            latency = List.copyOf(latency);
            events = List.copyOf(events);
        }
    }

    /**
     * The entries from a position on.
     *
     * @param next the position to ask for next
     * @param entries entries {@code [from, next)}
     * @param finished whether the run has ended (no entry will follow {@code next})
     */
    public record Slice(int next, List<Entry> entries, boolean finished) {}

    private final List<Entry> entries = new ArrayList<>();
    private boolean finished;

    /** Appends an entry (the coordinator's thread). */
    synchronized void publish(Entry e) {
        if (finished) {
            throw new IllegalStateException("the run's feed is finished");
        }
        entries.add(e);
    }

    /** Appends the run's last entry (the coordinator's thread). */
    synchronized void finish(Entry e) {
        publish(e);
        finished = true;
    }

    /**
     * At most {@code max} entries from position {@code from} on (any thread).
     *
     * @throws IllegalArgumentException when {@code from} is negative or beyond the entries so far
     *     (a reader of another run's feed)
     */
    public synchronized Slice since(int from, int max) {
        if (from < 0 || from > entries.size()) {
            throw new IllegalArgumentException(
                    "since=" + from + ": the feed holds " + entries.size() + " entries");
        }
        if (max < 1) {
            throw new IllegalArgumentException("max must be positive, got " + max);
        }
        int to = (int) Math.min(entries.size(), (long) from + max);
        return new Slice(
                to, List.copyOf(entries.subList(from, to)), finished && to == entries.size());
    }
}
