package io.codedyarn.am.bench.stragglers;

import io.codedyarn.am.output.RunOutputs;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a run's {@code iterations.csv} for the time its gap first reached a target. */
public final class TimeToTarget {
    private TimeToTarget() {}

    /**
     * The {@code seconds} of the first row whose {@code gap} is ≤ {@code target}, or NaN when no
     * row's is (or the gap column is empty: no reference).
     */
    public static double seconds(Path runOut, double target) throws IOException {
        Path csv = runOut.resolve(RunOutputs.ITERATIONS);
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null || !header.startsWith("iteration,seconds,objective,gap,")) {
                throw new IOException(csv + ": unexpected header " + header);
            }
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                // the first four columns are numbers (no quoting): iteration,seconds,objective,gap
                String[] f = line.split(",", 5);
                if (f.length < 4 || f[3].isEmpty()) {
                    continue;
                }
                double gap = Double.parseDouble(f[3]);
                if (gap <= target) {
                    return Double.parseDouble(f[1]);
                }
            }
        }
        return Double.NaN;
    }
}
