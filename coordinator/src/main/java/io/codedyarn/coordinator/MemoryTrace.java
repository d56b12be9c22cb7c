package io.codedyarn.coordinator;

import io.codedyarn.coordinator.adapt.AdaptEvent;
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

    /** Per worker, the positions in {@code tasks} of its rows that read lost. */
    private final java.util.Map<Integer, List<Integer>> lost = new java.util.HashMap<>();

    @Override
    public void iteration(IterationRecord r) {
        iterations.add(r);
    }

    @Override
    public void event(AdaptEvent e) {
        events.add(e);
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
     * Takes the checkpoint's recent rows when they are all of its rows (a run shorter than the
     * window a checkpoint keeps); a longer run's first rows are only in the files it streamed.
     */
    @Override
    public void resume(Continued from) {
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
                            + " the iterations.csv and events.csv it streamed (train --resume DIR)");
        }
        if (!iterations.isEmpty() || !events.isEmpty() || !tasks.isEmpty()) {
            throw new IllegalStateException("resume before the first row");
        }
        iterations.addAll(from.recentIterations());
        events.addAll(from.recentEvents());
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
