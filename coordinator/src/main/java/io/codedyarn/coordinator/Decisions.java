package io.codedyarn.coordinator;

import io.codedyarn.coordinator.adapt.AdaptEvent;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run-time adaptation events of a run, in the order they were taken — the {@link Adapter}'s
 * (slow workers, exclusions, replacements), the load balancer's and GC-DC's re-clustering: each one
 * is logged at INFO with its iteration, worker, node, what happened and why, and kept for the
 * {@link RunResult} ({@code events.csv}). Single-threaded (the coordinator's).
 */
final class Decisions {
    private static final Logger LOG = LoggerFactory.getLogger(Decisions.class);

    private final List<AdaptEvent> all = new ArrayList<>();

    void add(AdaptEvent e) {
        all.add(e);
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
    void add(long iteration, double seconds, int worker, String event, String what, String why) {
        add(new AdaptEvent(iteration, seconds, worker, "", event, what + "; " + why));
    }

    /** A checkpoint's events, taken again without logging them a second time. */
    void restore(List<AdaptEvent> events) {
        all.clear();
        all.addAll(events);
    }

    /** The events from position {@code from} on (those a live feed has not published yet). */
    List<AdaptEvent> since(int from) {
        return List.copyOf(all.subList(Math.min(from, all.size()), all.size()));
    }

    int size() {
        return all.size();
    }

    List<AdaptEvent> list() {
        return List.copyOf(all);
    }
}
