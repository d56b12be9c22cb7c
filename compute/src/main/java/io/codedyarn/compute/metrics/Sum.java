package io.codedyarn.compute.metrics;

/**
 * A compensated (Neumaier) running sum: its error does not grow with the number of terms, so a mean
 * over millions of rows agrees with scikit-learn's (numpy's pairwise summation) far below 1e-12.
 */
final class Sum {
    private double sum;
    private double compensation;

    void add(double x) {
        double t = sum + x;
        if (Math.abs(sum) >= Math.abs(x)) {
            compensation += (sum - t) + x;
        } else {
            compensation += (x - t) + sum;
        }
        sum = t;
    }

    double value() {
        return sum + compensation;
    }
}
