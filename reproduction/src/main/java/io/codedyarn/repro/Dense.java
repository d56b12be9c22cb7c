package io.codedyarn.repro;

/** The few dense kernels of {@link FashionLsq}: square row-major matrices and vectors. */
final class Dense {
    private static final int POWER_ITERATIONS = 10_000;

    private Dense() {}

    /** y = A x for a p × p row-major A; four partial sums let the JIT pipeline the row. */
    static void times(double[] a, double[] x, double[] y, int p) {
        for (int i = 0; i < p; i++) {
            int base = i * p;
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            int k = 0;
            for (; k + 3 < p; k += 4) {
                s0 += a[base + k] * x[k];
                s1 += a[base + k + 1] * x[k + 1];
                s2 += a[base + k + 2] * x[k + 2];
                s3 += a[base + k + 3] * x[k + 3];
            }
            for (; k < p; k++) {
                s0 += a[base + k] * x[k];
            }
            y[i] = (s0 + s1) + (s2 + s3);
        }
    }

    static double[] times(double[] a, double[] x, int p) {
        double[] y = new double[p];
        times(a, x, y, p);
        return y;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    /**
     * λ_max of a symmetric positive semi-definite matrix by power iteration from the all-ones
     * vector (a Gram matrix of non-negative pixels is entrywise non-negative, so its Perron vector
     * is positive and overlaps 1), until the Rayleigh quotient changes by less than 1e−13 relative.
     */
    static double largestEigenvalue(double[] a, int p) {
        double[] x = new double[p];
        java.util.Arrays.fill(x, 1 / Math.sqrt(p));
        double[] y = new double[p];
        double lambda = 0;
        for (int it = 0; it < POWER_ITERATIONS; it++) {
            times(a, x, y, p);
            double next = dot(x, y);
            double norm = Math.sqrt(dot(y, y));
            if (norm == 0) {
                return 0;
            }
            for (int k = 0; k < p; k++) {
                x[k] = y[k] / norm;
            }
            if (Math.abs(next - lambda) <= 1e-13 * Math.abs(next)) {
                return next;
            }
            lambda = next;
        }
        return lambda;
    }
}
