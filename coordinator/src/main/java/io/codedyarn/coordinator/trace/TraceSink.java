package io.codedyarn.coordinator.trace;

import java.io.IOException;
import java.util.List;

/**
 * Where a run's records go as they become final, so that the coordinator's memory does not grow
 * with the rounds: it keeps a window of recent rows ({@link
 * io.codedyarn.coordinator.round.RunState}, {@link Decisions}, the open tasks in {@link
 * io.codedyarn.coordinator.round.TaskLedger}) and hands every row here once nothing can change it.
 * {@link MemoryTrace} (the default) keeps them all, for the {@link RunResult} of simulations of
 * bounded size and the tests; the AM and {@code train} stream them to {@code iterations.csv},
 * {@code events.csv} and {@code latency-trace.csv} ({@code am.output.StreamedTrace}). Called on the
 * coordinator's thread only.
 *
 * <p>The rows, each in the order of its file:
 *
 * <ul>
 *   <li>{@link #iteration}: each round as {@link io.codedyarn.coordinator.round.RunState#record}
 *       logs it (final at once);
 *   <li>{@link #event}: each adaptation event as it is taken (final at once);
 *   <li>{@link #task}: each traced task (setup rounds are not traced) in send order, once final: an
 *       answered one after the round it was answered in ended (the method marks it used, stale,
 *       discarded or unused within that round); one that can no longer be answered (its worker
 *       answered a newer task, newest wins, or failed) at once, its use {@code lost}; one still
 *       open when the run ends, then ({@code lost}). A task's row waits for the tasks sent before
 *       it: the ledger holds at most the tasks sent since the oldest one still open.
 * </ul>
 *
 * <p>Two things about a {@code lost} row are only known at the end, so they are the writer's:
 * whether it reads {@code replaced} ({@link #replaced}: its worker's incarnation was replaced after
 * it was written — what the round engine has always said of every unanswered task of a replaced
 * incarnation, including those it dropped by newest-wins earlier), and its censored latency in
 * {@code latency-trace.csv} (the last time anything was observed minus its send time, {@code
 * RunOutputs}).
 */
public interface TraceSink {
    /** A row of {@code iterations.csv}. */
    void iteration(IterationRecord r);

    /** A row of {@code events.csv}. */
    void event(AdaptEvent e);

    /**
     * A row of {@code validation.csv} (runs with held-out data only; final at once). Sinks that do
     * not keep it drop it.
     */
    default void validation(ValidationRecord r) {}

    /** A traced task's final row of {@code latency-trace.csv} (send order). */
    void task(LatencyRecord r);

    /**
     * {@code worker}'s incarnation was replaced: each of its tasks this sink holds as {@code lost}
     * was lost with it, and reads {@code replaced} from now on.
     */
    void replaced(int worker);

    /**
     * Makes the rows so far durable where the sink writes them (before a checkpoint that counts
     * them is stored: a resumed run takes its first rows from there).
     */
    default void flush() throws IOException {}

    /**
     * Where this sink's rows are, kept in each checkpoint so that the run continuing it can find
     * them (the streamed files' directory); empty when they live in this JVM only.
     */
    default String location() {
        return "";
    }

    /**
     * This sink continues a checkpointed run: before any new row it must hold that run's first
     * {@code from.iterations()} iteration rows and {@code from.events()} event rows (task rows are
     * not continued: the resumed run's trace holds its own tasks, as its engine is new).
     *
     * @throws IllegalArgumentException when it cannot (saying why and what would do)
     * @throws IOException when reading them fails
     */
    void resume(Continued from) throws IOException;

    /**
     * What a checkpoint says of the trace of the run it was taken from.
     *
     * @param checkpoint the checkpoint's file (for messages)
     * @param iterations rows of {@code iterations.csv} when it was taken
     * @param recentIterations the last of them (at most {@link
     *     io.codedyarn.coordinator.round.RunState#RECENT}), to check rows found elsewhere against,
     *     or to take when they are all of them
     * @param events rows of {@code events.csv} when it was taken
     * @param recentEvents the last of them (at most {@link Decisions#RECENT})
     * @param location the {@link #location} of the sink that wrote them (empty: none)
     */
    record Continued(
            String checkpoint,
            long iterations,
            List<IterationRecord> recentIterations,
            long events,
            List<AdaptEvent> recentEvents,
            String location) {
        public Continued {
            recentIterations = List.copyOf(recentIterations);
            recentEvents = List.copyOf(recentEvents);
            location = location == null ? "" : location;
        }

        /** Whether the recent rows are all the rows (a short run): nothing to find elsewhere. */
        public boolean complete() {
            return recentIterations.size() == iterations && recentEvents.size() == events;
        }
    }
}
