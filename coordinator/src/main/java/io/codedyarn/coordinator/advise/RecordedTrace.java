package io.codedyarn.coordinator.advise;

import io.codedyarn.coordinator.stats.Medians;
import io.codedyarn.placement.latency.TraceReplay;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * A run's {@code latency-trace.csv} as a planner reads it: per (iteration, worker) the recorded
 * latency and load ({@code LoadUnit}s). Needs the header columns {@code iteration, worker, latency,
 * load}; other columns (and a quoted last field) are ignored. Unlike {@code TraceReplay}, gaps are
 * allowed, because an asynchronous run (sag, dsag) sends nothing to a worker that is busy for a
 * whole round: such a gap is filled with the worker's previous row (else its next one), which the
 * replay of the same scheme never reads (a busy worker gets no new task there either). A second row
 * for one (iteration, worker) keeps the first. Bad input is an {@link IllegalArgumentException}
 * naming the file and line.
 */
public final class RecordedTrace {
    private final String source;
    private final double[][] latency; // [iteration][worker], complete
    private final double[][] load;
    private final int gaps;
    private final BitSet[] tasked; // [iteration]: the workers that had a row

    private RecordedTrace(
            String source, double[][] latency, double[][] load, int gaps, BitSet[] tasked) {
        this.source = source;
        this.latency = latency;
        this.load = load;
        this.gaps = gaps;
        this.tasked = tasked;
    }

    /**
     * @throws IllegalArgumentException for a missing file or malformed content, naming file:line
     */
    public static RecordedTrace read(Path file) throws IOException {
        String source = file.toString();
        List<String> lines;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            lines = r.lines().toList();
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(source + ": no such file");
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(source + ": empty trace (expected a header line)");
        }
        List<String> cols = Arrays.asList(lines.get(0).trim().split("\\s*,\\s*"));
        int ci = cols.indexOf("iteration");
        int cw = cols.indexOf("worker");
        int cl = cols.indexOf("latency");
        int cload = cols.indexOf("load");
        if (ci < 0 || cw < 0 || cl < 0 || cload < 0) {
            throw new IllegalArgumentException(
                    source
                            + ":1: header must name columns iteration, worker, latency, load (got '"
                            + lines.get(0)
                            + "')");
        }
        int need = Math.max(Math.max(ci, cw), Math.max(cl, cload)) + 1;
        List<double[]> rows = new ArrayList<>(); // {iteration, worker, latency, load}
        int maxIt = -1;
        int maxW = -1;
        for (int k = 1; k < lines.size(); k++) {
            String line = lines.get(k);
            if (line.isBlank()) {
                continue;
            }
            String where = source + ":" + (k + 1) + ": ";
            String[] f = line.trim().split("\\s*,\\s*", -1);
            if (f.length < need) {
                throw new IllegalArgumentException(
                        where + "expected at least " + need + " fields, got " + f.length);
            }
            int it = integer(f[ci], where, "iteration");
            int w = integer(f[cw], where, "worker");
            double lat = number(f[cl], where, "latency");
            double l = number(f[cload], where, "load");
            if (it < 0 || w < 0) {
                throw new IllegalArgumentException(
                        where + "iteration and worker must be >= 0, got " + it + ", " + w);
            }
            if (!(lat >= 0) || !(l > 0)) {
                throw new IllegalArgumentException(
                        where + "need latency >= 0 and load > 0, got " + f[cl] + ", " + f[cload]);
            }
            rows.add(new double[] {it, w, lat, l});
            maxIt = Math.max(maxIt, it);
            maxW = Math.max(maxW, w);
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(source + ": trace has a header but no rows");
        }
        double[][] lat = filled(maxIt + 1, maxW + 1);
        double[][] ld = filled(maxIt + 1, maxW + 1);
        for (double[] r : rows) {
            int it = (int) r[0];
            int w = (int) r[1];
            if (Double.isNaN(lat[it][w])) {
                lat[it][w] = r[2];
                ld[it][w] = r[3];
            }
        }
        BitSet[] tasked = new BitSet[lat.length];
        for (int t = 0; t < lat.length; t++) {
            tasked[t] = new BitSet();
            for (int w = 0; w < lat[t].length; w++) {
                if (!Double.isNaN(lat[t][w])) {
                    tasked[t].set(w);
                }
            }
        }
        return new RecordedTrace(source, lat, ld, TraceReplay.fillGaps(source, lat, ld), tasked);
    }

    private static double[][] filled(int rows, int cols) {
        double[][] a = new double[rows][cols];
        for (double[] r : a) {
            Arrays.fill(r, Double.NaN);
        }
        return a;
    }

    private static int integer(String s, String where, String what) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + what + " is not an integer: '" + s + "'");
        }
    }

    private static double number(String s, String where, String what) {
        try {
            double x = Double.parseDouble(s);
            if (Double.isFinite(x)) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(where + what + " is not a finite number: '" + s + "'");
    }

    public String source() {
        return source;
    }

    public int workers() {
        return latency[0].length;
    }

    public int iterations() {
        return latency.length;
    }

    /** (iteration, worker) pairs that had no row and were filled. */
    public int gaps() {
        return gaps;
    }

    /**
     * The workers of {@code n} that had a row (a task) in each iteration, worker i replaying trace
     * worker i mod M as in {@link #normalised}: for a lazy scheme, the members of the groups its
     * trigger selected (an iteration without rows selected none).
     */
    public BitSet[] tasked(int n) {
        BitSet[] out = new BitSet[tasked.length];
        for (int t = 0; t < out.length; t++) {
            out[t] = new BitSet(n);
            for (int i = 0; i < n; i++) {
                if (tasked[t].get(i % workers())) {
                    out[t].set(i);
                }
            }
        }
        return out;
    }

    /**
     * Relative speeds, one per worker of {@code n}: 1 / (the worker's median latency per unit of
     * load), worker i replaying trace worker i mod M, scaled so that the fastest is 1 and rounded
     * to 3 decimals (so that a command line carrying them reproduces the same plan).
     */
    public double[] speeds(int n) {
        double[] perUnit = new double[workers()];
        for (int w = 0; w < perUnit.length; w++) {
            double[] x = new double[iterations()];
            for (int t = 0; t < x.length; t++) {
                x[t] = latency[t][w] / load[t][w];
            }
            perUnit[w] = Medians.of(x);
        }
        double fastest = Arrays.stream(perUnit).min().orElseThrow();
        double[] speeds = new double[n];
        for (int i = 0; i < n; i++) {
            double s = perUnit[i % workers()] > 0 ? fastest / perUnit[i % workers()] : 1;
            speeds[i] = Math.max(0.001, Math.round(s * 1000) / 1000.0);
        }
        return speeds;
    }

    /**
     * Seconds per unit of load, [iteration][worker] for {@code n} workers, worker i replaying trace
     * worker i mod M as in {@link #normalised}: what {@code --scheme auto}'s live window holds.
     */
    public double[][] perUnit(int n) {
        double[][] out = new double[iterations()][n];
        for (int t = 0; t < out.length; t++) {
            for (int i = 0; i < n; i++) {
                int w = i % workers();
                out[t][i] = latency[t][w] / load[t][w];
            }
        }
        return out;
    }

    /**
     * The trace for {@code n} workers, complete, as {@code TraceReplay} reads it ({@code
     * iteration,worker,latency,load}): worker i replays trace worker i mod M (M = {@link
     * #workers()}), so a plan for more or fewer workers sees the same mix of speeds.
     */
    public String normalised(int n) {
        return normalised(n, true);
    }

    /**
     * As {@link #normalised(int)}; without the {@code load} column when {@code scaled} is false, so
     * that {@code TraceReplay} replays each recorded latency as it is, whatever load the plan gives
     * the worker (for a run that changed loads while it ran: SAG-LB, re-planned hetero).
     */
    public String normalised(int n, boolean scaled) {
        StringBuilder b =
                new StringBuilder(
                        scaled ? "iteration,worker,latency,load\n" : "iteration,worker,latency\n");
        for (int t = 0; t < iterations(); t++) {
            for (int i = 0; i < n; i++) {
                int w = i % workers();
                b.append(t).append(',').append(i).append(',').append(latency[t][w]);
                if (scaled) {
                    b.append(',').append(load[t][w]);
                }
                b.append('\n');
            }
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "%s (%d iterations x %d workers, %d gaps filled)",
                source,
                iterations(),
                workers(),
                gaps);
    }
}
