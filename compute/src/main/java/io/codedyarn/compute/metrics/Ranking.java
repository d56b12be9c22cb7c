package io.codedyarn.compute.metrics;

/**
 * The two areas computed from the scores sorted per class. Both walk the distinct scores as
 * thresholds, so ties are one step of the curve, as in scikit-learn. {@link #rocAuc} is the
 * project's one ROC AUC: {@link BinaryMetrics} and the coordinator's {@code roc.json} ({@code
 * coordinator.trace.Roc}) both take it from here.
 */
public final class Ranking {
    private Ranking() {}

    /**
     * ROC AUC as scikit-learn's {@code roc_auc_score}: the trapezoidal area under the ROC curve
     * over the distinct thresholds, which is the Mann–Whitney statistic with a tied
     * positive–negative pair counting one half. Counted exactly in integers (half-units), so the
     * only rounding is the final division. NaN when a class is absent.
     *
     * @param pos the positives' scores, ascending (the first {@code p} are read)
     * @param neg the negatives' scores, ascending (the first {@code n} are read)
     */
    public static double rocAuc(double[] pos, int p, double[] neg, int n) {
        if (p == 0 || n == 0) {
            return Double.NaN;
        }
        long halves = 0;
        int below = 0; // negatives with a smaller score
        int upTo = 0; // negatives with a score <= the current positive's
        for (int i = 0; i < p; i++) {
            double s = pos[i];
            while (below < n && neg[below] < s) {
                below++;
            }
            upTo = Math.max(upTo, below);
            while (upTo < n && neg[upTo] <= s) {
                upTo++;
            }
            halves += 2L * below + (upTo - below);
        }
        return halves / (2.0 * p * (double) n);
    }

    /**
     * Average precision as scikit-learn's {@code average_precision_score}: Σ_k (R_k − R_{k−1})·P_k
     * over the distinct thresholds from the highest score down, P_k and R_k the precision and
     * recall of "score ≥ threshold k", R_{−1} = 0 (no interpolation: not the trapezoidal area under
     * the precision–recall curve). NaN without positives.
     */
    static double averagePrecision(double[] pos, int p, double[] neg, int n) {
        if (p == 0) {
            return Double.NaN;
        }
        Sum ap = new Sum();
        int i = p - 1;
        int j = n - 1;
        long tps = 0;
        long fps = 0;
        while (i >= 0 || j >= 0) {
            double v =
                    Math.max(
                            i >= 0 ? pos[i] : Double.NEGATIVE_INFINITY,
                            j >= 0 ? neg[j] : Double.NEGATIVE_INFINITY);
            long before = tps;
            while (i >= 0 && pos[i] == v) {
                tps++;
                i--;
            }
            while (j >= 0 && neg[j] == v) {
                fps++;
                j--;
            }
            if (tps > before) {
                double recallStep = (double) tps / p - (double) before / p;
                ap.add(recallStep * ((double) tps / (tps + fps)));
            }
        }
        return ap.value();
    }
}
