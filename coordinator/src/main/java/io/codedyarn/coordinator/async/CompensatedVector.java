package io.codedyarn.coordinator.async;

import java.util.Arrays;

/**
 * A running vector sum with Neumaier (improved Kahan) compensation per component.
 *
 * <p>DSAG maintains H = Σ_{Y∈𝒴} Y incrementally: every insert adds the new entry and subtracts the
 * evicted ones (§IV-B, "H ← H + Y − Σ_{Y'∈𝒴'} Y'"). Over thousands of iterations the plain
 * floating-point running sum drifts away from the true sum of the cached entries, and it can lose
 * small entries outright when a large one is later removed (1e16 + 1 − 1e16 = 0 in doubles). With
 * compensation the error of each component stays at a few ulps of the true value plus O(ε²) times
 * the magnitudes ever added, independent of the number of updates to first order.
 *
 * <p>Neumaier's step for s ← s + x with compensation c: t = s + x; c += (|s| ≥ |x|) ? (s − t) + x :
 * (x − t) + s; s = t. The value is s + c.
 */
final class CompensatedVector {
    private final double[] sum;
    private final double[] comp;

    CompensatedVector(int dimension) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
        }
        sum = new double[dimension];
        comp = new double[dimension];
    }

    int dimension() {
        return sum.length;
    }

    /** this ← this + sign·x (sign = +1 or −1), compensated. */
    void add(double[] x, double sign) {
        if (x.length != sum.length) {
            throw new IllegalArgumentException(
                    "dimension mismatch: expected " + sum.length + ", got " + x.length);
        }
        for (int k = 0; k < sum.length; k++) {
            double s = sum[k];
            double v = sign * x[k];
            double t = s + v;
            if (Math.abs(s) >= Math.abs(v)) {
                comp[k] += (s - t) + v;
            } else {
                comp[k] += (v - t) + s;
            }
            sum[k] = t;
        }
    }

    /** The running sums s (a copy; with {@link #compensations()} the exact state, checkpoints). */
    double[] sums() {
        return sum.clone();
    }

    /** The compensations c (a copy). */
    double[] compensations() {
        return comp.clone();
    }

    /** Sets s and c (a checkpoint's {@link #sums()} and {@link #compensations()}). */
    void set(double[] sums, double[] compensations) {
        if (sums.length != sum.length || compensations.length != comp.length) {
            throw new IllegalArgumentException(
                    "dimension mismatch: expected " + sum.length + ", got " + sums.length);
        }
        System.arraycopy(sums, 0, sum, 0, sum.length);
        System.arraycopy(compensations, 0, comp, 0, comp.length);
    }

    void clear() {
        Arrays.fill(sum, 0.0);
        Arrays.fill(comp, 0.0);
    }

    /** A fresh array holding s + c per component. */
    double[] value() {
        double[] out = new double[sum.length];
        for (int k = 0; k < sum.length; k++) {
            out[k] = sum[k] + comp[k];
        }
        return out;
    }
}
