package io.codedyarn.coordinator.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run-time adaptation events of a run, in the order they were taken — the {@link
 * io.codedyarn.coordinator.adapt.Adapter}'s (slow workers, exclusions, replacements), the load
 * balancer's and GC-DC's re-clustering: each one is logged at INFO with its iteration, worker,
 * node, what happened and why, and written to the run's {@link TraceSink} ({@code events.csv}, the
 * {@link RunResult}'s events). Only the last {@value #RECENT} are kept here (for checkpoints), and
 * those a live feed has not taken yet: GC-DC re-clusters, and DSAG re-balances, every few rounds
 * for as long as a run lasts. Single-threaded (the coordinator's).
 */
public final class Decisions {
    private static final Logger LOG = LoggerFactory.getLogger(Decisions.class);

    /**
     * Events a checkpoint keeps (to check the streamed ones against, or to restore a short run).
     */
    static final int RECENT = 128;

    private final TraceSink trace;
    private final ArrayDeque<AdaptEvent> recent = new ArrayDeque<>();
    private long count;
    private List<AdaptEvent> unpublished; // null: no live feed takes them

    /** Events kept in memory only (tests). */
    public Decisions() {
        this(new MemoryTrace());
    }

    public Decisions(TraceSink trace) {
        this.trace = trace;
    }

    public void add(AdaptEvent e) {
        count++;
        trace.event(e);
        remember(e);
        if (unpublished != null) {
            unpublished.add(e);
        }
        LOG.info(
                "iteration {} ({} s): {} {}{}: {}",
                e.iteration(),
                e.seconds(),
                e.event(),
                e.worker() >= 0 ? "worker " + e.worker() : "-",
                e.node().isEmpty() ? "" : " on " + e.node(),
                e.reason());
    }

    /** An event without a node: {@code what} changed, {@code why}. */
    public void add(
            long iteration, double seconds, int worker, String event, String what, String why) {
        add(new AdaptEvent(iteration, seconds, worker, "", event, what + "; " + why));
    }

    /**
     * A checkpoint's count of events and its last ones, taken again without logging or writing them
     * a second time (the trace sink continues the file that holds them); a live feed gets the last
     * ones with its next entry.
     */
    public void restore(long events, List<AdaptEvent> last) {
        count = events;
        recent.clear();
        last.forEach(this::remember);
        if (unpublished != null) {
            unpublished.addAll(last);
        }
    }

    /** From now on, keep the events {@link #drainUnpublished} has not returned (a live feed). */
    public void trackUnpublished() {
        unpublished = new ArrayList<>();
    }

    /** The events taken since the last call (empty unless {@link #trackUnpublished}). */
    public List<AdaptEvent> drainUnpublished() {
        if (unpublished == null) {
            return List.of();
        }
        List<AdaptEvent> out = List.copyOf(unpublished);
        unpublished.clear();
        return out;
    }

    /** Events taken in the whole run (a resumed run's included). */
    public long size() {
        return count;
    }

    /** The last {@value #RECENT} events at most, oldest first. */
    public List<AdaptEvent> recent() {
        return List.copyOf(recent);
    }

    private void remember(AdaptEvent e) {
        if (recent.size() == RECENT) {
            recent.pollFirst();
        }
        recent.addLast(e);
    }
}
