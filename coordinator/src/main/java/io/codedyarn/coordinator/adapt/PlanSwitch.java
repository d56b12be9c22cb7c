package io.codedyarn.coordinator.adapt;

import io.codedyarn.coordinator.round.DecodeGate;
import io.codedyarn.coordinator.round.RoundEngine;
import io.codedyarn.coordinator.round.WorkerChange;
import io.codedyarn.coordinator.trace.Decisions;
import io.codedyarn.placement.Plan;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Moves a run from the code in use to another over the same workers and partitions, mid-run: each
 * worker whose support grows loads the partitions it lacks ({@link RoundEngine#load}: beside its
 * node on HDFS first) while it goes on computing the current code, and once every live worker holds
 * its new partitions the {@link DecodeGate} switches between two rounds. Workers keep the current
 * and the next plan's partitions while the move is pending and drop the older ones at the next
 * move, so going back to the previous plan costs no reads.
 *
 * <p>A worker that dies while it reads never says it holds them; its replacement is asked for after
 * the move began (no move starts while a replacement is under way) and starts with the partitions
 * it was last asked to hold, so its promotion counts as loaded. Until then the code's tolerance
 * carries the rounds. Owned by the coordinator's thread.
 */
public final class PlanSwitch {
    private final RoundEngine engine;
    private final DecodeGate gate;
    private final Decisions events;
    private final boolean[] waiting;
    private final int[][] held; // what each worker was last asked to hold
    private Plan pending;
    private int generation;

    public PlanSwitch(RoundEngine engine, DecodeGate gate, Decisions events) {
        this.engine = engine;
        this.gate = gate;
        this.events = events;
        this.waiting = new boolean[engine.workers()];
        this.held = new int[engine.workers()][];
        for (int w = 0; w < held.length; w++) {
            held[w] = gate.plan().stored(w).clone();
        }
    }

    /** The number of the last plan moved to (0: the initial plan). */
    public int generation() {
        return generation;
    }

    /** Whether a move is under way. */
    public boolean pending() {
        return pending != null;
    }

    /** The partitions worker w would have to read to hold its part of {@code plan}. */
    public int[] toRead(int worker, Plan plan) {
        return missing(plan.stored(worker), held[worker]);
    }

    /**
     * Starts moving to {@code next} (plan number {@link #generation} + 1): asks every live worker
     * whose support grows to load what it lacks. Answers how many load, or -1 when this cluster
     * cannot load partitions into running workers (nothing is pending then).
     */
    public int start(Plan next) {
        generation++;
        Plan current = gate.plan();
        int loading = 0;
        for (int w = 0; w < waiting.length; w++) {
            int[] add = toRead(w, next);
            if (add.length == 0 || !engine.alive(w)) {
                continue;
            }
            // keep what the current and the next plan use; older partitions go
            int[] retain = kept(held[w], current.stored(w), next.stored(w));
            if (!engine.load(w, add, retain)) {
                return -1;
            }
            held[w] = union(add, retain);
            waiting[w] = true;
            loading++;
        }
        pending = next;
        return loading;
    }

    /** Notes the workers that now hold their partitions of the pending plan (a row each). */
    public void observe(long iteration, double now, List<WorkerChange> changes) {
        for (WorkerChange c : changes) {
            if (!waiting[c.worker()]) {
                continue;
            }
            if (c.kind() == WorkerChange.Kind.LOADED) {
                loaded(iteration, now, c.worker(), "read in " + c.detail());
            } else if (c.kind() == WorkerChange.Kind.STANDBY) {
                loaded(iteration, now, c.worker(), "its replacement started with them");
            }
        }
    }

    /**
     * Switches to the pending plan if every live worker holds it, and answers the plan it replaced;
     * null while some live worker still reads (or nothing is pending).
     */
    public Plan switchIfLoaded() {
        if (pending == null) {
            return null;
        }
        for (int w = 0; w < waiting.length; w++) {
            // a worker that died meanwhile comes back (replaced) with the partitions it was asked
            // to hold; until then the code's tolerance carries the rounds
            if (waiting[w] && engine.alive(w)) {
                return null;
            }
        }
        Arrays.fill(waiting, false);
        Plan old = gate.plan();
        gate.switchTo(pending);
        pending = null;
        return old;
    }

    private void loaded(long iteration, double now, int worker, String how) {
        waiting[worker] = false;
        events.add(
                iteration,
                now,
                worker,
                "loaded",
                "holds its partitions of plan " + generation,
                how);
    }

    /** The partitions of {@code held} in {@code current} or {@code next}, in held's order. */
    private static int[] kept(int[] held, int[] current, int[] next) {
        Set<Integer> used = new TreeSet<>();
        for (int j : current) {
            used.add(j);
        }
        for (int j : next) {
            used.add(j);
        }
        return Arrays.stream(held).filter(used::contains).toArray();
    }

    private static int[] union(int[] a, int[] b) {
        return java.util.stream.IntStream.concat(Arrays.stream(a), Arrays.stream(b))
                .distinct()
                .sorted()
                .toArray();
    }

    /** The partitions of {@code wanted} not in {@code held}, ascending. */
    static int[] missing(int[] wanted, int[] held) {
        Set<Integer> have = new TreeSet<>();
        for (int j : held) {
            have.add(j);
        }
        return Arrays.stream(wanted).filter(j -> !have.contains(j)).sorted().toArray();
    }
}
