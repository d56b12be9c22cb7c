package io.codedyarn.hdfs.progress;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a long operation (import, generate, prepare): on a terminal a one-line bar redrawn in
 * place at most every {@code terminalIntervalNanos} ({@code \r}, no newline until {@link #finish});
 * otherwise a plain log line every {@code logIntervalNanos}. Shows done/total units, the rate over
 * the whole run and the ETA. Not thread-safe: one producer calls {@link #advance}.
 */
public final class Progress {
    private static final int BAR_WIDTH = 30;

    private final String label;
    private final String unit;
    private final long total; // ≤ 0: unknown
    private final boolean terminal;
    private final PrintWriter out;
    private final Ticker ticker;
    private final long intervalNanos;
    private final long start;
    private long done;
    private long lastPrint;
    private boolean printedBar;

    Progress(
            String label,
            String unit,
            long total,
            boolean terminal,
            PrintWriter out,
            Ticker ticker,
            long intervalNanos) {
        this.label = label;
        this.unit = unit;
        this.total = total;
        this.terminal = terminal;
        this.out = out;
        this.ticker = ticker;
        this.intervalNanos = intervalNanos;
        this.start = ticker.nanos();
        this.lastPrint = start;
    }

    /**
     * A bar redrawn ≤ 10×/s when stderr is a terminal (System.console() != null), else a log line
     * every 10 s.
     */
    public static Progress onStderr(String label, String unit, long total) {
        boolean tty = System.console() != null;
        return new Progress(
                label,
                unit,
                total,
                tty,
                new PrintWriter(System.err, true),
                Ticker.system(),
                tty ? 100_000_000L : 10_000_000_000L);
    }

    /** For tests and callers with their own sink and clock. */
    public static Progress to(
            PrintWriter out,
            Ticker ticker,
            boolean terminal,
            long intervalNanos,
            String label,
            String unit,
            long total) {
        return new Progress(label, unit, total, terminal, out, ticker, intervalNanos);
    }

    public void advance(long units) {
        done += units;
        long now = ticker.nanos();
        if (now - lastPrint >= intervalNanos) {
            lastPrint = now;
            print(now, false);
        }
    }

    public long done() {
        return done;
    }

    /** Prints the final state (and ends the bar's line). */
    public void finish() {
        print(ticker.nanos(), true);
    }

    private void print(long now, boolean last) {
        double seconds = Math.max(1e-9, (now - start) / 1e9);
        double rate = done / seconds;
        StringBuilder sb = new StringBuilder();
        if (terminal) {
            sb.append('\r');
        }
        sb.append(label).append(": ");
        if (total > 0) {
            double f = Math.min(1.0, (double) done / total);
            if (terminal) {
                int filled = (int) Math.round(f * BAR_WIDTH);
                sb.append('[')
                        .append("#".repeat(filled))
                        .append(" ".repeat(BAR_WIDTH - filled))
                        .append("] ");
            }
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "%5.1f%% %s/%s %s",
                            100 * f,
                            human(done),
                            human(total),
                            unit));
        } else {
            sb.append(String.format(Locale.ROOT, "%s %s", human(done), unit));
        }
        sb.append(String.format(Locale.ROOT, ", %s %s/s", human((long) rate), unit));
        if (total > 0 && !last && rate > 0) {
            sb.append(", ETA ").append(duration((total - done) / rate));
        }
        if (last) {
            sb.append(String.format(Locale.ROOT, ", done in %s", duration(seconds)));
        }
        if (terminal && !last) {
            out.print(sb);
            printedBar = true;
        } else {
            out.println(sb);
        }
        out.flush();
    }

    boolean printedBar() {
        return printedBar;
    }

    static String human(long v) {
        if (v < 10_000) {
            return Long.toString(v);
        }
        String[] suffix = {"k", "M", "G", "T"};
        double x = v;
        int i = -1;
        while (x >= 1000 && i < suffix.length - 1) {
            x /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, "%.1f%s", x, suffix[i]);
    }

    /** A short duration: 4.2s, 3m07s, 2h05m. */
    public static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return String.format(Locale.ROOT, "%.1fs", seconds);
        }
        return s < 3600
                ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60)
                : String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
    }
}
