package io.codedyarn.placement;

import java.util.Arrays;

/**
 * How to combine the arrived codewords: estimate = Σ_c coefficient[c] · f_c. Immutable.
 *
 * <p>{@link Kind#EXACT}: the estimate equals Σ_j g_j (the full gradient as a sum over all
 * partitions), up to rounding. {@link Kind#ESTIMATE}: an unbiased rescaled sum over the partitions
 * that arrived (fastest-k), so Σ_c coefficient[c]·f_c = (K / |covered|) · Σ_{j covered} g_j.
 *
 * @param coefficients one per codeword of the plan (0 for codewords not used)
 * @param kind exact recovery or a rescaled estimate
 * @param conditionNumber 2-norm condition number of the linear system solved (1 when none)
 */
public record Decoding(double[] coefficients, Kind kind, double conditionNumber) {

    public enum Kind {
        EXACT,
        ESTIMATE
    }

    public Decoding {
        coefficients = coefficients.clone();
    }

    public static Decoding exact(double[] coefficients, double conditionNumber) {
        return new Decoding(coefficients, Kind.EXACT, conditionNumber);
    }

    @Override
    public double[] coefficients() {
        return coefficients.clone();
    }

    public double coefficient(int codeword) {
        return coefficients[codeword];
    }

    public int codewords() {
        return coefficients.length;
    }

    /** Number of codewords with a non-zero coefficient. */
    public int used() {
        int u = 0;
        for (double a : coefficients) {
            if (a != 0.0) {
                u++;
            }
        }
        return u;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Decoding d
                && kind == d.kind
                && Arrays.equals(coefficients, d.coefficients)
                && Double.compare(conditionNumber, d.conditionNumber) == 0;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(coefficients) * 31 + kind.hashCode();
    }

    @Override
    public String toString() {
        return "Decoding["
                + kind
                + ", cond="
                + conditionNumber
                + ", a="
                + Arrays.toString(coefficients)
                + "]";
    }
}
