package io.codedyarn.compute.metrics;

/**
 * A binary classifier's figures on labelled rows, from its probabilities P(label 1). A row is
 * predicted positive when its probability is strictly above the threshold (as scikit-learn's and
 * Spark's logistic regression at 0.5). Definitions are scikit-learn's:
 *
 * <ul>
 *   <li>{@code logLoss}: {@code log_loss}: the mean of −log p (positives) and −log(1 − p)
 *       (negatives), p clipped to [ε, 1 − ε] with ε = 2^−52 (its float64 default);
 *   <li>{@code precision}, {@code recall}, {@code f1}: 0 where the denominator is 0 (its {@code
 *       zero_division} default);
 *   <li>{@code rocAuc}: {@code roc_auc_score} (ties: a tied positive–negative pair counts one
 *       half);
 *   <li>{@code prAuc}: {@code average_precision_score}, Σ (R_k − R_{k−1})·P_k over the distinct
 *       thresholds, not the trapezoidal area;
 *   <li>both areas NaN when a class is absent.
 * </ul>
 *
 * <p>The areas need every score: the accumulator keeps 8 bytes per row and sorts them once, so tens
 * of millions of rows (a few hundred MB) fit a default heap; at most 2^31 − 9 rows per class.
 *
 * @param threshold the probability above which a row is predicted positive
 */
public record BinaryMetrics(
        long rows,
        double threshold,
        double logLoss,
        double accuracy,
        double precision,
        double recall,
        double f1,
        double rocAuc,
        double prAuc,
        Confusion confusion) {

    /** Counts at the threshold: true/false positives and negatives. */
    public record Confusion(
            long truePositives, long falsePositives, long trueNegatives, long falseNegatives) {}

    /** ε of scikit-learn's {@code log_loss} for float64 ({@code np.finfo(float64).eps}). */
    static final double LOG_LOSS_EPS = Math.ulp(1.0);

    /**
     * The figures of {@code probabilities} against {@code labels01} (0 or 1 each).
     *
     * @throws IllegalArgumentException lengths differ, a label not 0/1, a probability outside [0,
     *     1]
     */
    public static BinaryMetrics of(double[] probabilities, double[] labels01, double threshold) {
        if (probabilities.length != labels01.length) {
            throw new IllegalArgumentException(
                    probabilities.length + " probabilities but " + labels01.length + " labels");
        }
        Accumulator a = new Accumulator(threshold);
        for (int i = 0; i < probabilities.length; i++) {
            a.add(probabilities[i], labels01[i]);
        }
        return a.result();
    }

    /** Takes rows one at a time; {@link #result} may be called more than once. */
    public static final class Accumulator {
        private final double threshold;
        private final Scores positives = new Scores();
        private final Scores negatives = new Scores();
        private final Sum loss = new Sum();
        private long tp;
        private long fp;
        private long tn;
        private long fn;

        /**
         * @param threshold in [0, 1]
         */
        public Accumulator(double threshold) {
            if (!(threshold >= 0 && threshold <= 1)) {
                throw new IllegalArgumentException(
                        "threshold " + threshold + " is not a probability in [0, 1]");
            }
            this.threshold = threshold;
        }

        /** One row: its probability of label 1 and its label, 0 or 1. */
        public void add(double probability, double label01) {
            if (!(probability >= 0 && probability <= 1)) {
                throw new IllegalArgumentException(
                        "probability " + probability + " is not in [0, 1]");
            }
            boolean predicted = probability > threshold;
            double p = Math.max(LOG_LOSS_EPS, Math.min(1 - LOG_LOSS_EPS, probability));
            double q = 1 - p;
            double total = q + p; // scikit-learn renormalises the two columns
            if (label01 == 1) {
                positives.add(probability);
                loss.add(-Math.log(p / total));
                if (predicted) {
                    tp++;
                } else {
                    fn++;
                }
            } else if (label01 == 0) {
                negatives.add(probability);
                loss.add(-Math.log(q / total));
                if (predicted) {
                    fp++;
                } else {
                    tn++;
                }
            } else {
                throw new IllegalArgumentException("label " + label01 + " is neither 0 nor 1");
            }
        }

        public BinaryMetrics result() {
            long n = tp + fp + tn + fn;
            double precision = tp + fp == 0 ? 0 : (double) tp / (tp + fp);
            double recall = tp + fn == 0 ? 0 : (double) tp / (tp + fn);
            double denominator = precision + recall;
            double f1 = denominator == 0 ? 0 : 2 * precision * recall / denominator;
            int p = positives.size();
            int q = negatives.size();
            double[] pos = positives.sorted();
            double[] neg = negatives.sorted();
            return new BinaryMetrics(
                    n,
                    threshold,
                    n == 0 ? Double.NaN : loss.value() / n,
                    n == 0 ? Double.NaN : (double) (tp + tn) / n,
                    precision,
                    recall,
                    f1,
                    Ranking.rocAuc(pos, p, neg, q),
                    Ranking.averagePrecision(pos, p, neg, q),
                    new Confusion(tp, fp, tn, fn));
        }
    }
}
