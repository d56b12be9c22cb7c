package io.codedyarn.compute.kernel;

/**
 * Named tolerances of the kernel tests. Errors of floating-point sums are measured against the
 * error-free scale Σ|terms| (a sum of n terms has |error| ≤ n·u·Σ|terms| with u = 2^−53 ≈ 1.1e−16),
 * so these hold however much the terms cancel.
 */
final class Tolerances {
    private Tolerances() {}

    /**
     * A kernel sum versus exact (BigDecimal) arithmetic, relative to Σ|terms|: the worst-case bound
     * for ≤ 10³ terms (with a dot product inside each term) is about 2·10³·u ≈ 2.2e−13.
     */
    static final double SUM_VS_EXACT = 1e-12;

    /**
     * The kernel's stable softplus/sigmoid versus the textbook log(1 + exp(t)), 1/(1 + exp(−t)) for
     * |t| ≤ 30, relative to Σ|terms|: both are within a few ulps of the true value there.
     */
    static final double LOGISTIC_VS_TEXTBOOK = 1e-12;

    /** |a − b| ≤ tol · scale (scale 0 demands exact equality). */
    static boolean within(double a, double b, double tol, double scale) {
        return Math.abs(a - b) <= tol * scale;
    }
}
