package io.codedyarn.am.yarn.client;

import io.codedyarn.am.yarn.ProgressFile.Snapshot;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.hdfs.progress.Ticker;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The client's progress line while it follows a run ({@link ProgressLine} gives the text). On a
 * terminal it is one line redrawn in place ({@code \r}, padded over the previous text) whenever a
 * new round is published; elsewhere (a pipe, a file, CI) it is a plain line at most every {@code
 * plainIntervalNanos}, so logs stay short. Before the first round it shows the workers' containers
 * starting. {@link #endLine} ends a redrawn line before other output (a state change, the Ctrl-C
 * question); {@link #finish} shows the last round once more. One thread (the follow loop) calls it.
 */
public final class FollowProgress {
    /** Rate window: the snapshots of the last this-many coordinator seconds. */
    static final double WINDOW_SECONDS = 10;

    /** Without a terminal: one line every this many seconds at most. */
    static final long PLAIN_INTERVAL_NANOS = 5_000_000_000L;

    private final PrintWriter out;
    private final boolean terminal;
    private final Ticker ticker;
    private final long plainIntervalNanos;
    private final String metric;
    private final ProgressLine.Budget budget;
    private final Deque<Snapshot> window = new ArrayDeque<>();
    private Snapshot printed;
    private long lastPrint;
    private int drawnLength;

    FollowProgress(
            PrintWriter out,
            boolean terminal,
            Ticker ticker,
            long plainIntervalNanos,
            String metric,
            ProgressLine.Budget budget) {
        this.out = out;
        this.terminal = terminal;
        this.ticker = ticker;
        this.plainIntervalNanos = plainIntervalNanos;
        this.metric = metric;
        this.budget = budget;
        this.lastPrint = ticker.nanos() - plainIntervalNanos; // the first line prints at once
    }

    /** To stderr; in place when there is a console (as the import/prepare progress bars). */
    public static FollowProgress onStderr(TrainSpec spec) {
        return new FollowProgress(
                new PrintWriter(System.err, true),
                System.console() != null,
                Ticker.system(),
                PLAIN_INTERVAL_NANOS,
                ProgressLine.metric(spec.workload()),
                ProgressLine.Budget.of(spec));
    }

    /** A newly read snapshot (null: none yet, ignored). */
    void update(Snapshot s) {
        if (s == null) {
            return;
        }
        if (!s.started()) {
            // the workers are starting: no rate yet, only the containers running
            if (window.isEmpty() && !s.equals(printed) && due()) {
                print(s, ticker.nanos());
            }
            return;
        }
        if (!window.isEmpty() && s.iteration() == window.peekLast().iteration()) {
            return; // nothing new
        }
        if (!window.isEmpty() && s.iteration() < window.peekLast().iteration()) {
            window.clear(); // a restarted attempt went back to its checkpoint: a new rate
        }
        window.addLast(s);
        while (window.size() > 2 && window.peekFirst().seconds() < s.seconds() - WINDOW_SECONDS) {
            window.removeFirst();
        }
        if (due()) {
            print(s, ticker.nanos());
        }
    }

    private boolean due() {
        return terminal || ticker.nanos() - lastPrint >= plainIntervalNanos;
    }

    /** Ends a line drawn in place, so that the next output starts on its own line. */
    void endLine() {
        if (drawnLength > 0) {
            out.println();
            out.flush();
            drawnLength = 0;
        }
    }

    /** The run ended: {@code last} (the final snapshot, or null) shown if not yet, line ended. */
    void finish(Snapshot last) {
        update(last);
        Snapshot newest = window.peekLast();
        if (newest != null && newest != printed) {
            print(newest, ticker.nanos());
        }
        endLine();
    }

    private void print(Snapshot s, long now) {
        String line;
        if (s.started()) {
            Snapshot earliest = window.peekFirst();
            double rate = ProgressLine.rate(earliest == s ? null : earliest, s);
            line = ProgressLine.format(metric, s, rate, budget);
        } else {
            line = ProgressLine.waiting(s);
        }
        if (terminal) {
            int pad = Math.max(0, drawnLength - line.length());
            out.print("\r" + line + " ".repeat(pad));
            drawnLength = line.length();
        } else {
            out.println(line);
        }
        out.flush();
        printed = s;
        lastPrint = now;
    }
}
