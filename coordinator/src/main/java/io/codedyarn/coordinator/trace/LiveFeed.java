package io.codedyarn.coordinator.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's records as they happen, for a live view on another thread (the AM's tracking page). The
 * coordinator's thread appends one immutable {@link Entry} per iteration (and a last one when the
 * run ends); any thread reads the entries from a position on ({@link #since}). A reader that has
 * seen {@code next} entries asks for {@code since(next)} and gets only what is new.
 *
 * <p>A task's latency record changes after it was first published (sent, then received, then marked
 * used, stale or discarded): each entry carries the records that changed since the previous one,
 * and a later record of the same (iteration, worker) supersedes an earlier one. (A task the round
 * engine already wrote to the trace as lost keeps that record here when its worker is replaced
 * later; {@code latency-trace.csv} says replaced.)
 *
 * <p>Bounded: the feed keeps the last {@code recent} entries whole, and of the older ones a thinned
 * history of at most {@code history}: every k-th entry's iteration and events, without its task
 * records, k doubling whenever the history fills (so it spans the whole run at a coarser and
 * coarser step). Positions stay those of the whole run: a reader asking from a position that was
 * thinned away gets the next entry kept, and {@link Slice#next} after the last it got. The run's
 * files ({@code iterations.csv}, {@code latency-trace.csv}, {@code events.csv}) have every row.
 */
public final class LiveFeed {
    /** Entries kept whole by default: the page's latency heat map spans these. */
    public static final int DEFAULT_RECENT = 1000;

    /** Older entries kept (thinned) by default: the page's curves over the whole run. */
    public static final int DEFAULT_HISTORY = 1000;

    /**
     * One publication.
     *
     * @param iteration the iteration just recorded; null in the last entry of a run (and in one
     *     that carries restored records only)
     * @param latency the latency records that changed since the previous entry, in send order
     * @param events the adaptation events taken since the previous entry
     * @param validation the held-out scores taken since the previous entry
     */
    public record Entry(
            IterationRecord iteration,
            List<LatencyRecord> latency,
            List<AdaptEvent> events,
            List<ValidationRecord> validation) {
        public Entry {
            latency = List.copyOf(latency);
            events = List.copyOf(events);
            validation = List.copyOf(validation);
        }

        /** An entry without held-out scores. */
        public Entry(
                IterationRecord iteration, List<LatencyRecord> latency, List<AdaptEvent> events) {
            this(iteration, latency, events, List.of());
        }
    }

    /**
     * The entries from a position on.
     *
     * @param next the position to ask for next
     * @param entries the entries kept in {@code [from, next)}: all of them unless part of that
     *     range was thinned away
     * @param finished whether the run has ended (no entry will follow {@code next})
     */
    public record Slice(int next, List<Entry> entries, boolean finished) {}

    private record At(int position, Entry entry) {}

    private final int recentCapacity;
    private final int historyCapacity;
    private final ArrayDeque<At> recent = new ArrayDeque<>();
    private final List<At> history = new ArrayList<>(); // ascending positions, multiples of step
    private int step = 1;
    private int size; // entries published
    private boolean finished;

    /** A feed of {@link #DEFAULT_RECENT} whole and {@link #DEFAULT_HISTORY} thinned entries. */
    public LiveFeed() {
        this(DEFAULT_RECENT, DEFAULT_HISTORY);
    }

    /**
     * @param recent the last entries kept whole (at least 1)
     * @param history the older entries kept, thinned (at least 1)
     */
    public LiveFeed(int recent, int history) {
        if (recent < 1 || history < 1) {
            throw new IllegalArgumentException(
                    "recent and history must be positive, got " + recent + " and " + history);
        }
        this.recentCapacity = recent;
        this.historyCapacity = history;
    }

    /** Appends an entry (the coordinator's thread). */
    public synchronized void publish(Entry e) {
        if (finished) {
            throw new IllegalStateException("the run's feed is finished");
        }
        recent.addLast(new At(size, e));
        size = Math.addExact(size, 1);
        if (recent.size() > recentCapacity) {
            thin(recent.pollFirst());
        }
    }

    /** Appends the run's last entry (the coordinator's thread). */
    public synchronized void finish(Entry e) {
        publish(e);
        finished = true;
    }

    /** An entry leaving the recent ones: kept in the history when on its step, without tasks. */
    private void thin(At old) {
        if (old.position() % step != 0) {
            return;
        }
        history.add(
                new At(
                        old.position(),
                        new Entry(old.entry().iteration(), List.of(), old.entry().events())));
        if (history.size() > historyCapacity) {
            step *= 2;
            history.removeIf(a -> a.position() % step != 0);
        }
    }

    /**
     * At most {@code max} entries from position {@code from} on (any thread).
     *
     * @throws IllegalArgumentException when {@code from} is negative or beyond the entries so far
     *     (a reader of another run's feed)
     */
    public synchronized Slice since(int from, int max) {
        if (from < 0 || from > size) {
            throw new IllegalArgumentException(
                    "since=" + from + ": the feed holds " + size + " entries");
        }
        if (max < 1) {
            throw new IllegalArgumentException("max must be positive, got " + max);
        }
        List<Entry> out = new ArrayList<>(Math.min(max, recent.size() + history.size()));
        int next = from;
        for (int i = firstAtOrAfter(from); i < history.size() && out.size() < max; i++) {
            out.add(history.get(i).entry());
            next = history.get(i).position() + 1;
        }
        for (At a : recent) {
            if (out.size() == max) {
                break;
            }
            if (a.position() >= from) {
                out.add(a.entry());
                next = a.position() + 1;
            }
        }
        return new Slice(next, List.copyOf(out), finished && next == size);
    }

    /** Entries published so far (the position after the last). */
    public synchronized int size() {
        return size;
    }

    /** The index of the first history entry at or after {@code position}. */
    private int firstAtOrAfter(int position) {
        int lo = 0;
        int hi = history.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (history.get(mid).position() < position) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
