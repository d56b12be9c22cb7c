package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * {@code gaussian-mixture}: the logistic-regression data of the BCC paper's EC2 experiments (BCC
 * §V; digest {@code bcc.md} §6 "Data generation"), dense with ±1 labels.
 *
 * <ul>
 *   <li>w* ∈ {−1, +1}^p with i.i.d. uniform signs (p = {@code cols}; the paper uses p = 8000);
 *   <li>x ~ ½·N(μ₁, I) + ½·N(μ₂, I) with μ₁ = (1.5/p)·w* and μ₂ = −μ₁ (identity covariance, as the
 *       paper says; Tandon et al.'s code uses noise std 10/√p instead);
 *   <li>y ~ Ber(κ) with κ = 1/(exp(xᵀw*) + 1), Bernoulli 1 → +1 and 0 → −1 (the paper's sign; the
 *       digest notes that Tandon's generator uses the opposite sign, P(y = +1) = 1/(1 +
 *       e^{−xᵀw*})). In the usual P(y = +1) = σ(xᵀw) convention the true weights are therefore −w*.
 * </ul>
 *
 * <p>Draw order (fixes the bytes for a seed): from {@code Seeds.generator(seed)} the p signs of w*
 * and then the seed of the row stream; from the row stream, per row, the component (one {@code
 * nextBoolean}), p Gaussians and one uniform for the label.
 *
 * <p>Example: p = 2, w* = (1, −1): μ₁ = (0.75, −0.75); a row from component 1 near μ₁ has xᵀw* ≈
 * 1.5, so κ = 1/(e^{1.5} + 1) ≈ 0.18 and the label is −1 with probability ≈ 0.82.
 */
public final class GaussianMixtureGenerator extends SyntheticGenerator {
    /** The paper's mean scale: μ = ±(1.5/p)·w*. */
    public static final double MEAN_SCALE = 1.5;

    private final double[] wStar;
    private final long rowSeed;

    public GaussianMixtureGenerator(long rows, int cols, long seed) {
        super(rows, cols, seed);
        RandomGenerator g = Seeds.generator(seed);
        wStar = new double[cols];
        for (int j = 0; j < cols; j++) {
            wStar[j] = g.nextBoolean() ? 1.0 : -1.0;
        }
        rowSeed = g.nextLong();
    }

    @Override
    public String kind() {
        return "gaussian-mixture";
    }

    /** w* (a copy). */
    public double[] trueWeights() {
        return wStar.clone();
    }

    /** P(y = +1 | x) = 1/(exp(xᵀw*) + 1) (the BCC paper's κ). */
    public double positiveProbability(double[] x) {
        return 1.0 / (Math.exp(dot(x, wStar)) + 1.0);
    }

    @Override
    protected DatasetSpec baseSpec() {
        return DatasetSpec.dense(cols, LabelSpec.binary());
    }

    @Override
    protected Map<String, Object> arguments() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("paper", "BCC (EC2 logistic regression data)");
        a.put("model", "x ~ 0.5 N(1.5/p w*, I) + 0.5 N(-1.5/p w*, I), w* uniform on {-1,1}^p");
        a.put("labels", "P(y=+1) = 1/(exp(x.w*) + 1)");
        return a;
    }

    @Override
    public void write(RowSink sink) throws IOException {
        RandomGenerator rng = Seeds.generator(rowSeed);
        double mean = MEAN_SCALE / cols;
        double[] x = new double[cols];
        for (long r = 0; r < rows; r++) {
            double m = rng.nextBoolean() ? mean : -mean;
            double t = 0;
            for (int j = 0; j < cols; j++) {
                x[j] = m * wStar[j] + rng.nextGaussian();
                t += x[j] * wStar[j];
            }
            double kappa = 1.0 / (Math.exp(t) + 1.0);
            sink.dense(x, rng.nextDouble() < kappa ? 1.0 : -1.0);
        }
    }

    @Override
    public long stateSize() {
        return 2L * cols;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
