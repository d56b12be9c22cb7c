package io.codedyarn.compute.metrics;

/**
 * A regression model's figures: RMSE = √(mean (y − ŷ)²), MAE = mean |y − ŷ|, R² = 1 − Σ(y − ŷ)² /
 * Σ(y − ȳ)² (scikit-learn's {@code r2_score}: 1 when both sums are 0, 0 when only the second is).
 * Streaming: O(1) memory (compensated sums; Σ(y − ȳ)² by Welford's update).
 */
public record RegressionMetrics(long rows, double rmse, double mae, double r2) {

    /** The figures of {@code predictions} against {@code targets}. */
    public static RegressionMetrics of(double[] predictions, double[] targets) {
        if (predictions.length != targets.length) {
            throw new IllegalArgumentException(
                    predictions.length + " predictions but " + targets.length + " targets");
        }
        Accumulator a = new Accumulator();
        for (int i = 0; i < targets.length; i++) {
            a.add(predictions[i], targets[i]);
        }
        return a.result();
    }

    /** Takes rows one at a time. */
    public static final class Accumulator {
        private final Sum squared = new Sum();
        private final Sum absolute = new Sum();
        private long n;
        private double mean;
        private double m2;

        public void add(double prediction, double target) {
            double e = target - prediction;
            squared.add(e * e);
            absolute.add(Math.abs(e));
            n++;
            double delta = target - mean;
            mean += delta / n;
            m2 += delta * (target - mean);
        }

        public RegressionMetrics result() {
            if (n == 0) {
                return new RegressionMetrics(0, Double.NaN, Double.NaN, Double.NaN);
            }
            double ss = squared.value();
            double r2;
            if (m2 == 0) {
                r2 = ss == 0 ? 1 : 0;
            } else {
                r2 = 1 - ss / m2;
            }
            return new RegressionMetrics(n, Math.sqrt(ss / n), absolute.value() / n, r2);
        }
    }
}
