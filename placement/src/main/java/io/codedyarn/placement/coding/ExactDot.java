package io.codedyarn.placement.coding;

/**
 * Dot products as if computed in twice the working precision (Ogita, Rump and Oishi 2005, "Accurate
 * sum and dot product", Algorithm Dot2 with FMA-based TwoProduct): the result is as accurate as the
 * exact dot product rounded once, unless the condition number of the sum exceeds ~1e16. Used where
 * a residual must be accurate to drive iterative refinement.
 */
final class ExactDot {
    private ExactDot() {}

    static double dot(double[] x, double[] y) {
        double p = 0;
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            double h = x[i] * y[i];
            double r = Math.fma(x[i], y[i], -h); // TwoProduct error term
            double q = p + h; // TwoSum(p, h)
            double z = q - p;
            double e = (p - (q - z)) + (h - z);
            p = q;
            s += e + r;
        }
        return p + s;
    }
}
