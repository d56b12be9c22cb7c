package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.hdfs.dataset.Partitioning;
import io.codedyarn.hdfs.dataset.RowInterval;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * {@code lagc-lsq}: the LAGC paper's least-squares set (LAGC §V-D/§VI; digest {@code lagc.md} §5.1
 * and the stand-in of §5.5): S partitions (the DSAG 1-based p_start/p_stop split of {@link
 * Partitioning}) with per-partition smoothness
 *
 * <pre>
 *   L_s = (1.3^(s−1) + 1)²,  s = 1..S   (S = 20: 4, 5.29, 7.236, ..., 21665.5; Σ = 53625.06)
 * </pre>
 *
 * and targets y = Xθ* with θ* ~ N(0, I_d) drawn once (so min L = 0, and the gap is L(θ) itself).
 *
 * <p><b>Loss convention</b>: the LAG code's ℓ = ½‖X_sθ − y_s‖², whose Hessian is X_sᵀX_s, so the
 * generator makes λ_max(X_sᵀX_s) = L_s exactly (to rounding). Under the paper's ‖X_sθ − y_s‖² (no
 * ½) the same data has smoothness 2L_s (digest §5.1).
 *
 * <p><b>Construction</b> (two streamed passes per partition, nothing buffered but a d×d matrix):
 * raw entries are i.i.d. U(0, 1) — non-negative rows sharing the mean direction 1, as in the
 * digest's stand-in (§5.5), hence ill-conditioned like MNIST. Pass 1 generates partition s from its
 * own seeded stream and accumulates G_s = Σ x xᵀ; λ_max(G_s) comes from power iteration on G_s (the
 * dominant mean direction makes it converge in a few steps; run to relative change ≤ 1e-15). Pass 2
 * regenerates the same rows from the same stream, scales them by c_s = √(L_s / λ_max(G_s)) and
 * writes x̃ = c_s x with label y = x̃ᵀθ*. Each partition ends its block ({@code endBlock}), so
 * blocks never straddle partitions. State: G (d²), θ*, one row; hence {@code --cols} ≤ {@link
 * #MAX_COLS}.
 *
 * <p>Example: S = 2, 4 rows: partition 1 = rows 1–2 scaled to λ_max = 4, partition 2 = rows 3–4
 * scaled to λ_max = 2.3² = 5.29.
 *
 * <p>Draw order: from {@code Seeds.generator(seed)} the d Gaussians of θ*, then S partition seeds;
 * partition s's stream gives its rows' d uniforms row by row (twice, identically).
 */
public final class LagcLeastSquaresGenerator extends SyntheticGenerator {
    /** Default {@code --partitions}: the paper's S = 20. */
    public static final int DEFAULT_PARTITIONS = 20;

    /** Default {@code --cols}: the digest's stand-in (20 partitions of 200 × 50). */
    public static final int DEFAULT_COLS = 50;

    /** Largest {@code --cols}: the d×d Gram matrix (32 MiB) is the generator's state. */
    public static final int MAX_COLS = 2048;

    private final int partitions;
    private final double[] thetaStar;
    private final long[] partitionSeeds;

    public LagcLeastSquaresGenerator(long rows, int cols, int partitions, long seed) {
        super(rows, cols, seed);
        this.partitions = partitions;
        RandomGenerator g = Seeds.generator(seed);
        thetaStar = new double[cols];
        for (int j = 0; j < cols; j++) {
            thetaStar[j] = g.nextGaussian();
        }
        partitionSeeds = new long[partitions];
        for (int s = 0; s < partitions; s++) {
            partitionSeeds[s] = g.nextLong();
        }
    }

    /** L_s = (1.3^(s−1) + 1)² for 1-based s. */
    public static double smoothness(int s) {
        double a = Math.pow(1.3, s - 1) + 1;
        return a * a;
    }

    @Override
    public String kind() {
        return "lagc-lsq";
    }

    public int partitions() {
        return partitions;
    }

    /** θ* (a copy): y = Xθ*. */
    public double[] trueParameters() {
        return thetaStar.clone();
    }

    @Override
    protected DatasetSpec baseSpec() {
        return DatasetSpec.dense(cols, LabelSpec.CONTINUOUS);
    }

    @Override
    protected Map<String, Object> arguments() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("partitions", partitions);
        a.put("paper", "LAGC (least squares, L_s = (1.3^(s-1)+1)^2)");
        a.put("loss", "0.5*||X_s theta - y_s||^2 (lambda_max(X_s^T X_s) = L_s)");
        a.put("labels", "y = X theta*, theta* ~ N(0, I)");
        List<Double> l = new ArrayList<>();
        for (int s = 1; s <= partitions; s++) {
            l.add(smoothness(s));
        }
        a.put("smoothness", l);
        return a;
    }

    @Override
    public void write(RowSink sink) throws IOException {
        double[] x = new double[cols];
        double[] gram = new double[cols * cols];
        for (int s = 1; s <= partitions; s++) {
            RowInterval range = Partitioning.rows(rows, partitions, s);
            // Pass 1: G_s = Σ x xᵀ (upper triangle, then mirrored).
            java.util.Arrays.fill(gram, 0);
            RandomGenerator rng = Seeds.generator(partitionSeeds[s - 1]);
            for (long r = 0; r < range.count(); r++) {
                uniformRow(rng, x);
                for (int i = 0; i < cols; i++) {
                    double xi = x[i];
                    int base = i * cols;
                    for (int j = i; j < cols; j++) {
                        gram[base + j] += xi * x[j];
                    }
                }
            }
            for (int i = 0; i < cols; i++) {
                for (int j = 0; j < i; j++) {
                    gram[i * cols + j] = gram[j * cols + i];
                }
            }
            double scale = Math.sqrt(smoothness(s) / largestEigenvalue(gram, cols));
            // Pass 2: the same rows, scaled.
            rng = Seeds.generator(partitionSeeds[s - 1]);
            for (long r = 0; r < range.count(); r++) {
                uniformRow(rng, x);
                for (int j = 0; j < cols; j++) {
                    x[j] *= scale;
                }
                sink.dense(x, GaussianMixtureGenerator.dot(x, thetaStar));
            }
            sink.endBlock();
        }
    }

    private static void uniformRow(RandomGenerator rng, double[] x) {
        for (int j = 0; j < x.length; j++) {
            x[j] = rng.nextDouble();
        }
    }

    /**
     * λ_max of a symmetric positive semi-definite d×d matrix (row-major) by power iteration from
     * the all-ones vector, stopping when the Rayleigh quotient changes by ≤ 1e-15 relative (it
     * increases monotonically towards λ_max for PSD matrices) or after 100,000 steps.
     */
    static double largestEigenvalue(double[] a, int d) {
        double[] v = new double[d];
        double[] w = new double[d];
        java.util.Arrays.fill(v, 1 / Math.sqrt(d));
        double lambda = 0;
        for (int it = 0; it < 100_000; it++) {
            for (int i = 0; i < d; i++) {
                double s = 0;
                int base = i * d;
                for (int j = 0; j < d; j++) {
                    s += a[base + j] * v[j];
                }
                w[i] = s;
            }
            double rayleigh = GaussianMixtureGenerator.dot(v, w);
            double norm = Math.sqrt(GaussianMixtureGenerator.dot(w, w));
            if (!(norm > 0)) {
                throw new IllegalStateException("partition has an all-zero Gram matrix");
            }
            for (int i = 0; i < d; i++) {
                v[i] = w[i] / norm;
            }
            if (it > 0 && Math.abs(rayleigh - lambda) <= 1e-15 * rayleigh) {
                return rayleigh;
            }
            lambda = rayleigh;
        }
        return lambda;
    }

    @Override
    public long stateSize() {
        return (long) cols * cols + 4L * cols + partitions;
    }
}
