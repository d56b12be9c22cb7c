package io.codedyarn.am.yarn.master;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventQueue;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.slf4j.Logger;

/**
 * Replacements, make before break: a worker's new container launched beside its old one, which
 * keeps working until the new one takes over; one of {@link WorkerContainers}' collaborators, run
 * on its {@code thread} only.
 *
 * <p>State machine, per worker: <em>none</em> → <em>standby</em> (a replacement request's container
 * was granted and launched, or a warm spare was adopted) → either <em>promoted</em> ({@link #take}:
 * the facade makes it the worker's container and stops the old one) or <em>failed</em> (its
 * container failed to start or exited: {@code ReplacementFailed}, the worker keeps its old
 * container) → none. At most one standby per worker.
 */
final class Standbys {
    private static final Logger LOG = WorkerContainers.LOG;

    private final WorkerContainers owner;
    private final EventQueue events;
    private final Map<Integer, Container> standby = new HashMap<>();
    private final Set<ContainerId> standbyIds = new HashSet<>();

    Standbys(WorkerContainers owner, EventQueue events) {
        this.owner = owner;
        this.events = events;
    }

    /** Whether worker w has a replacement launched and not yet promoted. */
    boolean has(int w) {
        return standby.containsKey(w);
    }

    /** Worker w's replacement request was granted {@code c} (on {@code node}): launched. */
    void allocated(int w, Container c, String node) {
        hold(w, c);
        LOG.info("worker {}: replacement container {} on {}", w, c.getId(), node);
        owner.launch(c, w);
    }

    /** Spare {@code spareId}'s container {@code c}, already running, becomes w's standby. */
    void adopt(int w, Container c, int spareId) {
        hold(w, c);
        LOG.info("worker {}: spare {} ({}) takes over", w, spareId, c.getId());
    }

    private void hold(int w, Container c) {
        standby.put(w, c);
        standbyIds.add(c.getId());
        owner.bind(c.getId(), w);
    }

    /** Worker w's standby, no longer one (it is being promoted), or null. */
    Container take(int w) {
        Container next = standby.remove(w);
        if (next != null) {
            standbyIds.remove(next.getId());
        }
        return next;
    }

    /**
     * Container {@code id} of worker w ended ({@code how}: "failed to start: ...", "exited with
     * status ..."): if it was w's standby, the replacement failed. Whether it was.
     */
    boolean ended(ContainerId id, int w, String how) {
        if (!standbyIds.remove(id)) {
            return false;
        }
        standby.remove(w);
        owner.unbind(id);
        events.post(
                new CoordinatorEvent.ReplacementFailed(
                        w, "replacement container " + id + " " + how));
        return true;
    }
}
