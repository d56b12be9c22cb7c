package io.codedyarn.coordinator.auto;

import io.codedyarn.coordinator.stats.Medians;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a decision knows about the workers, from the live window: each one's median seconds per unit
 * against the cluster's, how persistent its slowness is, and whether it is the host's (every worker
 * on its node slow) or the worker's own.
 *
 * <p>Only persistent slowness moves load: a worker slower than {@value #SLOW}× the cluster median
 * in at least {@value #PERSISTENT} of the window's rounds gets its measured speed for the
 * heterogeneity-aware code; any other worker counts as an average one. Speeds from a few noisy
 * samples (0.8–1.8 on a shared 2-core machine) made re-plans predict gains that never came
 * (docs/benchmarks.md).
 *
 * @param speeds relative speeds for the heterogeneity-aware code (mean 1)
 */
record Measured(double[] speeds, String describe) {
    static final double SLOW = 1.5;
    static final double PERSISTENT = 0.75;

    /**
     * @param nodes each worker's node (null: unknown), to tell a slow host from a slow worker
     */
    static Measured of(double[][] window, String[] nodes) {
        int n = window[0].length;
        int rounds = window.length;
        double[] median = new double[n];
        for (int w = 0; w < n; w++) {
            double[] column = new double[rounds];
            for (int t = 0; t < rounds; t++) {
                column[t] = window[t][w];
            }
            median[w] = Medians.of(column);
        }
        double[] slowShare = new double[n];
        for (double[] row : window) {
            double m = Medians.of(row);
            for (int w = 0; w < n; w++) {
                if (row[w] > SLOW * m) {
                    slowShare[w] += 1.0 / rounds;
                }
            }
        }
        double typical = Medians.of(median);
        double[] speeds = new double[n];
        List<Integer> slow = new ArrayList<>();
        for (int w = 0; w < n; w++) {
            boolean persistent = slowShare[w] >= PERSISTENT && median[w] > SLOW * typical;
            speeds[w] = persistent ? typical / median[w] : 1;
            if (slowShare[w] > 0 && median[w] > SLOW * typical || slowShare[w] >= PERSISTENT) {
                slow.add(w);
            }
        }
        double mean = Arrays.stream(speeds).average().orElse(1);
        for (int w = 0; w < n; w++) {
            speeds[w] /= mean;
        }
        return new Measured(speeds, describe(rounds, typical, median, slowShare, slow, nodes));
    }

    private static String describe(
            int rounds,
            double typical,
            double[] median,
            double[] slowShare,
            List<Integer> slow,
            String[] nodes) {
        Map<String, int[]> perNode = new TreeMap<>(); // node -> {workers, slow ones}
        for (int w = 0; w < median.length; w++) {
            String node = nodes[w];
            if (node != null) {
                int[] c = perNode.computeIfAbsent(node, k -> new int[2]);
                c[0]++;
                c[1] += slow.contains(w) ? 1 : 0;
            }
        }
        StringBuilder b =
                new StringBuilder(
                        String.format(
                                Locale.ROOT,
                                "window %d rounds; median %.4g s/unit; slow:",
                                rounds,
                                typical));
        if (slow.isEmpty()) {
            b.append(" none");
        }
        for (int w : slow) {
            String node = nodes[w];
            int[] c = node == null ? null : perNode.get(node);
            String origin =
                    c == null || c[0] < 2
                            ? ""
                            : c[1] == c[0] ? " (host " + node + ")" : " (worker)";
            b.append(
                    String.format(
                            Locale.ROOT,
                            " w%d %.2gx %s%s;",
                            w,
                            median[w] / typical,
                            slowShare[w] >= PERSISTENT ? "persistent" : "bursty",
                            origin));
        }
        return b.toString();
    }
}
