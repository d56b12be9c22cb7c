package io.codedyarn.coordinator.stats;

import java.util.Arrays;

/** The median of a sample (the mean of the two middle values for an even count; NaN for none). */
public final class Medians {
    private Medians() {}

    public static double of(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        double[] s = x.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }
}
