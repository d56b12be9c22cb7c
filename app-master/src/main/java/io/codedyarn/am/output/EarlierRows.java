package io.codedyarn.am.output;

import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.TraceSink.Continued;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The rows a resumed run's {@link StreamedTrace} takes over: a checkpoint counts the iterations and
 * events of the run it was taken from and keeps only the last of them, so the others are found in
 * that run's streamed {@code iterations.csv} and {@code events.csv} — a directory that holds as
 * many rows as the checkpoint counts, its last row the checkpoint's last (so another run's files
 * are refused) — and copied line by line (the bytes as written; memory: one line).
 */
final class EarlierRows {
    private static final int BUFFER = 1 << 16;

    private EarlierRows() {}

    /**
     * The first of {@code candidates} whose files continue {@code from}.
     *
     * @throws IllegalArgumentException naming each candidate and what is wrong with it
     */
    static Path find(Configuration conf, List<Path> candidates, Continued from) {
        List<String> why = new ArrayList<>();
        for (Path c : candidates) {
            String problem = problem(conf, c, from);
            if (problem == null) {
                return c;
            }
            why.add(c + ": " + problem);
        }
        throw new IllegalArgumentException(
                "it counts "
                        + from.iterations()
                        + " iterations and keeps the last "
                        + from.recentIterations().size()
                        + "; the others are in the iterations.csv and events.csv of the run it"
                        + " was taken from, and "
                        + (why.isEmpty() ? "it names no directory" : String.join("; ", why)));
    }

    /** {@code text} as a path; null when empty or not a path (a checkpoint read from memory). */
    static Path path(String text) {
        try {
            return text.isEmpty() ? null : new Path(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Why {@code c} cannot continue {@code from}; null when it can. */
    private static String problem(Configuration conf, Path c, Continued from) {
        try {
            return problemIn(conf, c, from);
        } catch (IOException | IllegalArgumentException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
    }

    private static String problemIn(Configuration conf, Path c, Continued from) throws IOException {
        String it =
                last(
                        conf,
                        c,
                        RunOutputs.ITERATIONS,
                        RunOutputs.ITERATIONS_HEADER,
                        from.iterations(),
                        from.recentIterations().isEmpty()
                                ? null
                                : line(
                                        from.recentIterations()
                                                .get(from.recentIterations().size() - 1)));
        if (it != null) {
            return it;
        }
        return last(
                conf,
                c,
                RunOutputs.EVENTS,
                RunOutputs.EVENTS_HEADER,
                from.events(),
                from.recentEvents().isEmpty()
                        ? null
                        : line(from.recentEvents().get(from.recentEvents().size() - 1)));
    }

    /**
     * Why {@code name} in {@code c} does not hold {@code count} rows under {@code header} whose
     * last is {@code lastRow} (null: not checked); null when it does.
     */
    private static String last(
            Configuration conf, Path c, String name, String header, long count, String lastRow)
            throws IOException {
        Path f = new Path(c, name);
        if (!f.getFileSystem(conf).exists(f)) {
            return "no " + name;
        }
        try (BufferedReader in = reader(conf, f)) {
            String h = in.readLine();
            if (!header.equals(h)) {
                return name + " does not start with its header";
            }
            String line = null;
            for (long i = 0; i < count; i++) {
                line = in.readLine();
                if (line == null) {
                    return name + " has " + i + " rows, the checkpoint counts " + count;
                }
            }
            if (lastRow != null && !lastRow.equals(line)) {
                return name + "'s row " + count + " is not the checkpoint's: another run's file";
            }
            return null;
        }
    }

    /** Copies the first {@code count} rows of {@code name} in {@code c} after the header. */
    static void copy(Configuration conf, Path c, String name, long count, Writer to)
            throws IOException {
        try (BufferedReader in = reader(conf, new Path(c, name))) {
            in.readLine(); // the header, written already
            for (long i = 0; i < count; i++) {
                to.write(in.readLine());
                to.write('\n');
            }
        }
    }

    private static String line(IterationRecord r) {
        StringBuilder b = new StringBuilder();
        OutputCsv.iterationRow(b, r);
        return b.substring(0, b.length() - 1);
    }

    private static String line(AdaptEvent e) {
        StringBuilder b = new StringBuilder();
        OutputCsv.eventRow(b, e);
        return b.substring(0, b.length() - 1);
    }

    /** {@code f} on its own file system (an embedded run's --resume DIR is local). */
    static BufferedReader reader(Configuration conf, Path f) throws IOException {
        return new BufferedReader(
                new InputStreamReader(f.getFileSystem(conf).open(f), StandardCharsets.UTF_8),
                BUFFER);
    }
}
