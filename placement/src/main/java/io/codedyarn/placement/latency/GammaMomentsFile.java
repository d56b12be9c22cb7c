package io.codedyarn.placement.latency;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads per-worker gamma moments: CSV with header {@code
 * worker,comm_mean,comm_var,comp_mean,comp_var}, one row per worker 0..n−1 in order (computation
 * moments per unit of load).
 */
final class GammaMomentsFile {
    private GammaMomentsFile() {}

    static List<GammaLatency.WorkerMoments> read(Reader in, String source, int workers)
            throws IOException {
        BufferedReader r = new BufferedReader(in);
        String header = r.readLine();
        if (header == null
                || !header.replace(" ", "")
                        .equals("worker,comm_mean,comm_var,comp_mean,comp_var")) {
            throw new IllegalArgumentException(
                    source + ":1: header must be worker,comm_mean,comm_var,comp_mean,comp_var");
        }
        List<GammaLatency.WorkerMoments> out = new ArrayList<>();
        String line;
        int lineNo = 1;
        while ((line = r.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\\s*,\\s*");
            String where = source + ":" + lineNo + ": ";
            try {
                if (f.length != 5 || Integer.parseInt(f[0].trim()) != out.size()) {
                    throw new IllegalArgumentException(
                            where + "expected 5 fields for worker " + out.size());
                }
                out.add(
                        new GammaLatency.WorkerMoments(
                                Double.parseDouble(f[1]),
                                Double.parseDouble(f[2]),
                                Double.parseDouble(f[3]),
                                Double.parseDouble(f[4])));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + "not a number: " + e.getMessage(), e);
            } catch (IllegalArgumentException e) {
                throw e.getMessage().startsWith(source)
                        ? e
                        : new IllegalArgumentException(where + e.getMessage(), e);
            }
        }
        if (out.size() != workers) {
            throw new IllegalArgumentException(
                    source + ": has " + out.size() + " workers, expected " + workers);
        }
        return out;
    }
}
