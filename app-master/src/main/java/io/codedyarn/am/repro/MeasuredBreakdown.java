package io.codedyarn.am.repro;

import io.codedyarn.am.output.RunOutputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * One run's times as BCC's Tables I and II break them down, read from its outputs: the total is the
 * AM's clock from the end of iteration 0 to the end of iteration {@code iterations} (so exactly
 * {@code iterations} rounds, without the setup rounds and the first round's start); computation is,
 * per iteration, the largest injected compute time among the workers whose results the master
 * received before the iteration ended (the paper's definition, with the injected term because a
 * worker reports its computation and its injected wait together), summed; communication is the
 * rest. K is the mean number of this round's results received before the round ended ({@code used}
 * and {@code unused} rows of {@code latency-trace.csv}).
 *
 * @param total seconds of the {@code iterations} rounds
 * @param computation seconds
 * @param recoveryThreshold mean K per round
 */
public record MeasuredBreakdown(double total, double computation, double recoveryThreshold) {

    public double communication() {
        return total - computation;
    }

    /**
     * Reads {@code out}'s {@code iterations.csv} and {@code latency-trace.csv}.
     *
     * @param compute the injected compute seconds, [iteration][worker]
     * @param iterations rounds 1..iterations are measured
     * @throws IllegalArgumentException naming the file and what is missing
     */
    public static MeasuredBreakdown read(Path out, double[][] compute, int iterations)
            throws IOException {
        Path its = out.resolve(RunOutputs.ITERATIONS);
        List<String[]> rows = csv(its);
        int ci = column(rows, "iteration", its);
        int cs = column(rows, "seconds", its);
        double[] end = new double[iterations + 1];
        Arrays.fill(end, Double.NaN);
        for (String[] r : rows.subList(1, rows.size())) {
            int t = Integer.parseInt(r[ci]);
            if (t <= iterations) {
                end[t] = Double.parseDouble(r[cs]);
            }
        }
        if (Double.isNaN(end[0]) || Double.isNaN(end[iterations])) {
            throw new IllegalArgumentException(
                    its + ": no row for iteration 0 or " + iterations + " (the run stopped early)");
        }
        Path trace = out.resolve(RunOutputs.LATENCY_TRACE);
        List<String[]> lat = csv(trace);
        int ti = column(lat, "iteration", trace);
        int tw = column(lat, "worker", trace);
        int tu = column(lat, "use", trace);
        double[] comp = new double[iterations + 1];
        int[] received = new int[iterations + 1];
        for (String[] r : lat.subList(1, lat.size())) {
            int t = Integer.parseInt(r[ti]);
            String use = r[tu];
            if (t < 1 || t > iterations || !(use.equals("used") || use.equals("unused"))) {
                continue;
            }
            int w = Integer.parseInt(r[tw]);
            comp[t] = Math.max(comp[t], compute[t % compute.length][w]);
            received[t]++;
        }
        double computation = 0;
        double k = 0;
        for (int t = 1; t <= iterations; t++) {
            if (received[t] == 0) {
                throw new IllegalArgumentException(
                        trace + ": iteration " + t + " has no result received in its round");
            }
            computation += comp[t];
            k += received[t];
        }
        return new MeasuredBreakdown(end[iterations] - end[0], computation, k / iterations);
    }

    private static List<String[]> csv(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": missing (the run wrote no such output)");
        }
        List<String[]> rows =
                Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                        .filter(l -> !l.isBlank() && !l.startsWith("#"))
                        .map(l -> l.split(",", -1))
                        .toList();
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file + ": empty (expected a header line)");
        }
        return rows;
    }

    private static int column(List<String[]> rows, String name, Path file) {
        int c = Arrays.asList(rows.get(0)).indexOf(name);
        if (c < 0) {
            throw new IllegalArgumentException(file + ": no column '" + name + "' in its header");
        }
        return c;
    }
}
