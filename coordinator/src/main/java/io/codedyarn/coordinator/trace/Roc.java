package io.codedyarn.coordinator.trace;

import io.codedyarn.compute.metrics.Ranking;
import java.util.Arrays;

/**
 * The receiver operating characteristic of scores against labels ±1 (the {@code roc.json} of a run
 * with held-out rows, and its {@code roc_auc}): the curve and the area under it. Scores are sorted
 * once, descending; rows with equal scores enter the curve together (one point per distinct score),
 * so the area, by the trapezoid rule over those points, is the Mann–Whitney statistic P(score of a
 * positive > score of a negative) + ½ P(equal), the value scikit-learn's {@code roc_auc_score}
 * gives; {@link Ranking#rocAuc} counts it (exactly, in integers), as it does for {@code
 * BinaryMetrics}.
 *
 * @param fpr false positive rate per point, from 0 to 1
 * @param tpr true positive rate per point, from 0 to 1
 * @param threshold the score at or above which a row is called positive at that point (+∞ first)
 * @param auc the area under the whole curve (NaN when one class is absent, or when a score is NaN:
 *     a diverged model's margins)
 */
public record Roc(double[] fpr, double[] tpr, double[] threshold, double auc) {
    /** The curve of {@code scores} (higher: more likely +1) against {@code labels} (±1). */
    public static Roc of(double[] scores, double[] labels) {
        int m = scores.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(scores[b], scores[a]));
        boolean nan = false;
        for (double s : scores) {
            nan |= Double.isNaN(s);
        }
        long positives = 0;
        for (double y : labels) {
            positives += y > 0 ? 1 : 0;
        }
        long negatives = m - positives;
        double[] fpr = new double[m + 1];
        double[] tpr = new double[m + 1];
        double[] threshold = new double[m + 1];
        threshold[0] = Double.POSITIVE_INFINITY;
        int points = 1;
        long tp = 0;
        long fp = 0;
        for (int k = 0; k < m; ) {
            double s = scores[order[k]];
            while (k < m && same(scores[order[k]], s)) { // a tie enters the curve at once
                if (labels[order[k]] > 0) {
                    tp++;
                } else {
                    fp++;
                }
                k++;
            }
            fpr[points] = negatives == 0 ? Double.NaN : (double) fp / negatives;
            tpr[points] = positives == 0 ? Double.NaN : (double) tp / positives;
            threshold[points] = s;
            points++;
        }
        // The trapezoids over these points sum to the Mann–Whitney count, which Ranking counts
        // exactly in integers: each class's scores ascending, the descending order read backwards.
        double[] pos = new double[(int) positives];
        double[] neg = new double[(int) negatives];
        int p = pos.length;
        int q = neg.length;
        for (int k = 0; k < m; k++) {
            if (labels[order[k]] > 0) {
                pos[--p] = scores[order[k]];
            } else {
                neg[--q] = scores[order[k]];
            }
        }
        double auc = nan ? Double.NaN : Ranking.rocAuc(pos, pos.length, neg, neg.length);
        return new Roc(
                Arrays.copyOf(fpr, points),
                Arrays.copyOf(tpr, points),
                Arrays.copyOf(threshold, points),
                auc);
    }

    /** A tie: equal scores, or both NaN (which equals nothing, not even itself). */
    private static boolean same(double a, double b) {
        return a == b || (Double.isNaN(a) && Double.isNaN(b));
    }

    /** At most {@code max} (≥ 2) of the points, evenly spaced, the first and last kept. */
    public Roc thinned(int max) {
        int n = fpr.length;
        if (n <= max) {
            return this;
        }
        double[] f = new double[max];
        double[] t = new double[max];
        double[] h = new double[max];
        for (int i = 0; i < max; i++) {
            int k = (int) Math.round((double) i * (n - 1) / (max - 1));
            f[i] = fpr[k];
            t[i] = tpr[k];
            h[i] = threshold[k];
        }
        return new Roc(f, t, h, auc);
    }
}
