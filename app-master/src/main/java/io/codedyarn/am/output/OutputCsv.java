package io.codedyarn.am.output;

import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import java.util.List;

/**
 * The text of a run's CSV outputs ({@link RunOutputs} lists their columns): {@code model.csv},
 * {@code iterations.csv}, {@code latency-trace.csv} and {@code events.csv}, whole or a row at a
 * time (the rows {@link StreamedTrace} appends while a run trains are these). Numbers are written
 * as their shortest round-trip decimal, NaN (unknown) as an empty field; a field holding a comma, a
 * quote or a line break is quoted.
 */
final class OutputCsv {
    private OutputCsv() {}

    static String model(double[] model, int components, boolean intercept) {
        int k = Math.max(1, components);
        if (model.length % k != 0) {
            throw new IllegalArgumentException(
                    "model of length " + model.length + " is not d x k with k = " + k);
        }
        int d = model.length / k;
        StringBuilder b = new StringBuilder("feature");
        if (k == 1) {
            b.append(",value");
        } else {
            for (int c = 1; c <= k; c++) {
                b.append(",pc").append(c);
            }
        }
        b.append('\n');
        for (int j = 0; j < d; j++) {
            b.append(intercept && k == 1 && j == d - 1 ? "intercept" : Integer.toString(j));
            for (int c = 0; c < k; c++) {
                b.append(',').append(num(model[j * k + c]));
            }
            b.append('\n');
        }
        return b.toString();
    }

    static String iterations(List<IterationRecord> log) {
        StringBuilder b = new StringBuilder(RunOutputs.ITERATIONS_HEADER).append('\n');
        for (IterationRecord r : log) {
            iterationRow(b, r);
        }
        return b.toString();
    }

    /** One row of {@code iterations.csv}, with its line break. */
    static void iterationRow(StringBuilder b, IterationRecord r) {
        b.append(r.iteration())
                .append(',')
                .append(num(r.seconds()))
                .append(',')
                .append(num(r.objective()))
                .append(',')
                .append(num(r.gap()))
                .append(',')
                .append(r.used())
                .append(',')
                .append(r.stale())
                .append(',')
                .append(r.discarded())
                .append(',')
                .append(quoted(r.workersUsed()))
                .append(',')
                .append(r.iterate())
                .append(',')
                .append(r.trial() ? 1 : 0)
                .append('\n');
    }

    /** The header of {@code validation.csv} for a run whose rows look like {@code r}. */
    static String validationHeader(io.codedyarn.coordinator.trace.ValidationRecord r) {
        return "iteration,seconds," + String.join(",", r.names());
    }

    /** One row of {@code validation.csv}, with its line break. */
    static void validationRow(StringBuilder b, io.codedyarn.coordinator.trace.ValidationRecord r) {
        b.append(r.iteration()).append(',').append(num(r.seconds()));
        for (double v : r.values()) {
            b.append(',').append(num(v));
        }
        b.append('\n');
    }

    static String latencyTrace(List<LatencyRecord> log) {
        double horizon = 0; // the last time anything was observed: censors lost tasks
        for (LatencyRecord r : log) {
            horizon = Math.max(horizon, r.sentSeconds());
            if (Double.isFinite(r.receivedSeconds())) {
                horizon = Math.max(horizon, r.receivedSeconds());
            }
        }
        StringBuilder b = new StringBuilder(RunOutputs.TRACE_HEADER).append('\n');
        for (LatencyRecord r : log) {
            traceRow(b, r, horizon);
        }
        return b.toString();
    }

    /**
     * One row of {@code latency-trace.csv}, with its line break: a task that never came back is
     * censored at {@code horizon} (the last time anything was observed in the whole trace).
     */
    static void traceRow(StringBuilder b, LatencyRecord r, double horizon) {
        boolean back = Double.isFinite(r.receivedSeconds());
        double latency = back ? r.latency() : horizon - r.sentSeconds();
        b.append(r.iteration())
                .append(',')
                .append(r.worker())
                .append(',')
                .append(num(latency))
                .append(',')
                .append(num(r.load()))
                .append(',')
                .append(num(r.sentSeconds()))
                .append(',')
                .append(back ? num(r.receivedSeconds()) : "")
                .append(',')
                .append(num(r.computeSeconds()))
                .append(',')
                .append(quoted(r.use()))
                .append('\n');
    }

    static String events(List<AdaptEvent> events) {
        StringBuilder b = new StringBuilder(RunOutputs.EVENTS_HEADER).append('\n');
        for (AdaptEvent e : events) {
            eventRow(b, e);
        }
        return b.toString();
    }

    /** One row of {@code events.csv}, with its line break. */
    static void eventRow(StringBuilder b, AdaptEvent e) {
        b.append(e.iteration())
                .append(',')
                .append(num(e.seconds()))
                .append(',')
                .append(e.worker())
                .append(',')
                .append(quoted(e.node()))
                .append(',')
                .append(quoted(e.event()))
                .append(',')
                .append(quoted(e.reason()))
                .append('\n');
    }

    /** Shortest round-trip decimal; NaN (unknown) as an empty field. */
    static String num(double x) {
        return Double.isNaN(x) ? "" : Double.toString(x);
    }

    private static String quoted(String s) {
        if (s == null) {
            return "";
        }
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
