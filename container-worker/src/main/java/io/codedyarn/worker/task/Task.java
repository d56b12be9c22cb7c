package io.codedyarn.worker.task;

import java.util.List;

/**
 * What the coordinator asks one worker to compute in round {@code round}: every unit at the iterate
 * {@code x}. The worker answers with a {@link TaskResult} tagged with the same round, so results of
 * an older round are recognised as such.
 */
public record Task(long round, double[] x, List<WorkUnit> units) {
    public Task {
        units = List.copyOf(units);
    }
}
