package io.codedyarn.am.net;

import io.codedyarn.protocol.v1.Load;
import io.codedyarn.protocol.v1.Piece;
import io.codedyarn.protocol.v1.Task;
import io.codedyarn.protocol.v1.Unit;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The partitions the worker of one stream holds: its Welcome's, then, as each Load sent is answered
 * with Loaded (in order), that Load's add + retain. A task naming a partition the worker does not
 * hold is failed before it is sent, naming what was wrong. Its {@link Connection} calls it under
 * its lock.
 */
final class HeldPartitions {
    /** The partitions the worker holds: its Welcome's, then each answered Load's add + retain. */
    private Set<Integer> held = Set.of();

    /** Per Load sent and not yet answered with Loaded (in order): what the worker then holds. */
    private final ArrayDeque<Set<Integer>> loadsPending = new ArrayDeque<>();

    /** The Welcome's partitions. */
    void welcome(Set<Integer> partitions) {
        held = Set.copyOf(partitions);
    }

    /** A Load was sent: once answered, the worker holds its retained and added partitions. */
    void loadSent(Load load) {
        Set<Integer> next = new HashSet<>(load.getRetainList());
        load.getAddList().forEach(p -> next.add(p.getIndex()));
        loadsPending.add(Set.copyOf(next));
    }

    /** Whether a Load was sent and not yet answered. */
    boolean loadPending() {
        return !loadsPending.isEmpty();
    }

    /** The oldest Load sent was answered with Loaded. */
    void loaded() {
        held = loadsPending.poll();
    }

    /** A partition a task's pieces name that the worker does not hold, or −1. */
    int notHeld(Task t) {
        for (Unit u : t.getUnitsList()) {
            for (Piece p : u.getPiecesList()) {
                if (!held.contains(p.getPartition())) {
                    return p.getPartition();
                }
            }
        }
        return -1;
    }

    /** The partitions held, in order (for messages). */
    SortedSet<Integer> sorted() {
        return new TreeSet<>(held);
    }
}
