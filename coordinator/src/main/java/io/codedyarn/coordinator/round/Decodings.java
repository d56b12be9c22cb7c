package io.codedyarn.coordinator.round;

import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Plan;

/** The decoded sum, and whether workers' codewords decode. */
public final class Decodings {
    private Decodings() {}

    /**
     * Σ_c a_c f_c over the codewords with a non-zero coefficient whose result arrived (GC paper eq.
     * (1); LAGC's per-group decode is the same sum over one group's codewords), accumulated in
     * codeword order; null when no term contributes.
     */
    public static double[] combine(Decoding dec, double[][] f) {
        double[] sum = null;
        for (int c = 0; c < f.length; c++) {
            double a = dec.coefficient(c);
            if (a == 0 || f[c] == null) {
                continue;
            }
            if (sum == null) {
                sum = new double[f[c].length];
            }
            for (int m = 0; m < sum.length; m++) {
                sum[m] += a * f[c][m];
            }
        }
        return sum;
    }

    /**
     * Whether the codewords of the workers {@code ready} marks decode (the start of an exact code).
     */
    public static boolean decodes(Plan plan, boolean[] ready) {
        java.util.BitSet arrived = new java.util.BitSet();
        for (int w = 0; w < ready.length; w++) {
            if (ready[w]) {
                for (int c : plan.sends(w)) {
                    arrived.set(c);
                }
            }
        }
        return plan.decoder().decode(arrived).isPresent();
    }
}
