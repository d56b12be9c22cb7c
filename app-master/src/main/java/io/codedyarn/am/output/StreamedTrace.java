package io.codedyarn.am.output;

import io.codedyarn.coordinator.trace.AdaptEvent;
import io.codedyarn.coordinator.trace.IterationRecord;
import io.codedyarn.coordinator.trace.LatencyRecord;
import io.codedyarn.coordinator.trace.TraceSink;
import io.codedyarn.coordinator.trace.ValidationRecord;
import io.codedyarn.hdfs.HiddenSibling;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link TraceSink} of {@code train} and the AM: streams a run's rows into its output's
 * temporary directory ({@link RunOutputs#open}) as they become final, so the coordinator keeps none
 * of them: {@code iterations.csv} and {@code events.csv} row by row, the latency trace into a
 * hidden spool ({@value #SPOOL}) that {@link #finish} turns into {@code latency-trace.csv}, and, in
 * a run with held-out rows, {@code validation.csv} row by row (a resumed run's holds its own rows).
 * The bytes are {@link RunOutputs#write}'s for the same rows (the same row formatters).
 *
 * <p>Why a spool: two things about a task that never came back are known only at the end — its
 * censored latency (the last time anything was observed in the whole trace minus its send time) and
 * whether its worker's incarnation was replaced later ({@link #replaced}: it then reads {@code
 * replaced}). The spool holds its row without them, with the number of replacements its worker had
 * when it was written; {@link #finish} reads the spool once, front to back, and writes the final
 * rows. Memory: a few buffers and a counter per worker.
 *
 * <p>Durability: {@link #flush} (the coordinator calls it before it stores a checkpoint) hflushes
 * every file, so a checkpoint never counts rows its files do not hold; a resumed run ({@link
 * #resume}) copies the rows the checkpoint counts from the directory the checkpoint file is in (a
 * finished run's {@code --out}) or, failing that, from the directory the checkpoint names (the
 * temporary directory of a run or AM attempt that died), checking the last row against the rows the
 * checkpoint keeps. A write that fails is kept and thrown by the next {@link #flush} or {@link
 * #finish}: the run goes on, its outputs are not written.
 *
 * <p>Coordinator thread only.
 */
public final class StreamedTrace implements TraceSink, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamedTrace.class);

    /** The latency rows before {@link #finish} (hidden: never part of a committed output). */
    static final String SPOOL = ".latency-trace.spool";

    private static final int BUFFER = 1 << 16;

    private final FileSystem fs;
    private final Path dir;
    private final FSDataOutputStream[] streams = new FSDataOutputStream[4];
    private final Writer iterations;
    private final Writer events;
    private final Writer spool;
    private Writer validation; // validation.csv, opened with its first row (held-out runs only)
    private final StringBuilder row = new StringBuilder(256);
    private double horizon; // the last time anything was observed (OutputCsv.latencyTrace's)
    private int[] replacements = new int[0]; // per worker
    private long rows;
    private boolean flushed;
    private boolean closed;
    private Path earlier; // the temporary directory a resumed run copied its first rows from
    private Path replacing; // the output directory a resumed run writes over (its rows are there)
    private IOException failure;

    /** Starts the files in {@code dir} (the output's temporary directory, which exists). */
    StreamedTrace(FileSystem fs, Path dir) throws IOException {
        this.fs = fs;
        this.dir = fs.makeQualified(dir);
        this.iterations = open(0, RunOutputs.ITERATIONS);
        this.events = open(1, RunOutputs.EVENTS);
        this.spool = open(2, SPOOL);
        iterations.write(RunOutputs.ITERATIONS_HEADER + "\n");
        events.write(RunOutputs.EVENTS_HEADER + "\n");
    }

    private Writer open(int i, String name) throws IOException {
        streams[i] = fs.create(new Path(dir, name), false);
        return new BufferedWriter(
                new OutputStreamWriter(streams[i], StandardCharsets.UTF_8), BUFFER);
    }

    @Override
    public void iteration(IterationRecord r) {
        row.setLength(0);
        OutputCsv.iterationRow(row, r);
        append(iterations, row);
    }

    @Override
    public void event(AdaptEvent e) {
        row.setLength(0);
        OutputCsv.eventRow(row, e);
        append(events, row);
    }

    @Override
    public void validation(ValidationRecord r) {
        if (validation == null && failure == null) {
            try {
                validation = open(3, RunOutputs.VALIDATION);
                validation.write(OutputCsv.validationHeader(r) + "\n");
            } catch (IOException e) {
                failure = e;
                LOG.error("writing {} failed; the run's outputs will not be written", dir, e);
            }
        }
        row.setLength(0);
        OutputCsv.validationRow(row, r);
        append(validation, row);
    }

    /** {@code roc.json}: the curve's points and area, written at once (the run is ending). */
    @Override
    public void roc(io.codedyarn.coordinator.trace.Roc curve) {
        if (failure != null) {
            return;
        }
        try (java.io.OutputStream o = fs.create(new Path(dir, RunOutputs.ROC), true)) {
            o.write(RunOutputs.rocJson(curve).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            failure = e;
            LOG.error("writing {} failed; the run's outputs will not be written", dir, e);
        }
    }

    @Override
    public void task(LatencyRecord r) {
        horizon = Math.max(horizon, r.sentSeconds());
        row.setLength(0);
        if (Double.isFinite(r.receivedSeconds())) {
            horizon = Math.max(horizon, r.receivedSeconds());
            OutputCsv.traceRow(row, r, Double.NaN); // final as it stands
        } else {
            // never came back: its latency and (lost) its use are settled by finish
            row.append('?')
                    .append(replacementsOf(r.worker()))
                    .append(',')
                    .append(r.iteration())
                    .append(',')
                    .append(r.worker())
                    .append(',')
                    .append(OutputCsv.num(r.load()))
                    .append(',')
                    .append(OutputCsv.num(r.sentSeconds()))
                    .append(',')
                    .append(OutputCsv.num(r.computeSeconds()))
                    .append(',')
                    .append(r.use())
                    .append('\n');
        }
        append(spool, row);
    }

    @Override
    public void replaced(int worker) {
        replacementsOf(worker);
        replacements[worker]++;
    }

    private int replacementsOf(int worker) {
        if (worker >= replacements.length) {
            replacements =
                    Arrays.copyOf(replacements, Math.max(worker + 1, 2 * replacements.length));
        }
        return replacements[worker];
    }

    private void append(Writer w, CharSequence text) {
        rows++;
        if (failure != null) {
            return;
        }
        try {
            w.append(text);
        } catch (IOException e) {
            failure = e;
            LOG.error(
                    "writing the run's logs to {} failed; its outputs will not be written", dir, e);
        }
    }

    /** hflushes every file: the rows so far are visible to a reader of {@link #location}. */
    @Override
    public void flush() throws IOException {
        check();
        try {
            iterations.flush();
            events.flush();
            spool.flush();
            if (validation != null) {
                validation.flush();
            }
            for (FSDataOutputStream s : streams) {
                if (s != null) {
                    s.hflush();
                }
            }
        } catch (IOException e) {
            failure = e;
            throw failed();
        }
        flushed = true;
    }

    /**
     * A resumed run writes over {@code out}, the outputs of the run (or AM attempt) it continues:
     * look for the earlier rows there too.
     */
    void replacing(Path out) {
        this.replacing = out;
    }

    /** Whether a checkpoint may count rows only this directory holds (one was flushed for). */
    boolean flushed() {
        return flushed;
    }

    @Override
    public String location() {
        return dir.toString();
    }

    /**
     * Copies the first rows of the run the checkpoint was taken from: the checkpoint's own rows
     * when it keeps them all, else the files of the directory it is in, of the output directory
     * this run replaces ({@link #replacing}), or of the directory it names ({@link
     * TraceSink.Continued#location}), the first that holds as many rows as it counts and ends with
     * the last rows it keeps.
     */
    @Override
    public void resume(Continued from) throws IOException {
        if (rows > 0) {
            throw new IllegalStateException("resume before the first row");
        }
        if (from.complete()) {
            from.recentIterations().forEach(this::iteration);
            from.recentEvents().forEach(this::event);
            rows = 0;
            return;
        }
        List<Path> candidates = new ArrayList<>();
        Path file = EarlierRows.path(from.checkpoint());
        if (file != null && file.getParent() != null) {
            candidates.add(file.getParent());
        }
        if (replacing != null) {
            candidates.add(replacing);
        }
        Path named = EarlierRows.path(from.location());
        if (named != null) {
            candidates.add(named);
        }
        Path found = EarlierRows.find(fs.getConf(), candidates, from);
        EarlierRows.copy(fs.getConf(), found, RunOutputs.ITERATIONS, from.iterations(), iterations);
        EarlierRows.copy(fs.getConf(), found, RunOutputs.EVENTS, from.events(), events);
        rows = 0;
        if (found == named) {
            earlier = found; // a temporary directory: deleted once this run's outputs exist
        }
        LOG.info(
                "continuing the {} iterations and {} events in {}",
                from.iterations(),
                from.events(),
                found);
    }

    /**
     * The run ended: closes {@code iterations.csv} and {@code events.csv} and writes {@code
     * latency-trace.csv} from the spool (then deleted).
     *
     * @throws IOException the first write that failed, or this one
     */
    void finish() throws IOException {
        check();
        try {
            closeWriters();
            Path spooled = new Path(dir, SPOOL);
            try (BufferedReader in = EarlierRows.reader(fs.getConf(), spooled);
                    Writer out =
                            new BufferedWriter(
                                    new OutputStreamWriter(
                                            fs.create(
                                                    new Path(dir, RunOutputs.LATENCY_TRACE), false),
                                            StandardCharsets.UTF_8),
                                    BUFFER)) {
                out.write(RunOutputs.TRACE_HEADER + "\n");
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("?")) {
                        row.setLength(0);
                        OutputCsv.traceRow(row, unanswered(line), horizon);
                        out.append(row);
                    } else {
                        out.write(line);
                        out.write('\n');
                    }
                }
            }
            fs.delete(spooled, false);
        } catch (IOException e) {
            failure = e;
            throw failed();
        }
    }

    /** A spooled task that never came back, its use settled. */
    private LatencyRecord unanswered(String line) {
        String[] f = line.substring(1).split(",", 7);
        int worker = Integer.parseInt(f[2]);
        String use = f[6];
        if (use.equals("lost") && replacementsOf(worker) > Integer.parseInt(f[0])) {
            use = "replaced"; // its incarnation was replaced after the row was written
        }
        return new LatencyRecord(
                Long.parseLong(f[1]),
                worker,
                parse(f[4]),
                Double.NaN,
                parse(f[5]),
                parse(f[3]),
                use);
    }

    private static double parse(String num) {
        return num.isEmpty() ? Double.NaN : Double.parseDouble(num);
    }

    /**
     * After the outputs were renamed onto {@code target}: deletes the temporary directory of the
     * run or attempt this one continued (only a hidden temporary sibling of {@code target}).
     */
    void deleteEarlierTemporary(Path target) {
        if (earlier == null || !HiddenSibling.isOf(earlier, target, HiddenSibling.TMP)) {
            return;
        }
        try {
            fs.delete(earlier, true);
        } catch (IOException e) {
            LOG.warn("could not delete {} ({})", earlier, e.toString());
        }
    }

    /** Closes the files, keeping what was written (the run did not end in outputs). */
    @Override
    public void close() {
        try {
            closeWriters();
        } catch (IOException e) {
            // nothing more to keep
        }
    }

    private void closeWriters() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        IOException first = null;
        for (Writer w : new Writer[] {iterations, events, spool, validation}) {
            if (w == null) {
                continue;
            }
            try {
                w.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private void check() throws IOException {
        if (failure != null) {
            throw failed();
        }
    }

    private IOException failed() {
        return new IOException("writing the run's logs to " + dir + " failed: " + failure, failure);
    }
}
