package io.codedyarn.coordinator.advise;

import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.stats.Medians;
import io.codedyarn.coordinator.trace.JobJson;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.scheme.Schemes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Does the time simulator predict a run from the run's own trace? Replays the run's {@code
 * latency-trace.csv} through {@link TraceTimes} (the simulators behind {@code simulate --latency
 * trace:file=...}) for the run's plan (from its {@code job.json}) and compares the median predicted
 * iteration time with the median measured one ({@code iterations.csv}: round t took seconds[t] −
 * seconds[t−1]; round 0 from its first task's {@code sent} in the trace, so setup rounds before it
 * do not count). Pure apart from reading the three files; Hadoop-free.
 */
public final class TraceAgreement {
    /** The agreement issue 15 §3 asks for: medians within 20 %. */
    public static final double TOLERANCE = 0.20;

    /**
     * @param ratio predicted / measured median
     * @param gapsFilled (iteration, worker) pairs without a trace row ({@link RecordedTrace})
     * @param note what to expect of the ratio for this family ("" when it should be 1)
     */
    public record Result(
            String scheme,
            int iterations,
            double predictedMedian,
            double measuredMedian,
            double ratio,
            int gapsFilled,
            String note) {
        /** Whether |ratio − 1| ≤ tolerance. */
        public boolean within(double tolerance) {
            return Math.abs(ratio - 1) <= tolerance;
        }

        @Override
        public String toString() {
            return String.format(
                            Locale.ROOT,
                            "%s: predicted median %.6g s, measured median %.6g s, ratio %.4f over %d"
                                    + " iterations",
                            scheme,
                            predictedMedian,
                            measuredMedian,
                            ratio,
                            iterations)
                    + (note.isEmpty() ? "" : " (" + note + ")");
        }
    }

    private TraceAgreement() {}

    /**
     * Checks a run directory written by {@code train --out DIR}: needs {@code job.json}, {@code
     * iterations.csv} and {@code latency-trace.csv} in it.
     *
     * @throws IllegalArgumentException naming the file (and line) when one is missing or malformed
     */
    public static Result check(Path runDir) throws IOException {
        Path job = runDir.resolve(JobJson.SPEC_FILE);
        if (!Files.isRegularFile(job)) {
            throw new IllegalArgumentException(
                    job
                            + ": no such file (runs written before job.json joined the outputs: use"
                            + " check(runDir, spec))");
        }
        TrainSpec spec =
                JobJson.read(
                        Files.readString(job, StandardCharsets.UTF_8),
                        TrainSpec.class,
                        job.toString());
        return check(runDir, spec);
    }

    /** As {@link #check(Path)}, with the run's spec given instead of read from job.json. */
    public static Result check(Path runDir, TrainSpec spec) throws IOException {
        Path tracePath = runDir.resolve("latency-trace.csv");
        RecordedTrace trace = RecordedTrace.read(tracePath);
        Plan plan = spec.plan();
        if (trace.workers() > plan.workers()) {
            throw new IllegalArgumentException(
                    tracePath
                            + ": has worker "
                            + (trace.workers() - 1)
                            + " but the run's plan has "
                            + plan.workers()
                            + " workers");
        }
        double[] measured = measured(runDir.resolve("iterations.csv"), firstSent(tracePath));
        Training training = Schemes.byName(spec.scheme()).training(plan);
        boolean lazy = training instanceof Training.Lazy;
        BitSet[] selected = trace.tasked(plan.workers());
        // the run's own latencies as recorded (no load scaling): a run that changed loads while it
        // ran (SAG-LB, re-planned hetero) recorded each task's latency at the load it had then
        double[] predicted =
                TraceTimes.of(
                        plan,
                        trace.normalised(plan.workers(), false),
                        spec.waitFor(),
                        measured.length,
                        lazy ? selected : null);
        // compare the same iterations: round 0 only when its start is known; for the lazy family
        // only rounds in which the trigger selected some group (an empty round sends no task and
        // takes no time on either side, ~0.1 ms of bookkeeping measured)
        List<Double> p = new ArrayList<>();
        List<Double> m = new ArrayList<>();
        int empty = 0;
        for (int t = 0; t < measured.length; t++) {
            if (lazy && (t >= selected.length || selected[t].isEmpty())) {
                empty++;
                continue;
            }
            if (!Double.isNaN(measured[t])) {
                p.add(predicted[t]);
                m.add(measured[t]);
            }
        }
        if (m.isEmpty()) {
            throw new IllegalArgumentException(
                    runDir.resolve("iterations.csv") + ": no iteration with a known duration");
        }
        double pm = Medians.of(p.stream().mapToDouble(Double::doubleValue).toArray());
        double mm = Medians.of(m.stream().mapToDouble(Double::doubleValue).toArray());
        String note =
                lazy
                        ? empty
                                + " of "
                                + measured.length
                                + " rounds selected no group and are left out"
                        : training instanceof Training.Asynchronous
                                ? "the coordinator ends an asynchronous round at its 2 % grace"
                                        + " deadline, the simulator at the last arrival before"
                                        + " it: expect about 0.98"
                                : "";
        return new Result(spec.scheme(), m.size(), pm, mm, pm / mm, trace.gaps(), note);
    }

    /**
     * Round durations from {@code iterations.csv}'s {@code seconds} column; round 0's is NaN unless
     * {@code round0Start} is known.
     */
    static double[] measured(Path file, double round0Start) throws IOException {
        List<String> lines = readLines(file);
        List<String> cols = Arrays.asList(lines.get(0).trim().split("\\s*,\\s*"));
        int cs = cols.indexOf("seconds");
        if (cs < 0) {
            throw new IllegalArgumentException(file + ":1: header has no 'seconds' column");
        }
        List<Double> seconds = new ArrayList<>();
        for (int k = 1; k < lines.size(); k++) {
            if (lines.get(k).isBlank()) {
                continue;
            }
            String[] f = lines.get(k).split(",", -1);
            try {
                seconds.add(Double.parseDouble(f[cs]));
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new IllegalArgumentException(
                        file + ":" + (k + 1) + ": seconds is not a number");
            }
        }
        if (seconds.isEmpty()) {
            throw new IllegalArgumentException(file + ": no iterations");
        }
        double[] d = new double[seconds.size()];
        d[0] = seconds.get(0) - round0Start;
        for (int t = 1; t < d.length; t++) {
            d[t] = seconds.get(t) - seconds.get(t - 1);
        }
        return d;
    }

    /** The earliest {@code sent} of trace iteration 0, NaN without a {@code sent} column. */
    private static double firstSent(Path trace) throws IOException {
        List<String> lines = readLines(trace);
        List<String> cols = Arrays.asList(lines.get(0).trim().split("\\s*,\\s*"));
        int ci = cols.indexOf("iteration");
        int cs = cols.indexOf("sent");
        if (cs < 0) {
            return Double.NaN;
        }
        double first = Double.POSITIVE_INFINITY;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (f.length > Math.max(ci, cs) && f[ci].trim().equals("0")) {
                first = Math.min(first, Double.parseDouble(f[cs]));
            }
        }
        return Double.isFinite(first) ? first : Double.NaN;
    }

    private static List<String> readLines(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no such file");
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(file + ": empty (expected a header line)");
        }
        return lines;
    }
}
