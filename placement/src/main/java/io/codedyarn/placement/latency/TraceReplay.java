package io.codedyarn.placement.latency;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Replays measured per-worker, per-iteration latencies: the CSV the coordinator records ({@code
 * iteration,worker,latency[,load]}; header required, extra columns ignored; iterations and workers
 * 0-based). Iteration t replays trace iteration t mod T. When the trace has a {@code load} column,
 * times scale by (load now / load recorded); both are in {@link LoadUnit}s (n/N rows), the unit the
 * coordinator writes, so replaying a run's trace for the same scheme gives back its recorded times.
 * (Traces written before the coordinator used this unit hold the fraction of the data, 1/N of it:
 * multiply their {@code load} column by N.) Every (iteration, worker) must be present.
 */
public final class TraceReplay implements LatencyModel {
    private final double[][] latency; // [iteration][worker]
    private final double[][] recordedLoad; // null entries when no load column
    private final int gaps;

    private TraceReplay(double[][] latency, double[][] recordedLoad, int gaps) {
        this.latency = latency;
        this.recordedLoad = recordedLoad;
        this.gaps = gaps;
    }

    /**
     * @param source names the file in error messages
     * @throws IllegalArgumentException naming source and line for any malformed or missing entry
     */
    public static TraceReplay read(Reader in, String source, int workers) throws IOException {
        BufferedReader r = new BufferedReader(in);
        String header = r.readLine();
        if (header == null) {
            throw new IllegalArgumentException(source + ": empty trace (expected a header line)");
        }
        List<String> cols = Arrays.asList(header.trim().split("\\s*,\\s*"));
        int ci = cols.indexOf("iteration");
        int cw = cols.indexOf("worker");
        int cl = cols.indexOf("latency");
        int cload = cols.indexOf("load");
        if (ci < 0 || cw < 0 || cl < 0) {
            throw new IllegalArgumentException(
                    source
                            + ":1: header must name columns iteration, worker,"
                            + " latency (got '"
                            + header
                            + "')");
        }
        TreeMap<Integer, double[]> lat = new TreeMap<>();
        Map<Integer, double[]> loads = new TreeMap<>();
        String line;
        int lineNo = 1;
        while ((line = r.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.trim().split("\\s*,\\s*");
            String where = source + ":" + lineNo + ": ";
            if (f.length < cols.size()) {
                throw new IllegalArgumentException(
                        where + "expected " + cols.size() + " fields, got " + f.length);
            }
            int it = parseInt(f[ci], where, "iteration");
            int w = parseInt(f[cw], where, "worker");
            double x = parseDouble(f[cl], where, "latency");
            if (it < 0 || w < 0 || w >= workers) {
                throw new IllegalArgumentException(
                        where
                                + "iteration must be >= 0 and worker in [0, "
                                + workers
                                + "), got iteration "
                                + it
                                + ", worker "
                                + w);
            }
            if (!(x >= 0) || Double.isInfinite(x)) {
                throw new IllegalArgumentException(
                        where + "latency must be a finite number >= 0, got " + f[cl]);
            }
            double[] row = lat.computeIfAbsent(it, k -> filledNaN(workers));
            if (!Double.isNaN(row[w])) {
                throw new IllegalArgumentException(
                        where + "duplicate entry for iteration " + it + ", worker " + w);
            }
            row[w] = x;
            if (cload >= 0) {
                double l = parseDouble(f[cload], where, "load");
                if (!(l > 0)) {
                    throw new IllegalArgumentException(where + "load must be > 0, got " + f[cload]);
                }
                loads.computeIfAbsent(it, k -> filledNaN(workers))[w] = l;
            }
        }
        if (lat.isEmpty()) {
            throw new IllegalArgumentException(source + ": trace has a header but no rows");
        }
        int iterations = lat.lastKey() + 1;
        double[][] rows = new double[iterations][];
        double[][] loadRows = new double[iterations][];
        for (int t = 0; t < iterations; t++) {
            rows[t] = lat.getOrDefault(t, filledNaN(workers));
            loadRows[t] = cload >= 0 ? loads.getOrDefault(t, filledNaN(workers)) : null;
        }
        int gaps = fillGaps(source, rows, loadRows);
        return new TraceReplay(rows, loadRows, gaps);
    }

    /**
     * An asynchronous run (sag, dsag) sends no task to a worker busy for a whole round, and a lazy
     * one (lag, g-lag) none to the groups its trigger skipped: the trace has no row there. Such a
     * gap replays the worker's previous row (else its next one); for sag/dsag the replay never
     * reads it (a busy worker gets no task there either); a lazy scheme is replayed with every
     * group selected, so its rounds come out longer than the run's. A worker without any row is an
     * error. Shared with the planner's reader of recorded traces ({@code RecordedTrace}).
     *
     * @param loads per iteration the recorded loads, or null entries (no load column)
     * @return the number of (iteration, worker) pairs filled
     */
    public static int fillGaps(String source, double[][] lat, double[][] loads) {
        int gaps = 0;
        for (int w = 0; w < lat[0].length; w++) {
            int first = -1;
            for (int t = 0; t < lat.length && first < 0; t++) {
                first = Double.isNaN(lat[t][w]) ? -1 : t;
            }
            if (first < 0) {
                throw new IllegalArgumentException(
                        source + ": no latency for worker " + w + " in any iteration");
            }
            for (int t = 0; t < lat.length; t++) {
                if (Double.isNaN(lat[t][w])) {
                    int from = t < first ? first : t - 1;
                    lat[t][w] = lat[from][w];
                    if (loads[t] != null) {
                        loads[t][w] = loads[from][w];
                    }
                    gaps++;
                }
            }
        }
        return gaps;
    }

    private static double[] filledNaN(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    private static int parseInt(String s, String where, String what) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + what + " is not an integer: '" + s + "'", e);
        }
    }

    private static double parseDouble(String s, String where, String what) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + what + " is not a number: '" + s + "'", e);
        }
    }

    /** (iteration, worker) pairs without a row, filled from the worker's neighbouring row. */
    public int gaps() {
        return gaps;
    }

    public int iterations() {
        return latency.length;
    }

    /** Worker w's recorded latency in trace iteration t (0 ≤ t < {@link #iterations()}). */
    public double latency(int t, int worker) {
        return latency[t][worker];
    }

    @Override
    public int workers() {
        return latency[0].length;
    }

    @Override
    public void sample(int t, double[] load, double[] out) {
        int k = t % latency.length;
        for (int i = 0; i < out.length; i++) {
            double scale = recordedLoad[k] == null ? 1.0 : load[i] / recordedLoad[k][i];
            out[i] = load[i] == 0 ? 0 : latency[k][i] * scale;
        }
    }
}
