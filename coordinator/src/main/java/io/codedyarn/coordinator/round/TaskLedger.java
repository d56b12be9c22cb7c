package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.MemoryTrace;
import io.codedyarn.coordinator.trace.TraceSink;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToDoubleFunction;

/**
 * The {@link RoundEngine}'s record of the tasks it sent: which can still be answered or looked up,
 * and each traced task's latency record until it is final. Its memory is bounded by the tasks in
 * flight, not by the rounds: a task leaves once nothing can refer to it any more, and its record
 * goes to the {@link TraceSink} as soon as it and every task sent before it are final (the trace is
 * in send order). Coordinator thread only.
 *
 * <p>A task is <em>referable</em> (found by {@link #find}: an arriving result is matched to it, its
 * round trip is measured, the method marks what it did with it) while it is open, and after its
 * answer until the next round but one has started: every method marks its arrivals within the round
 * that took them ({@link DecodeGate} when the round decodes, the others on arrival), so a round's
 * grace is a margin, not a need. It is <em>final</em> (its record cannot change) once it is
 * answered and no longer referable, or can no longer be answered:
 *
 * <ul>
 *   <li>its worker answered a newer task: a worker computes its tasks in order and drops a queued
 *       one that a newer task replaced (newest wins), so the older ones are never answered — they
 *       are retired, {@code lost} (a late answer to one would be dropped as unexpected: neither the
 *       simulated cluster nor a real worker answers out of order);
 *   <li>its worker failed (the engine drops whatever its old incarnation still sends);
 *   <li>its worker was replaced ({@code replaced}).
 * </ul>
 *
 * A {@code lost} task may still read {@code replaced} when its worker is replaced later: today's
 * rule, kept for every task the ledger no longer holds by {@link TraceSink#replaced}.
 */
final class TaskLedger {
    /** One task in flight or answered. */
    static final class Slot {
        final long round;
        final long iteration;
        final int worker;
        final long sent;
        final double load;
        final long[] tags;
        long received = -1;
        long service = -1;
        long compute;
        String use = "lost";
        boolean changed; // in {@code changed}: not drained since its last change
        boolean fin; // final: its record may go to the sink

        Slot(long round, long iteration, int worker, long sent, double load, long[] tags) {
            this.round = round;
            this.iteration = iteration;
            this.worker = worker;
            this.sent = sent;
            this.load = load;
            this.tags = tags;
        }

        boolean traced() {
            return iteration >= 0;
        }
    }

    private final int workers;
    private final LongToDoubleFunction seconds; // clock nanos -> coordinator seconds

    /** The referable tasks, by (round, worker). */
    private final Map<Long, Slot> referable = new HashMap<>();

    /**
     * Per worker, its tasks not answered yet, in send order. An answer also retires every older
     * task of the worker (newest wins). The head is the oldest task still in service or queued.
     */
    private final ArrayDeque<Slot>[] open;

    /** Traced tasks whose records have not gone to the sink, in send order. */
    private final ArrayDeque<Slot> unwritten = new ArrayDeque<>();

    /** Tasks answered since the round began, and those answered in the round before it. */
    private List<Slot> answeredNow = new ArrayList<>();

    private List<Slot> answeredBefore = new ArrayList<>();

    private final List<Slot> changed = new ArrayList<>(); // for a LiveFeed
    private boolean trackChanges;
    private TraceSink sink = new MemoryTrace();

    TaskLedger(int workers, LongToDoubleFunction seconds) {
        this.workers = workers;
        this.seconds = seconds;
        @SuppressWarnings("unchecked")
        ArrayDeque<Slot>[] queues = new ArrayDeque[workers];
        for (int w = 0; w < workers; w++) {
            queues[w] = new ArrayDeque<>();
        }
        this.open = queues;
    }

    /** Where final records go (set before the first task). */
    void sink(TraceSink s) {
        this.sink = java.util.Objects.requireNonNull(s);
    }

    /**
     * A task sent at clock nanos {@code now}.
     *
     * @throws IllegalStateException when the worker already has a referable task of the round
     */
    Slot sent(long round, long iteration, int worker, long now, double load, long[] tags) {
        Slot s = new Slot(round, iteration, worker, now, load, tags);
        Slot old = referable.put(key(round, worker), s);
        if (old != null) {
            referable.put(key(round, worker), old);
            throw new IllegalStateException(
                    "worker " + worker + " already has a task of round " + round);
        }
        open[worker].addLast(s);
        if (s.traced()) {
            unwritten.addLast(s);
        }
        touch(s);
        return s;
    }

    /** The referable task of {@code round} sent to {@code worker}; null when there is none. */
    Slot find(long round, int worker) {
        return worker >= 0 && worker < workers ? referable.get(key(round, worker)) : null;
    }

    /**
     * {@code s} was answered at clock nanos {@code now}: it and every older task of its worker
     * leave the open ones (the older ones retired, final, lost).
     */
    void answered(Slot s, long now) {
        s.received = now;
        s.use = "received";
        ArrayDeque<Slot> queue = open[s.worker];
        if (queue.contains(s)) {
            Slot older;
            while ((older = queue.pollFirst()) != s) {
                settle(older); // dropped by the worker: newest wins
            }
        }
        answeredNow.add(s);
        touch(s);
        write();
    }

    /** Records what the method did with an answered task: used, stale, discarded, unused. */
    void mark(Slot s, String use) {
        s.use = use;
        touch(s);
    }

    /** Send-to-receive seconds of the task an arrival answers (NaN if unknown). */
    double roundTripSeconds(Arrival a) {
        Slot s = find(a.round(), a.worker());
        return s == null || s.received < 0 ? Double.NaN : (s.received - s.sent) / 1e9;
    }

    /**
     * Seconds the worker spent on the task an arrival answers, queueing behind its previous task
     * excluded: received − max(sent, the worker's previous arrival) (NaN if unknown). Equals the
     * round trip when the worker was idle at the send; a task sent to a busy worker (a GC-DC
     * straggler gets every round's task) only starts when the previous one is done, and that wait
     * says nothing about its speed.
     */
    double serviceSeconds(Arrival a) {
        Slot s = find(a.round(), a.worker());
        return s == null || s.service < 0 ? Double.NaN : s.service / 1e9;
    }

    /**
     * The load (shares of n/N rows, the latency models' unit) of the task an arrival answers (NaN
     * if unknown).
     */
    double load(Arrival a) {
        Slot s = find(a.round(), a.worker());
        return s == null ? Double.NaN : s.load;
    }

    /** Records what the method did with an arrival's task, if the ledger still holds it. */
    void mark(Arrival a, String use) {
        Slot s = find(a.round(), a.worker());
        if (s != null) {
            mark(s, use);
        }
    }

    /** The worker's oldest open task (in service or queued); null when it has none. */
    Slot oldestOpen(int worker) {
        return open[worker].peekFirst();
    }

    /** A new round begins: the tasks answered before the previous round began become final. */
    void roundStarted() {
        for (Slot s : answeredBefore) {
            settle(s);
        }
        answeredBefore.clear();
        List<Slot> swap = answeredBefore;
        answeredBefore = answeredNow;
        answeredNow = swap;
        write();
    }

    /**
     * The worker failed, or takes part afresh ({@link RoundEngine#admit}): its open tasks will not
     * be answered (whatever its old incarnation still sends is dropped); they are final, lost.
     */
    void closed(int worker) {
        for (Slot s : open[worker]) {
            settle(s);
        }
        open[worker].clear();
        write();
    }

    /**
     * The worker's replacement took over: every task of the old incarnation not answered reads
     * {@code replaced} — those still open, those the ledger still holds, and through {@link
     * TraceSink#replaced} those already written.
     */
    void replaced(int worker) {
        for (Slot s : open[worker]) {
            settle(s);
        }
        open[worker].clear();
        for (Slot s : unwritten) {
            if (s.worker == worker && s.received < 0 && s.use.equals("lost")) {
                s.use = "replaced";
                touch(s);
            }
        }
        sink.replaced(worker);
        write();
    }

    /** The run ended: every record is final as it stands (open tasks: lost). */
    void finish() {
        for (Slot s : unwritten) {
            s.fin = true;
        }
        write();
        referable.clear();
        for (ArrayDeque<Slot> q : open) {
            q.clear();
        }
        answeredNow.clear();
        answeredBefore.clear();
    }

    /** From now on, keep which traced tasks changed, for {@link #drainChanged} (a live feed). */
    void trackChanges() {
        trackChanges = true;
    }

    /**
     * The records of the traced tasks sent, answered or marked since the last call, in the order of
     * their first change (empty unless {@link #trackChanges} was called).
     */
    List<LatencyRecord> drainChanged() {
        List<LatencyRecord> out = new ArrayList<>(changed.size());
        for (Slot s : changed) {
            out.add(record(s));
            s.changed = false;
        }
        changed.clear();
        return out;
    }

    private void touch(Slot s) {
        if (trackChanges && s.traced() && !s.changed) {
            s.changed = true;
            changed.add(s);
        }
    }

    /** {@code s} is no longer referable: its record is final (bar {@link #replaced}). */
    private void settle(Slot s) {
        referable.remove(key(s.round, s.worker), s);
        s.fin = true;
    }

    /** Hands the final records at the head of the send order to the sink. */
    private void write() {
        while (!unwritten.isEmpty() && unwritten.peekFirst().fin) {
            sink.task(record(unwritten.pollFirst()));
        }
    }

    private LatencyRecord record(Slot s) {
        double received = s.received < 0 ? Double.NaN : seconds.applyAsDouble(s.received);
        return new LatencyRecord(
                s.iteration,
                s.worker,
                seconds.applyAsDouble(s.sent),
                received,
                s.compute / 1e9,
                s.load,
                s.use);
    }

    private long key(long round, int worker) {
        return round * workers + worker;
    }
}
