package io.codedyarn.compute.model;

/**
 * Classical Gram–Schmidt on the k columns of a d×k row-major matrix, in place (DSAG §1.3, as its
 * code does it): for each column i, subtract ⟨a_j, a_i⟩a_j for every earlier j (inner products
 * taken with the ORIGINAL a_i, hence "classical"), then normalise if the norm exceeds sqrt(eps·d);
 * a column at or below that guard is left unnormalised (nearly zero) rather than blown up into
 * noise, and NaN entries become 0. Signs are consistent: the implied R has a positive diagonal, so
 * each output column points the way of its input's new component (no sign flips as in Householder
 * QR); with a fixed input, the same output, bit for bit.
 *
 * <p>Example: columns (3, 4) and (1, 0) → (0.6, 0.8) and (0.8, −0.6).
 */
public final class GramSchmidt {
    private GramSchmidt() {}

    public static void orthonormalize(double[] v, int d, int k) {
        if (k < 1 || v.length != (long) d * k) {
            throw new IllegalArgumentException("V must be d x k = " + d + " x " + k);
        }
        final double guard = Math.sqrt(Math.ulp(1.0) * d);
        double[] dots = new double[k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < i; j++) {
                double s = 0;
                for (int r = 0; r < d; r++) {
                    s += v[r * k + j] * v[r * k + i];
                }
                dots[j] = s;
            }
            double norm2 = 0;
            for (int r = 0; r < d; r++) {
                double a = v[r * k + i];
                for (int j = 0; j < i; j++) {
                    a -= dots[j] * v[r * k + j];
                }
                v[r * k + i] = Double.isNaN(a) ? 0.0 : a;
                norm2 += v[r * k + i] * v[r * k + i];
            }
            double norm = Math.sqrt(norm2);
            if (norm > guard) {
                for (int r = 0; r < d; r++) {
                    v[r * k + i] /= norm;
                }
            }
        }
    }
}
