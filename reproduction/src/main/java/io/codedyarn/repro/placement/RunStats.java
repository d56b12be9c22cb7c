package io.codedyarn.repro.placement;

import java.util.ArrayList;
import java.util.List;

/**
 * The values of independent runs, collected one at a time (batch means); the statistics are {@link
 * Replications}'s: the standard error of the mean is the sample standard deviation over √R, and
 * ratios use the delta method on paired runs (common random numbers make the pairs positively
 * correlated, which the paired form exploits).
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

    /** NaN for fewer than two runs. */
    double standardError() {
        return count() < 2 ? Double.NaN : Replications.of(array()).standardError();
    }

    /** Standard error of mean(a)/mean(b) for paired runs (NaN for fewer than two). */
    static double ratioStandardError(RunStats a, RunStats b) {
        return a.count() < 2
                ? Double.NaN
                : Replications.ratioPaired(a.array(), b.array()).standardError();
    }

    private double[] array() {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
