package io.codedyarn.coordinator.round;

import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.liveness.TaskDeadlines;
import io.codedyarn.coordinator.round.TaskLedger.Slot;
import java.util.ArrayList;
import java.util.List;

/**
 * The results, for the {@link RoundEngine}: matches each to the task it answers (by round and
 * worker), dropping and counting a duplicate, unsolicited or malformed one; times it as the
 * worker's service time (queueing behind its previous task excluded), which feeds the liveness
 * deadlines; and keeps the answered traced tasks until the adaptation step drains them as {@link
 * ServiceSample}s. Runs on the coordinator's thread.
 */
final class ResultIntake {
    private final RoundEngine engine;
    private final TaskLedger ledger;
    private final WorkerRoster roster;
    private final List<Slot> answered = new ArrayList<>(); // traced, since drainSamples
    private long duplicates;

    ResultIntake(RoundEngine engine, TaskLedger ledger, WorkerRoster roster) {
        this.engine = engine;
        this.ledger = ledger;
        this.roster = roster;
    }

    /** The arrival a result makes, or null when it is dropped. */
    Arrival accept(CoordinatorEvent.ResultArrived r) {
        var res = r.result();
        Slot s = ledger.find(res.round(), res.worker());
        if (s == null || s.received >= 0 || !roster.alive(res.worker())) {
            duplicates++;
            RoundEngine.LOG.warn(
                    "dropped an unexpected or duplicate result: worker {} round {}",
                    res.worker(),
                    res.round());
            return null;
        }
        if (res.values().length != s.tags.length) {
            duplicates++;
            RoundEngine.LOG.warn(
                    "dropped a result of worker {} round {}: {} values for {} units",
                    res.worker(),
                    res.round(),
                    res.values().length,
                    s.tags.length);
            return null;
        }
        // the answer retires this task and every older one of the worker (dropped: newest wins)
        ledger.answered(s, engine.now());
        // A worker runs one task at a time: this one started when it was sent or when the
        // worker's previous result left, whichever is later (a single FIFO server: service =
        // departure − max(arrival, previous departure)).
        s.service = s.received - roster.began(res.worker(), s.sent);
        roster.answered(res.worker(), s.received);
        s.compute = res.computeNanos();
        TaskDeadlines deadlines = engine.deadlines();
        if (deadlines != null) {
            deadlines.record(res.worker(), s.service / 1e9, s.load);
        }
        if (s.traced()) {
            answered.add(s);
        }
        return new Arrival(
                res.worker(), res.round(), s.tags, res.values(), res.computeNanos(), null);
    }

    /** Results dropped as unexpected, duplicate or malformed. */
    long duplicates() {
        return duplicates;
    }

    /** See {@link RoundEngine#drainSamples}. */
    List<ServiceSample> drainSamples() {
        List<ServiceSample> out = new ArrayList<>();
        boolean[] seen = new boolean[engine.workers()];
        for (Slot s : answered) {
            double service = s.compute > 0 ? s.compute / 1e9 : (s.received - s.sent) / 1e9;
            out.add(new ServiceSample(s.worker, service, s.load, false));
            seen[s.worker] = true;
        }
        answered.clear();
        long now = engine.now();
        for (int w = 0; w < seen.length; w++) {
            Slot oldest = ledger.oldestOpen(w);
            if (!seen[w] && oldest != null && roster.alive(w)) {
                long since = roster.began(w, oldest.sent);
                out.add(new ServiceSample(w, (now - since) / 1e9, oldest.load, true));
            }
        }
        return out;
    }
}
