package io.codedyarn.coordinator.stats;

import java.util.Arrays;

/** The median of a sample (the mean of the two middle values for an even count; NaN for none). */
public final class Medians {
    private Medians() {}

    public static double of(double[] x) {
        return of(x, x.length);
    }

    /**
     * The median of {@code x[0..n)} (NaN for n = 0), copying them once; {@code x} is not changed.
     */
    public static double of(double[] x, int n) {
        if (n == 0) {
            return Double.NaN;
        }
        double[] s = Arrays.copyOf(x, n);
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }
}
