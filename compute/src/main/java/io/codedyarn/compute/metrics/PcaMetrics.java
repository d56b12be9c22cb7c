package io.codedyarn.compute.metrics;

/**
 * How well k components V (orthonormal columns, given as k rows) describe rows u that are already
 * centred (and scaled) as the model does before projecting:
 *
 * <ul>
 *   <li>{@code explainedVarianceRatio[c]} = ‖U v_c‖² / ‖U‖²_F, and {@code total} their sum: the
 *       share of the rows' squared norm that the components keep (for a model fitted on these rows,
 *       scikit-learn's {@code PCA.explained_variance_ratio_});
 *   <li>{@code reconstructionError} = ‖U − U V Vᵀ‖²_F / rows: the mean squared distance of a row to
 *       its projection back (scikit-learn: {@code ((X - inverse_transform(transform(X)))**2) .sum()
 *       / n}).
 * </ul>
 *
 * Streaming: O(k) memory.
 */
public record PcaMetrics(
        long rows, double[] explainedVarianceRatio, double total, double reconstructionError) {

    public PcaMetrics {
        explainedVarianceRatio = explainedVarianceRatio.clone();
    }

    @Override
    public double[] explainedVarianceRatio() {
        return explainedVarianceRatio.clone();
    }

    /** The figures of {@code rows} (each centred) against {@code components} (k rows of d). */
    public static PcaMetrics of(double[][] rows, double[][] components) {
        Accumulator a = new Accumulator(components);
        for (double[] u : rows) {
            a.add(u);
        }
        return a.result();
    }

    /** t_c = v_c · u, the scores of one centred row. */
    public static double[] scores(double[][] components, double[] u) {
        double[] t = new double[components.length];
        for (int c = 0; c < t.length; c++) {
            double[] v = components[c];
            if (v.length != u.length) {
                throw new IllegalArgumentException(
                        "a row of " + u.length + " values for components of " + v.length);
            }
            double s = 0;
            for (int j = 0; j < v.length; j++) {
                s += v[j] * u[j];
            }
            t[c] = s;
        }
        return t;
    }

    /** Takes centred rows one at a time. */
    public static final class Accumulator {
        private final double[][] components;
        private final Sum[] kept;
        private final Sum norms = new Sum();
        private final Sum residuals = new Sum();
        private long n;

        public Accumulator(double[][] components) {
            this.components = components.clone();
            kept = new Sum[components.length];
            for (int c = 0; c < kept.length; c++) {
                kept[c] = new Sum();
            }
        }

        /** One centred row; returns its scores. */
        public double[] add(double[] u) {
            double[] t = scores(components, u);
            double norm = 0;
            double residual = 0;
            for (int j = 0; j < u.length; j++) {
                double back = 0;
                for (int c = 0; c < t.length; c++) {
                    back += t[c] * components[c][j];
                }
                double r = u[j] - back;
                residual += r * r;
                norm += u[j] * u[j];
            }
            for (int c = 0; c < t.length; c++) {
                kept[c].add(t[c] * t[c]);
            }
            norms.add(norm);
            residuals.add(residual);
            n++;
            return t;
        }

        public PcaMetrics result() {
            double all = norms.value();
            double[] ratio = new double[kept.length];
            double total = 0;
            for (int c = 0; c < ratio.length; c++) {
                ratio[c] = kept[c].value() / all;
                total += ratio[c];
            }
            return new PcaMetrics(n, ratio, total, n == 0 ? Double.NaN : residuals.value() / n);
        }
    }
}
