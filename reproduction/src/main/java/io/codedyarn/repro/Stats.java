package io.codedyarn.repro;

/** Mean and standard error of the mean over realizations (NaN entries are skipped). */
final class Stats {
    private Stats() {}

    static double mean(double[] x) {
        double s = 0;
        int n = 0;
        for (double v : x) {
            if (!Double.isNaN(v)) {
                s += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : s / n;
    }

    static double standardError(double[] x) {
        double m = mean(x);
        double ss = 0;
        int n = 0;
        for (double v : x) {
            if (!Double.isNaN(v)) {
                ss += (v - m) * (v - m);
                n++;
            }
        }
        return n < 2 ? Double.NaN : Math.sqrt(ss / (n - 1) / n);
    }
}
