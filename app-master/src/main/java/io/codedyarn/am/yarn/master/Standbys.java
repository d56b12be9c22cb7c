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
 * was granted and launched, or a warm spare was adopted) → either <em>promoted</em> ({@link
 * #promote}: it becomes the worker's container and the old one is stopped) or <em>failed</em> (its
 * container failed to start or exited: {@code ReplacementFailed}, the worker keeps its old
 * container) → none. At most one standby per worker.
 */
final class Standbys {
    private static final Logger LOG = WorkerContainers.LOG;

    private final RunningContainers containers;
    private final EventQueue events;
    private final Map<Integer, Container> standby = new HashMap<>();
    private final Set<ContainerId> standbyIds = new HashSet<>();

    Standbys(RunningContainers containers, EventQueue events) {
        this.containers = containers;
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
        containers.launch(c, w);
    }

    /** Spare {@code spareId}'s container {@code c}, already running, becomes w's standby. */
    void adopt(int w, Container c, int spareId) {
        hold(w, c);
        LOG.info("worker {}: spare {} ({}) takes over", w, spareId, c.getId());
    }

    private void hold(int w, Container c) {
        standby.put(w, c);
        standbyIds.add(c.getId());
        containers.bind(c.getId(), w);
    }

    /**
     * Worker w's standby takes over: it becomes the worker's container, and the old one is stopped
     * and released (its exit is not a failure). Nothing when w has no standby.
     */
    void promote(int w) {
        Container next = standby.remove(w);
        if (next == null) {
            return;
        }
        standbyIds.remove(next.getId());
        Container old = containers.replace(w, next);
        if (old != null) {
            LOG.info(
                    "worker {}: replaced container {} on {} by {} on {}",
                    w,
                    old.getId(),
                    WorkerContainers.nodeName(old),
                    next.getId(),
                    WorkerContainers.nodeName(next));
        }
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
        containers.unbind(id);
        events.post(
                new CoordinatorEvent.ReplacementFailed(
                        w, "replacement container " + id + " " + how));
        return true;
    }
}
