package io.codedyarn.placement.coding;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * The cyclic gradient code of the heterogeneity-aware GC paper's Lemma 2 (hetero-gc digest §3.3)
 * with equal loads: H is an (s+1)×n matrix with orthonormal rows drawn from the seeded generator
 * (properties P1/P2 hold with probability 1, Lemma 3), and column j of B, supported on the s + 1
 * holders w(j) = {j−s, ..., j} (mod n) of batch j, is c_j = H[:, w(j)]⁻¹ · 1. Then H·B = 1, every
 * row of B lies in a space where any n − s rows span 1 (condition C1), and the group sum is decoded
 * from any n − s codewords by the least-squares decoder (Tandon eq. 2) with its residual check.
 *
 * <p>Example n = 3, s = 1: worker 0 stores batches {0, 1}, worker 1 {1, 2}, worker 2 {2, 0}; any
 * two codewords decode g_0 + g_1 + g_2.
 *
 * <p>Random H can be ill-conditioned (LAGC digest §6.15: cond ≈ 1e9 for n = 20, s = 3 with Tandon's
 * Gaussian H). Up to {@link #ATTEMPTS} matrices are drawn and the one with the smallest worst
 * condition number over the checked responder sets is kept; the checked sets are all of them when
 * there are at most {@link #EXHAUSTIVE_PATTERNS}, otherwise every window of s consecutive
 * stragglers plus {@link #RANDOM_PATTERNS} random ones.
 */
final class HMatrixCode implements GroupCode {
    static final int ATTEMPTS = 8;
    static final int EXHAUSTIVE_PATTERNS = 600;
    static final int RANDOM_PATTERNS = 40;

    private final int n;
    private final int s;
    private final List<Codeword> codewords;
    private final Decoder decoder;
    private final double worstCondition;

    private HMatrixCode(int n, int s, List<Codeword> codewords, double worstCondition) {
        this.n = n;
        this.s = s;
        this.codewords = List.copyOf(codewords);
        this.decoder = CachingDecoder.of(new LeastSquaresDecoder(codewords, n));
        this.worstCondition = worstCondition;
    }

    static HMatrixCode build(int n, int s, RandomGenerator rng) {
        List<Codeword> best = null;
        double bestCondition = Double.POSITIVE_INFINITY;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            List<Codeword> candidate = codewords(orthonormalRows(s + 1, n, rng), n, s);
            if (candidate == null) {
                continue;
            }
            double cond = worstCondition(candidate, n, s, rng);
            if (best == null || cond < bestCondition) {
                best = candidate;
                bestCondition = cond;
            }
            if (bestCondition <= Tolerances.MAX_CONDITION) {
                break;
            }
        }
        if (best == null || Double.isInfinite(bestCondition)) {
            throw new IllegalStateException(
                    "no decodable H-matrix code found for n=" + n + ", s=" + s);
        }
        return new HMatrixCode(n, s, best, bestCondition);
    }

    /** Rows of an (rows × n) matrix with orthonormal rows: Q of a Gaussian n × rows matrix. */
    static double[][] orthonormalRows(int rows, int n, RandomGenerator rng) {
        double[][] g = new double[n][rows];
        for (double[] row : g) {
            for (int t = 0; t < rows; t++) {
                row[t] = rng.nextGaussian();
            }
        }
        RealMatrix q = new QRDecomposition(new Array2DRowRealMatrix(g, false)).getQ();
        double[][] h = new double[rows][n];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < n; j++) {
                h[i][j] = q.getEntry(j, i);
            }
        }
        return h;
    }

    /**
     * Lemma 2: c_j = H[:, w(j)]⁻¹ · 1 with w(j) = (j − t mod n, t = 0..s). Returns the n codewords
     * (row k of B over batches k..k+s), or null when some H_j is singular or H·B ≠ 1.
     */
    static List<Codeword> codewords(double[][] h, int n, int s) {
        double[][] b = new double[n][n];
        for (int j = 0; j < n; j++) {
            double[][] hj = new double[s + 1][s + 1];
            for (int t = 0; t <= s; t++) {
                int w = Math.floorMod(j - t, n);
                for (int row = 0; row <= s; row++) {
                    hj[row][t] = h[row][w];
                }
            }
            DecompositionSolver solver =
                    new LUDecomposition(new Array2DRowRealMatrix(hj, false)).getSolver();
            if (!solver.isNonSingular()) {
                return null;
            }
            double[] c = solver.solve(new ArrayRealVector(s + 1, 1.0)).toArray();
            for (int t = 0; t <= s; t++) {
                b[Math.floorMod(j - t, n)][j] = c[t];
            }
        }
        // Self-check H·B = 1 (hetero-gc digest §8.10).
        for (int row = 0; row <= s; row++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int w = 0; w < n; w++) {
                    sum += h[row][w] * b[w][j];
                }
                if (!(Math.abs(sum - 1.0) <= Tolerances.DECODE_RESIDUAL)) {
                    return null;
                }
            }
        }
        List<Codeword> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int[] parts = new int[s + 1];
            double[] coeff = new double[s + 1];
            for (int t = 0; t <= s; t++) {
                parts[t] = (k + t) % n;
                coeff[t] = b[k][parts[t]];
            }
            out.add(new Codeword(parts, coeff));
        }
        return out;
    }

    /** The worst condition number over the checked sets of n − s arrivals (∞ if one fails). */
    static double worstCondition(List<Codeword> codewords, int n, int s, RandomGenerator rng) {
        LeastSquaresDecoder d = new LeastSquaresDecoder(codewords, n);
        double worst = 1.0;
        for (BitSet arrived : patterns(n, s, rng)) {
            var decoded = d.decode(arrived);
            if (decoded.isEmpty()) {
                return Double.POSITIVE_INFINITY;
            }
            worst = Math.max(worst, decoded.get().conditionNumber());
        }
        return worst;
    }

    private static List<BitSet> patterns(int n, int s, RandomGenerator rng) {
        List<BitSet> out = new ArrayList<>();
        if (KOfN.binomial(n, n - s) <= EXHAUSTIVE_PATTERNS) {
            KOfN.firstN(n, n - s).forEach(out::add);
            return out;
        }
        KOfN promise = KOfN.firstN(n, n - s);
        out.addAll(promise.adversarial());
        for (int t = 0; t < RANDOM_PATTERNS; t++) {
            out.add(promise.random(rng));
        }
        return out;
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public int stragglers() {
        return s;
    }

    @Override
    public List<Codeword> codewords() {
        return codewords;
    }

    @Override
    public Decoder decoder() {
        return decoder;
    }

    @Override
    public double worstCondition() {
        return worstCondition;
    }

    @Override
    public String construction() {
        return "h-matrix-cyclic";
    }
}
