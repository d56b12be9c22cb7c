package io.codedyarn.hdfs.generate;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * {@code low-rank}: a dense, unlabelled matrix for PCA with a known spectrum,
 *
 * <pre>
 *   X = Z·diag(σ)·Vᵀ + τ·E,   i.e. row i: x_i = Σ_k σ_k z_ik v_k + τ ε_i,
 * </pre>
 *
 * with V (d × r) orthonormal (Gaussian columns orthonormalised by modified Gram–Schmidt, twice),
 * σ_k = r − k + 1 for k = 1..r (so σ = r, r−1, ..., 1: decreasing with gaps ≥ 1), z_ik and the
 * entries of ε_i i.i.d. N(0, 1), τ = {@code --noise}. Then E[x xᵀ] = V diag(σ²) Vᵀ + τ² I, whose
 * eigenvalues are σ_k² + τ² (eigenvectors v_k) and τ² (multiplicity d − r): XᵀX/n converges to it
 * at rate √(2/n)·λ (the sample-eigenvalue CLT for distinct eigenvalues). The top-k principal
 * subspace is span(v_1..v_k) ({@link #basis()}).
 *
 * <p>Example: r = 2, τ = 0.1 gives σ = (2, 1) and population eigenvalues (4.01, 1.01, 0.01, ...).
 *
 * <p>Draw order: from {@code Seeds.generator(seed)} the d·r Gaussians of V (column by column), then
 * the seed of the row stream; per row r Gaussians z then d Gaussians ε. State: V plus one row,
 * O(d·r).
 */
public final class LowRankGenerator extends SyntheticGenerator {
    /** Default {@code --rank} (capped at the column count). */
    public static final int DEFAULT_RANK = 10;

    /** Default {@code --noise}. */
    public static final double DEFAULT_NOISE = 0.1;

    private final int rank;
    private final double noise;
    private final double[] sigma;
    private final double[][] basis; // basis[k] = v_{k+1}, length d
    private final long rowSeed;

    public LowRankGenerator(long rows, int cols, int rank, double noise, long seed) {
        super(rows, cols, seed);
        this.rank = rank;
        this.noise = noise;
        sigma = new double[rank];
        for (int k = 0; k < rank; k++) {
            sigma[k] = rank - k;
        }
        RandomGenerator g = Seeds.generator(seed);
        basis = new double[rank][cols];
        for (int k = 0; k < rank; k++) {
            for (int j = 0; j < cols; j++) {
                basis[k][j] = g.nextGaussian();
            }
        }
        orthonormalise(basis);
        rowSeed = g.nextLong();
    }

    /**
     * Modified Gram–Schmidt, applied twice ("twice is enough", Giraud et al.), so that the columns
     * are orthonormal to ~1e-15 however the Gaussian draws came out.
     */
    private static void orthonormalise(double[][] v) {
        for (int pass = 0; pass < 2; pass++) {
            for (int k = 0; k < v.length; k++) {
                for (int i = 0; i < k; i++) {
                    double c = GaussianMixtureGenerator.dot(v[k], v[i]);
                    for (int j = 0; j < v[k].length; j++) {
                        v[k][j] -= c * v[i][j];
                    }
                }
                double norm = Math.sqrt(GaussianMixtureGenerator.dot(v[k], v[k]));
                if (!(norm > 1e-8)) {
                    throw new IllegalStateException("degenerate Gaussian basis draw");
                }
                for (int j = 0; j < v[k].length; j++) {
                    v[k][j] /= norm;
                }
            }
        }
    }

    @Override
    public String kind() {
        return "low-rank";
    }

    public int rank() {
        return rank;
    }

    public double noise() {
        return noise;
    }

    /** σ_1 ≥ ... ≥ σ_r (a copy). */
    public double[] singularValues() {
        return sigma.clone();
    }

    /** The population eigenvalues of E[x xᵀ], all d of them in decreasing order: σ_k² + τ², τ². */
    public double[] eigenvalues() {
        double[] ev = new double[cols];
        for (int k = 0; k < cols; k++) {
            ev[k] = (k < rank ? sigma[k] * sigma[k] : 0) + noise * noise;
        }
        return ev;
    }

    /** v_1..v_r (copies): the orthonormal principal directions. */
    public double[][] basis() {
        double[][] out = new double[rank][];
        for (int k = 0; k < rank; k++) {
            out[k] = basis[k].clone();
        }
        return out;
    }

    @Override
    protected DatasetSpec baseSpec() {
        return DatasetSpec.dense(cols, LabelSpec.NONE);
    }

    @Override
    protected Map<String, Object> arguments() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("rank", rank);
        a.put("noise", noise);
        a.put("model", "x = sum_k sigma_k z_k v_k + noise * eps, V orthonormal, z, eps ~ N(0,1)");
        List<Double> s = new ArrayList<>();
        for (double v : sigma) {
            s.add(v);
        }
        a.put("singularValues", s);
        return a;
    }

    @Override
    public void write(RowSink sink) throws IOException {
        RandomGenerator rng = Seeds.generator(rowSeed);
        double[] z = new double[rank];
        double[] x = new double[cols];
        for (long r = 0; r < rows; r++) {
            for (int k = 0; k < rank; k++) {
                z[k] = sigma[k] * rng.nextGaussian();
            }
            for (int j = 0; j < cols; j++) {
                x[j] = noise * rng.nextGaussian();
            }
            for (int k = 0; k < rank; k++) {
                double a = z[k];
                double[] v = basis[k];
                for (int j = 0; j < cols; j++) {
                    x[j] += a * v[j];
                }
            }
            sink.dense(x, Double.NaN);
        }
    }

    @Override
    public long stateSize() {
        return (long) rank * cols + cols + 2L * rank;
    }
}
