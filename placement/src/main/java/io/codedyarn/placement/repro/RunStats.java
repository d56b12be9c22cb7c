package io.codedyarn.placement.repro;

import java.util.ArrayList;
import java.util.List;

/**
 * Batch means: one value per independent run; the standard error of the mean is the sample standard
 * deviation of the run values over √R. Ratios use the delta method on paired runs (common random
 * numbers make the pairs positively correlated, which the paired form exploits).
 */
final class RunStats {
    private final List<Double> values = new ArrayList<>();

    void add(double v) {
        values.add(v);
    }

    int count() {
        return values.size();
    }

    double mean() {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s / values.size();
    }

    double standardError() {
        int r = values.size();
        if (r < 2) {
            return Double.NaN;
        }
        double m = mean();
        double ss = 0;
        for (double v : values) {
            ss += (v - m) * (v - m);
        }
        return Math.sqrt(ss / (r - 1) / r);
    }

    /** Standard error of mean(a)/mean(b) for paired runs: s.e. of (a_r − ρ·b_r) / mean(b). */
    static double ratioStandardError(RunStats a, RunStats b) {
        double rho = a.mean() / b.mean();
        RunStats d = new RunStats();
        for (int k = 0; k < a.values.size(); k++) {
            d.add(a.values.get(k) - rho * b.values.get(k));
        }
        return d.standardError() / b.mean();
    }
}
