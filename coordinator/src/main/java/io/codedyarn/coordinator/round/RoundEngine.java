package io.codedyarn.coordinator.round;

import io.codedyarn.compute.task.Task;
import io.codedyarn.coordinator.cluster.Clock;
import io.codedyarn.coordinator.cluster.CoordinatorEvent;
import io.codedyarn.coordinator.cluster.EventSource;
import io.codedyarn.coordinator.cluster.WorkerPort;
import io.codedyarn.coordinator.liveness.LivenessSettings;
import io.codedyarn.coordinator.liveness.TaskDeadlines;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's event pump, shared by every method: sends tasks through the {@link WorkerPort},
 * takes events from the {@link EventSource} and turns them into {@link Arrival}s for the round's
 * aggregator. Its parts, which talk to each other through methods: the {@link TaskLedger} (the
 * tasks sent and their latency records until final, then the run's {@link TraceSink}; the round
 * trip, service time and load of the task an arrival answers, and what the method did with it), the
 * {@link WorkerRoster} (per worker: alive or why not, node, open tasks, replacement), the {@link
 * StartPhase} (until training starts), the {@link ResultIntake} (each result matched to the task it
 * answers, by round and worker, and timed; a duplicate or unsolicited result is dropped and
 * counted), {@link SilentWorkers} (liveness deadlines), {@link Replacements} (make before break),
 * {@link WorkerLifecycle} (failures, late and replacement containers), the {@link EventIntake} (the
 * wait for the next arrival) and the {@link RunClock} (the run's time). Runs on the coordinator's
 * thread only; it knows nothing of what a round needs (that is the aggregator's {@link Verdict})
 * nor of how the loop answers a stall ({@link RoundDriver}).
 */
public final class RoundEngine {
    static final Logger LOG = LoggerFactory.getLogger(RoundEngine.class);

    private final WorkerPort port;
    private final RunClock time;
    private final int workers;
    private final List<WorkerChange> changes = new ArrayList<>();

    /** The tasks sent: open, recently answered, and records not final yet. */
    private final TaskLedger ledger;

    private LivenessSettings liveness = LivenessSettings.off();
    private TaskDeadlines deadlines; // null: liveness off

    /** Per worker: alive or why not, node, open tasks, replacement. */
    private final WorkerRoster roster;

    /** The start of training: which workers are ready, their deadlines. */
    private final StartPhase starts;

    /** Results matched to their tasks and timed. */
    private final ResultIntake results;

    /** Asking for replacements, promoting them, and whether a stalled round waits for one. */
    private final Replacements replacements;

    /** Workers failing, ready late, replaced, loaded: the events that are not results. */
    private final WorkerLifecycle lifecycle;

    /** The wait for the next arrival: results, other events, silent workers. */
    private final EventIntake intake;

    private long rounds;

    public RoundEngine(WorkerPort port, EventSource events, Clock clock) {
        this.port = port;
        this.time = new RunClock(clock);
        this.workers = port.workers();
        this.roster = new WorkerRoster(workers);
        this.ledger = new TaskLedger(workers, time::seconds);
        this.starts = new StartPhase(this, roster, events);
        this.results = new ResultIntake(this, ledger, roster);
        this.replacements = new Replacements(this, port, roster, ledger, starts);
        this.lifecycle = new WorkerLifecycle(this, port, roster, ledger, starts, replacements);
        SilentWorkers silences = new SilentWorkers(this, roster, ledger, starts);
        this.intake = new EventIntake(events, time, silences, results, lifecycle);
    }

    public int workers() {
        return workers;
    }

    /** Where the traced tasks' final records go (set before the first task; default: memory). */
    public void trace(TraceSink sink) {
        ledger.sink(sink);
    }

    /**
     * Deadlines for workers that stay connected but answer nothing ({@link TaskDeadlines}), and for
     * starts; set before {@link #awaitReady}. Off (the default): a silent worker stalls its round.
     */
    public void liveness(LivenessSettings settings) {
        this.liveness = Objects.requireNonNull(settings);
        this.deadlines = settings.enabled() ? new TaskDeadlines(workers, settings) : null;
    }

    /** Whether liveness deadlines are on. */
    public boolean livenessOn() {
        return deadlines != null;
    }

    /** The liveness settings (off unless {@link #liveness} turned them on). */
    LivenessSettings livenessSettings() {
        return liveness;
    }

    /** The workers' task deadlines; null while liveness is off. */
    TaskDeadlines deadlines() {
        return deadlines;
    }

    /** Waits until every worker reported ready; returns the slowest load time in seconds. */
    public double awaitReady(long timeoutNanos) throws InterruptedException, RunAborted {
        return awaitReady(timeoutNanos, ready -> allOf(ready), changes -> {});
    }

    /** Whether every worker is ready: the start condition of schemes that need them all. */
    public static boolean allOf(boolean[] ready) {
        for (boolean r : ready) {
            if (!r) {
                return false;
            }
        }
        return true;
    }

    /**
     * Waits until the workers ready are {@code enough} (for an exact code: their codewords decode,
     * so training can go on without the rest, which join when ready); returns the slowest load time
     * in seconds. See {@link StartPhase#awaitReady}.
     */
    public double awaitReady(
            long timeoutNanos, Predicate<boolean[]> enough, Consumer<List<WorkerChange>> adapt)
            throws InterruptedException, RunAborted {
        return starts.awaitReady(timeoutNanos, enough, adapt);
    }

    /**
     * Workers whose first container is neither ready nor given up on yet (readable from any thread:
     * the AM publishes it with its progress).
     */
    public int startingCount() {
        return starts.startingCount();
    }

    /** See {@link WorkerLifecycle#fail}. */
    Arrival fail(int w, String why, WorkerChange.Kind kind) {
        return lifecycle.fail(w, why, kind);
    }

    /** Records a change for the adaptation step ({@link #drainChanges}). */
    void changed(WorkerChange change) {
        changes.add(change);
    }

    /** Whether changes wait for the adaptation step. */
    boolean hasChanges() {
        return !changes.isEmpty();
    }

    /** Hands {@code e}, taken from the source but not handled at start, to {@link #next} first. */
    void handLater(CoordinatorEvent e) {
        intake.handLater(e);
    }

    /** See {@link RunClock#trainingStarts}. */
    void trainingStarts() {
        time.trainingStarts();
    }

    /**
     * Continues a checkpointed run: {@link #awaitReady} then sets the clock's origin so that {@link
     * #elapsedSeconds()} goes on from {@code elapsedNanos}, and round tags continue after {@code
     * rounds} (so no result of the new run can be taken for an older round's).
     */
    public void resume(long elapsedNanos, long rounds) {
        time.resumedAfter(elapsedNanos);
        this.rounds = rounds;
    }

    /** Round tags handed out so far. */
    public long rounds() {
        return rounds;
    }

    /** Coordinator nanoseconds since the workers were ready (a resumed run's included). */
    public long elapsedNanos() {
        return time.elapsedNanos();
    }

    /** A new round number (the tag results come back with). */
    public long newRound() {
        ledger.roundStarted(); // the round before the last one is over: its answers are final
        return rounds++;
    }

    /** Clock nanos now. */
    public long now() {
        return time.now();
    }

    /**
     * Clock nanos at {@code seconds} coordinator seconds (the inverse of {@link RunClock#seconds}).
     */
    public long nanosAt(double seconds) {
        return time.nanosAt(seconds);
    }

    /** Coordinator seconds since the workers were ready (a resumed run's included). */
    public double elapsedSeconds() {
        return time.elapsedSeconds();
    }

    public boolean alive(int worker) {
        return roster.alive(worker);
    }

    public int aliveCount() {
        return roster.aliveCount();
    }

    /** See {@link WorkerRoster#deadWorkers}. */
    String deadWorkers() {
        return roster.deadWorkers();
    }

    /** Whether the worker has a task it has not answered yet. */
    public boolean busy(int worker) {
        return roster.busy(worker);
    }

    long duplicates() {
        return results.duplicates();
    }

    /**
     * Sends a task. {@code iteration} labels the trace row (−1: a setup round, not traced), {@code
     * tags} (one per unit) come back with the arrival, {@code load} is in {@code LoadUnit}s (n/N
     * rows each, the latency models' unit).
     */
    public void send(long iteration, int worker, Task task, long[] tags, double load) {
        record(iteration, worker, task, tags, load);
        port.send(worker, task.at(iteration));
    }

    private void record(long traced, int worker, Task task, long[] tags, double load) {
        if (tags.length != task.units().size()) {
            throw new IllegalArgumentException("one tag per unit");
        }
        ledger.sent(task.round(), traced, worker, time.now(), load, tags);
        roster.sent(worker);
    }

    /**
     * Sends a backup task ({@link Backups}): stamped with {@code iteration} (a worker injects
     * {@code --straggle} slowness by it) but not traced, since the trace keeps one task per worker
     * and iteration; its round is a tag of its own ({@link #newTag}).
     */
    void sendBackup(long iteration, int worker, Task task, long[] tags, double load) {
        record(-1, worker, task, tags, load);
        port.sendBackup(worker, task.at(iteration));
    }

    /**
     * A round tag for a task within the round in progress (a backup): unlike {@link #newRound}, no
     * round ends.
     */
    long newTag() {
        return rounds++;
    }

    /**
     * The next result or worker failure, or {@code null} once the clock passes {@code deadline}
     * (nanos; {@code Long.MAX_VALUE} for none).
     */
    public Arrival next(long deadline) throws InterruptedException {
        return intake.next(deadline);
    }

    /** See {@link TaskLedger#roundTripSeconds}. */
    public double roundTripSeconds(Arrival a) {
        return ledger.roundTripSeconds(a);
    }

    /** See {@link TaskLedger#serviceSeconds}. */
    double serviceSeconds(Arrival a) {
        return ledger.serviceSeconds(a);
    }

    /** See {@link TaskLedger#load(Arrival)}. */
    public double load(Arrival a) {
        return ledger.load(a);
    }

    /** Records what the method did with an arrival: used, stale, discarded, unused. */
    public void mark(Arrival a, String use) {
        ledger.mark(a, use);
    }

    /**
     * The run ended: the records not written yet go to the trace sink as they stand, a task still
     * open lost ({@link TaskLedger#finish}).
     */
    public void finishTrace() {
        ledger.finish();
    }

    /** See {@link TaskLedger#trackChanges}. */
    void trackChanges() {
        ledger.trackChanges();
    }

    /** See {@link TaskLedger#drainChanged}. */
    List<LatencyRecord> drainChanged() {
        return ledger.drainChanged();
    }

    // ---- adaptation (the RoundLoop's adapt step, between two rounds) ----

    /** The lifecycle changes since the last call, in arrival order. */
    public List<WorkerChange> drainChanges() {
        List<WorkerChange> out = List.copyOf(changes);
        changes.clear();
        return out;
    }

    /**
     * How long each worker has been serving tasks since the last call: for each traced task
     * answered, the worker's own compute time (its service time, injected slowness included; round
     * trip when it reported none); then, for each live worker that answered none but has a task
     * open, the time since it last answered or since the task was sent, whichever is later (a
     * censored sample: the task has been in service at least that long). Service times, not round
     * trips: a worker that is merely behind in its queue (newest-wins) is not slower, and must not
     * look so.
     */
    public List<ServiceSample> drainSamples() {
        return results.drainSamples();
    }

    /** The node the worker's current incarnation runs on (as its ready event named it). */
    public String node(int worker) {
        String node = roster.node(worker);
        return node != null ? node : port.node(worker);
    }

    public boolean replacing(int worker) {
        return roster.isReplacing(worker);
    }

    /** See {@link Replacements#awaitReplacements}. */
    boolean awaitReplacements() {
        return replacements.awaitReplacements();
    }

    /** How long a round that cannot decode waits for replacements (default 120 s). */
    public double replacementWaitSeconds() {
        return replacements.waitSeconds();
    }

    public void replacementWaitSeconds(double seconds) {
        replacements.waitSeconds(seconds);
    }

    /** The round no longer waits for a replacement. */
    void unstall() {
        replacements.unstall();
    }

    /**
     * Asks the port for a replacement of {@code worker} away from {@code avoid}; whether it will
     * come.
     */
    public boolean replace(int worker, Set<String> avoid) {
        return replacements.replace(worker, avoid);
    }

    /** Asks the port to have {@code worker} load {@code add} and keep {@code add ∪ retain}. */
    public boolean load(int worker, int[] add, int[] retain) {
        return port.load(worker, add, retain);
    }

    /**
     * Switches the worker to its ready replacement on {@code newNode}: the old incarnation's open
     * tasks are lost (their slots say "replaced"), the worker is alive again and idle.
     */
    public void promote(int worker, String newNode) {
        replacements.promote(worker, newNode);
    }

    /**
     * A worker whose first container was ready only after training started takes part from now on
     * (no old incarnation to stop, unlike {@link #promote}).
     */
    public void admit(int worker, String host) {
        replacements.admit(worker, host);
    }
}
