package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * {@code higgs-like}: a dense, correlated, skewed logistic-regression set shaped like HIGGS (DSAG
 * §VII; digest {@code dsag.md} §6.2: 11·10⁶ × 28, labels ±1, the paper standardises and adds an
 * intercept). Not physics: the point is a realistic, well-specified but non-separable LR problem.
 *
 * <p><b>Features</b> (d = {@code cols}, default 28). The first L = ⌈3d/4⌉ columns are "low-level"
 * (L = d when d < 9), in groups of four per "particle" q: (pT, η, φ, b-tag); for d = 28 that is 21
 * low-level columns (5 particles and a lone pT) and 7 "high-level" ones, as in HIGGS. Per row:
 *
 * <ul>
 *   <li>latent h_j = (e_j + F_jᵀf)/√(1 + |F_j|²) with f ~ N(0, I₃) shared by the row (an "event
 *       scale" that correlates the columns), e_j ~ N(0, 1), loadings F_j ~ N(0, 0.5² I₃) drawn
 *       once; so h_j ~ N(0, 1);
 *   <li>pT = exp(h/2) (log-normal, positive, right-skewed, median 1); η = h; φ = π(2u − 1) with u
 *       uniform (angles are uniform and independent); b-tag ∈ {0, 1.0865, 2.1731} (HIGGS's three
 *       values) by thresholding h at 0 and 1;
 *   <li>high-level column i: the invariant mass of two massless particles a ≠ b, m = √(2 pT_a pT_b
 *       (cosh(η_a − η_b) − cos(φ_a − φ_b))), with a = i mod P and b = (a + 1 + ⌊i/P⌋ mod (P−1)) mod
 *       P over the P particles that have pT, η and φ.
 * </ul>
 *
 * <p><b>Labels</b>: P(y = +1 | x) = σ(β₀ + βᵀx) with σ(t) = 1/(1 + e^{−t}) — a logistic model in
 * the written features, so logistic regression is well specified and its optimum tends to (β₀, β).
 * The true weights are β_j = c·w_j/s_j and β₀ = −Σ_j β_j m_j, with w_j ~ N(0, 1) drawn once, (m_j,
 * s_j) the column means and standard deviations of a 20,000-row pilot sample from its own seeded
 * stream, and c such that the logit has standard deviation {@link #LOGIT_STD} = 1 on the pilot.
 * Then the classes are roughly balanced and the Bayes classifier sign(β₀ + βᵀx) is right about 67 %
 * of the time (E σ(|t|) for t ~ N(0, 1)) — HIGGS's logistic regression reaches ≈ 64 % — so the data
 * are far from separable.
 *
 * <p>Draw order: from {@code Seeds.generator(seed)} the 3L loadings, the d weights w, the pilot
 * seed and the row seed. Per row (row stream): 3 factor Gaussians, then per low-level column one
 * Gaussian e_j, and for φ columns also one uniform; then one uniform for the label. State: O(d).
 */
public final class HiggsLikeGenerator extends SyntheticGenerator {
    /** Default {@code --cols}: HIGGS's 28 features. */
    public static final int DEFAULT_COLS = 28;

    /** Standard deviation of the true logit on the pilot sample. */
    public static final double LOGIT_STD = 1.0;

    static final int PILOT_ROWS = 20_000;
    private static final int FACTORS = 3;
    private static final double LOADING_STD = 0.5;
    private static final double[] BTAG = {0.0, 1.0865, 2.1731};

    private final int low;
    private final int[] massA;
    private final int[] massB;
    private final double[][] loadings; // [low][FACTORS]
    private final double[] loadingNorm; // 1/√(1 + |F_j|²)
    private final double[] beta;
    private final double beta0;
    private final long rowSeed;

    public HiggsLikeGenerator(long rows, int cols, long seed) {
        super(rows, cols, seed);
        low = cols < 9 ? cols : (3 * cols + 3) / 4;
        int particles = 0;
        while (4 * particles + 2 < low) {
            particles++;
        }
        int high = cols - low;
        massA = new int[high];
        massB = new int[high];
        for (int i = 0; i < high; i++) {
            massA[i] = i % particles;
            massB[i] = (massA[i] + 1 + (i / particles) % (particles - 1)) % particles;
        }
        RandomGenerator g = Seeds.generator(seed);
        loadings = new double[low][FACTORS];
        loadingNorm = new double[low];
        for (int j = 0; j < low; j++) {
            double n2 = 1;
            for (int k = 0; k < FACTORS; k++) {
                loadings[j][k] = LOADING_STD * g.nextGaussian();
                n2 += loadings[j][k] * loadings[j][k];
            }
            loadingNorm[j] = 1 / Math.sqrt(n2);
        }
        double[] w = new double[cols];
        for (int j = 0; j < cols; j++) {
            w[j] = g.nextGaussian();
        }
        long pilotSeed = g.nextLong();
        rowSeed = g.nextLong();

        // Pilot pass 1: column means and standard deviations (Welford).
        double[] x = new double[cols];
        double[] f = new double[FACTORS];
        double[] mean = new double[cols];
        double[] m2 = new double[cols];
        RandomGenerator pilot = Seeds.generator(pilotSeed);
        for (int n = 1; n <= PILOT_ROWS; n++) {
            features(pilot, f, x);
            for (int j = 0; j < cols; j++) {
                double delta = x[j] - mean[j];
                mean[j] += delta / n;
                m2[j] += delta * (x[j] - mean[j]);
            }
        }
        double[] unscaled = new double[cols];
        double unscaled0 = 0;
        for (int j = 0; j < cols; j++) {
            double sd = Math.sqrt(m2[j] / PILOT_ROWS);
            unscaled[j] = w[j] / (sd > 0 ? sd : 1);
            unscaled0 -= unscaled[j] * mean[j];
        }
        // Pilot pass 2 (same stream again): the spread of the unscaled logit.
        pilot = Seeds.generator(pilotSeed);
        double sum = 0;
        double sumSq = 0;
        for (int n = 0; n < PILOT_ROWS; n++) {
            features(pilot, f, x);
            double t = unscaled0 + GaussianMixtureGenerator.dot(unscaled, x);
            sum += t;
            sumSq += t * t;
        }
        double var = sumSq / PILOT_ROWS - (sum / PILOT_ROWS) * (sum / PILOT_ROWS);
        double c = var > 0 ? LOGIT_STD / Math.sqrt(var) : 1;
        beta = new double[cols];
        for (int j = 0; j < cols; j++) {
            beta[j] = c * unscaled[j];
        }
        beta0 = c * unscaled0;
    }

    /** One row's features from {@code rng} into {@code x} (see the class doc for the draws). */
    private void features(RandomGenerator rng, double[] f, double[] x) {
        for (int k = 0; k < FACTORS; k++) {
            f[k] = rng.nextGaussian();
        }
        for (int j = 0; j < low; j++) {
            double[] l = loadings[j];
            double h = (rng.nextGaussian() + l[0] * f[0] + l[1] * f[1] + l[2] * f[2]);
            h *= loadingNorm[j];
            switch (j % 4) {
                case 0 -> x[j] = Math.exp(0.5 * h);
                case 1 -> x[j] = h;
                case 2 -> x[j] = Math.PI * (2 * rng.nextDouble() - 1);
                default -> x[j] = BTAG[h < 0 ? 0 : h < 1 ? 1 : 2];
            }
        }
        for (int i = 0; i < massA.length; i++) {
            int a = 4 * massA[i];
            int b = 4 * massB[i];
            double m2 =
                    2
                            * x[a]
                            * x[b]
                            * (Math.cosh(x[a + 1] - x[b + 1]) - Math.cos(x[a + 2] - x[b + 2]));
            x[low + i] = Math.sqrt(Math.max(0, m2));
        }
    }

    @Override
    public String kind() {
        return "higgs-like";
    }

    /** β (a copy): P(y = +1 | x) = σ(β₀ + βᵀx). */
    public double[] trueWeights() {
        return beta.clone();
    }

    /** β₀. */
    public double trueIntercept() {
        return beta0;
    }

    /** Number of low-level columns (the rest are invariant masses). */
    public int lowLevelColumns() {
        return low;
    }

    /** P(y = +1 | x) = σ(β₀ + βᵀx). */
    public double positiveProbability(double[] x) {
        return 1 / (1 + Math.exp(-(beta0 + GaussianMixtureGenerator.dot(beta, x))));
    }

    @Override
    protected DatasetSpec baseSpec() {
        return DatasetSpec.dense(cols, LabelSpec.binary());
    }

    @Override
    protected Map<String, Object> arguments() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("lowLevelColumns", low);
        a.put("model", "pT/eta/phi/b-tag per particle + invariant masses; correlated by 3 factors");
        a.put("labels", "P(y=+1) = 1/(1 + exp(-(b0 + b.x))), logit std " + LOGIT_STD);
        return a;
    }

    @Override
    public void write(RowSink sink) throws IOException {
        RandomGenerator rng = Seeds.generator(rowSeed);
        double[] x = new double[cols];
        double[] f = new double[FACTORS];
        for (long r = 0; r < rows; r++) {
            features(rng, f, x);
            double p = positiveProbability(x);
            sink.dense(x, rng.nextDouble() < p ? 1.0 : -1.0);
        }
    }

    @Override
    public long stateSize() {
        return (long) low * (FACTORS + 1) + 4L * cols + FACTORS;
    }
}
