package io.codedyarn.coordinator.trace;

import java.util.List;

/**
 * One row of {@code validation.csv}: the held-out metrics at the point iteration {@code iteration}
 * of {@code iterations.csv} evaluated (join the two files on it), {@code seconds} on the same
 * clock.
 *
 * @param names the metrics' names, the file's columns after {@code iteration,seconds} (the same
 *     list in every row of a run)
 * @param values one per name
 */
public record ValidationRecord(
        long iteration, double seconds, List<String> names, double[] values) {
    public ValidationRecord {
        names = List.copyOf(names);
        values = values.clone();
        if (values.length != names.size()) {
            throw new IllegalArgumentException(
                    values.length + " values for " + names.size() + " metrics");
        }
    }
}
