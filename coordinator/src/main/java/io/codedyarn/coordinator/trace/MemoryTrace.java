package io.codedyarn.coordinator.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@link TraceSink} that keeps every row in memory: the default, whose rows are the {@link
 * RunResult}'s logs. For simulations of bounded size (reproductions, benchmarks, {@code advise},
 * tests); a run of many rounds streams its rows instead ({@code am.output.StreamedTrace}). Its
 * memory grows with the rounds, as the coordinator's did before it streamed. Single-threaded.
 */
public final class MemoryTrace implements TraceSink {
    private final List<IterationRecord> iterations = new ArrayList<>();
    private final List<AdaptEvent> events = new ArrayList<>();
    private final List<LatencyRecord> tasks = new ArrayList<>();
    private final List<ValidationRecord> validations = new ArrayList<>();

    /** Per worker, the positions in {@code tasks} of its rows that read lost. */
    private final java.util.Map<Integer, List<Integer>> lost = new java.util.HashMap<>();

    /** The earlier run's rows a resumed run continues ({@link #continuing}); null: none given. */
    private final List<IterationRecord> earlierIterations;

    private final List<AdaptEvent> earlierEvents;

    /** An empty trace. */
    public MemoryTrace() {
        this(null, null);
    }

    private MemoryTrace(List<IterationRecord> iterations, List<AdaptEvent> events) {
        this.earlierIterations = iterations;
        this.earlierEvents = events;
    }

    /**
     * A trace for a run resumed from a checkpoint of the run whose rows these are (its {@link
     * RunResult}'s logs, or more): {@link #resume} takes as many as the checkpoint counts, checked
     * against the last rows it keeps.
     */
    public static MemoryTrace continuing(
            List<IterationRecord> iterations, List<AdaptEvent> events) {
        return new MemoryTrace(List.copyOf(iterations), List.copyOf(events));
    }

    @Override
    public void iteration(IterationRecord r) {
        iterations.add(r);
    }

    @Override
    public void event(AdaptEvent e) {
        events.add(e);
    }

    @Override
    public void validation(ValidationRecord r) {
        validations.add(r);
    }

    /** The {@code validation.csv} rows, in order (empty without held-out rows). */
    public List<ValidationRecord> validations() {
        return List.copyOf(validations);
    }

    @Override
    public void task(LatencyRecord r) {
        if (r.use().equals("lost")) {
            lost.computeIfAbsent(r.worker(), w -> new ArrayList<>()).add(tasks.size());
        }
        tasks.add(r);
    }

    @Override
    public void replaced(int worker) {
        List<Integer> rows = lost.remove(worker);
        if (rows == null) {
            return;
        }
        for (int i : rows) {
            LatencyRecord r = tasks.get(i);
            tasks.set(
                    i,
                    new LatencyRecord(
                            r.iteration(),
                            r.worker(),
                            r.sentSeconds(),
                            r.receivedSeconds(),
                            r.computeSeconds(),
                            r.load(),
                            "replaced"));
        }
    }

    /**
     * Takes the earlier run's rows it was given ({@link #continuing}), else the checkpoint's recent
     * rows when they are all of its rows (a run shorter than the window a checkpoint keeps).
     */
    @Override
    public void resume(Continued from) {
        if (!iterations.isEmpty() || !events.isEmpty() || !tasks.isEmpty()) {
            throw new IllegalStateException("resume before the first row");
        }
        if (earlierIterations != null) {
            iterations.addAll(prefix(earlierIterations, from.iterations(), "iterations"));
            events.addAll(prefix(earlierEvents, from.events(), "events"));
            check(iterations, from.recentIterations(), "iteration");
            check(events, from.recentEvents(), "event");
            return;
        }
        if (!from.complete()) {
            throw new IllegalArgumentException(
                    "it keeps the last "
                            + from.recentIterations().size()
                            + " of the run's "
                            + from.iterations()
                            + " iterations (and "
                            + from.recentEvents().size()
                            + " of its "
                            + from.events()
                            + " events); a run resumed in memory needs them all: resume it with"
                            + " the iterations.csv and events.csv it streamed (train --resume DIR),"
                            + " or give a MemoryTrace.continuing(its rows)");
        }
        iterations.addAll(from.recentIterations());
        events.addAll(from.recentEvents());
    }

    private static <T> List<T> prefix(List<T> rows, long count, String what) {
        if (rows.size() < count) {
            throw new IllegalArgumentException(
                    "the earlier run's rows given hold "
                            + rows.size()
                            + " "
                            + what
                            + ", it counts "
                            + count);
        }
        return rows.subList(0, (int) count);
    }

    /** The last rows must be the checkpoint's: the rows given are that run's. */
    private static <T> void check(List<T> rows, List<T> recent, String what) {
        List<T> tail = rows.subList(rows.size() - recent.size(), rows.size());
        if (!tail.equals(recent)) {
            throw new IllegalArgumentException(
                    "the earlier run's rows given are not the ones it was taken from: its last "
                            + what
                            + " rows differ");
        }
    }

    /** The rows of {@code iterations.csv} so far. */
    public List<IterationRecord> iterations() {
        return List.copyOf(iterations);
    }

    /** The rows of {@code events.csv} so far. */
    public List<AdaptEvent> events() {
        return List.copyOf(events);
    }

    /** The rows of {@code latency-trace.csv} so far (send order). */
    public List<LatencyRecord> tasks() {
        return List.copyOf(tasks);
    }
}
