package io.codedyarn.coordinator;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The adaptation decisions of a run (load balancing, GC-DC's re-clustering): each one is logged at
 * INFO with its iteration, worker, what changed and why, and kept for the {@link RunResult}.
 * Single-threaded (the coordinator's).
 */
final class Decisions {
    private static final Logger LOG = LoggerFactory.getLogger(Decisions.class);

    private final List<Decision> all = new ArrayList<>();

    void add(long iteration, double seconds, int worker, String what, String why) {
        Decision d = new Decision(iteration, seconds, worker, what, why);
        all.add(d);
        if (worker >= 0) {
            LOG.info(
                    "iteration {} ({} s): worker {}: {}; why: {}",
                    iteration,
                    seconds,
                    worker,
                    what,
                    why);
        } else {
            LOG.info("iteration {} ({} s): {}; why: {}", iteration, seconds, what, why);
        }
    }

    List<Decision> list() {
        return List.copyOf(all);
    }
}
