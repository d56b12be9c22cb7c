package io.codedyarn.placement.coding;

import io.codedyarn.placement.Codeword;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * Cyclic-repetition gradient code (Tandon et al. 2017) for {@code n} codewords and {@code s}
 * stragglers over {@code n} local partitions: codeword i covers partitions {i, …, i+s} mod n, and
 * any n−s codewords recover Σ_j g_j. The coefficients come from the auxiliary-matrix construction
 * of the heterogeneity-aware code (hetero-gc.md §3.3, Lemma 2) with equal loads, which, unlike
 * Tandon's H·B = 0 construction, has a closed-form decoder:
 *
 * <ul>
 *   <li>H is (s+1)×n with orthonormal rows (Q of a Gaussian n×(s+1) matrix, transposed);
 *   <li>column j of B: c_j = H_j⁻¹·1 with H_j = H[:, holders(j)], holders(j) = {j−s, …, j} mod n,
 *       so H·B = 1_{(s+1)×n};
 *   <li>for a straggler set S (|S| = s) the left null vector x of H_S (x·H_S = 0, x·1 ≠ 0) gives a
 *       = x·H / (x·1), zero on S, and a·B = x·1·1ᵀ/(x·1) = 1ᵀ.
 * </ul>
 *
 * <p>x is found as the solution of the square system [H_S | α·1]ᵀ x = α·e_{s+1} (x·H_S = 0 and x·1
 * = 1), whose matrix is non-singular exactly when properties P1 and P2 of hetero-gc.md §3.3 hold; α
 * = 1/√n gives the all-ones column the average norm √((s+1)/n) of H's columns, and does not change
 * a. Its condition number is the one reported per decode. H is drawn by {@code CyclicDraw}, which
 * redraws it until every holder block H_j and every checked straggler pattern has condition ≤
 * {@link Tolerances#MAX_CONDITION}.
 *
 * <p>Example n = 3, s = 1: codewords cover {0,1}, {1,2}, {2,0}; if codeword 2 straggles, a = (a0,
 * a1, 0) with a0·B[0] + a1·B[1] = (1, 1, 1).
 */
public final class CyclicCode {
    private final int n;
    private final int s;
    private final double[][] h; // (s+1) x n
    private final double[][] coef; // coef[i][t] = B[i][(i+t) mod n]
    private final double alpha;
    private final double worstCondition;
    private final int draws;

    CyclicCode(int n, int s, double[][] h, double[][] coef, double worst, int draws) {
        this.n = n;
        this.s = s;
        this.h = h;
        this.coef = coef;
        this.alpha = 1.0 / Math.sqrt(n);
        this.worstCondition = worst;
        this.draws = draws;
    }

    /**
     * Draws H (redrawn while ill-conditioned, the best draw kept: {@code CyclicDraw}) and builds B.
     *
     * @throws IllegalArgumentException unless 0 ≤ s < n
     */
    public static CyclicCode draw(int n, int s, RandomGenerator rng) {
        return CyclicDraw.draw(n, s, rng);
    }

    /** 2-norm condition number σ_max/σ_min; infinite when singular. */
    static double condition(RealMatrix m) {
        double[] sv = new SingularValueDecomposition(m).getSingularValues();
        double min = sv[sv.length - 1];
        return min > 0 ? sv[0] / min : Double.POSITIVE_INFINITY;
    }

    /** The decode system M = [H_S | α·1] for straggler set S, (s+1)×(s+1). */
    private RealMatrix decodeSystem(int[] stragglers) {
        double[][] m = new double[s + 1][s + 1];
        for (int r = 0; r <= s; r++) {
            for (int t = 0; t < s; t++) {
                m[r][t] = h[r][stragglers[t]];
            }
            m[r][s] = alpha;
        }
        return new Array2DRowRealMatrix(m, false);
    }

    /** Condition number of the decode system for straggler set S (|S| = s). */
    public double patternCondition(int[] stragglers) {
        return condition(decodeSystem(stragglers));
    }

    public int codewords() {
        return n;
    }

    public int stragglers() {
        return s;
    }

    /** The worst condition number met while checking the accepted H. */
    public double worstCondition() {
        return worstCondition;
    }

    /** How many H were drawn (0 for s = 0, which needs none). */
    public int draws() {
        return draws;
    }

    /** The local partitions {i, …, i+s} mod n that codeword i covers, in that order. */
    public int[] support(int i) {
        int[] p = new int[s + 1];
        for (int t = 0; t <= s; t++) {
            p[t] = (i + t) % n;
        }
        return p;
    }

    /** B[i][(i+t) mod n]. */
    public double coefficient(int i, int t) {
        return coef[i][t];
    }

    /** Codeword i over the global partitions {@code offset + support(i)}. */
    public Codeword codeword(int i, int offset) {
        int[] parts = support(i);
        for (int t = 0; t < parts.length; t++) {
            parts[t] += offset;
        }
        return new Codeword(parts, coef[i].clone());
    }

    /** The auxiliary matrix H (copy). */
    public double[][] auxiliary() {
        double[][] c = new double[h.length][];
        for (int r = 0; r < h.length; r++) {
            c[r] = h[r].clone();
        }
        return c;
    }

    /** Local decoding: coefficients per codeword (a·B = 1ᵀ) and the condition number solved. */
    public record Solution(double[] coefficients, double condition) {}

    /**
     * Decodes from the arrived local codewords (bits 0..n−1). With more than n−s arrivals the
     * missing set is padded to s stragglers with arrived codewords; a few paddings are tried and
     * the first well-conditioned one that passes the residual check max_j |(a·B)_j − 1| ≤ {@link
     * Tolerances#DECODE_RESIDUAL} is returned. Cost O(s³ + n·s), except for the rare
     * ill-conditioned pattern, which falls back to least squares.
     */
    public Optional<Solution> decode(BitSet arrived) {
        int[] missing = new int[s];
        int m = 0;
        for (int i = arrived.nextClearBit(0); i < n; i = arrived.nextClearBit(i + 1)) {
            if (m == s) {
                return Optional.empty();
            }
            missing[m++] = i;
        }
        if (s == 0) {
            double[] a = new double[n];
            Arrays.fill(a, 1.0);
            return Optional.of(new Solution(a, 1.0));
        }
        Solution best = null;
        int paddings = m == s ? 1 : 3;
        for (int attempt = 0; attempt < paddings; attempt++) {
            Optional<Solution> sol = solve(pad(missing, m, arrived, attempt));
            if (sol.isPresent() && sol.get().condition <= Tolerances.MAX_CONDITION) {
                return sol;
            }
            if (sol.isPresent() && (best == null || sol.get().condition < best.condition)) {
                best = sol.get();
            }
        }
        // Rare (about 1 in 10^4 patterns at n = 100, s = 10): [H_S | α1] is nearly singular, i.e.
        // P2 almost fails for this S, although B_F itself may be fine. Fall back to the generic
        // least-squares solve of B_Fᵀa = 1 (O(n³), cached by the caller) and keep the better one.
        Optional<Solution> ls = leastSquares(arrived);
        if (ls.isPresent() && (best == null || ls.get().condition < best.condition)) {
            best = ls.get();
        }
        return Optional.ofNullable(best);
    }

    /** The generic decoder on the local code, with the same residual check. */
    private Optional<Solution> leastSquares(BitSet arrived) {
        int[] f = arrived.stream().filter(i -> i < n).toArray();
        List<Codeword> cws = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            cws.add(codeword(i, 0));
        }
        return new LeastSquaresDecoder(cws, n)
                .decode(arrived)
                .map(
                        d -> {
                            double[] a = new double[n];
                            for (int i : f) {
                                a[i] = d.coefficient(i);
                            }
                            return new Solution(a, d.conditionNumber());
                        })
                .filter(sol -> residual(sol.coefficients()) <= Tolerances.DECODE_RESIDUAL);
    }

    /**
     * Completes the m missing codewords to s stragglers with arrived ones: attempt 0 takes the
     * arrived codewords following the first missing one cyclically (a window), attempt 1 the
     * highest-indexed, attempt 2 every (n/s)-th arrived.
     */
    private int[] pad(int[] missing, int m, BitSet arrived, int attempt) {
        int[] out = Arrays.copyOf(missing, s);
        if (m == s) {
            return out;
        }
        boolean[] taken = new boolean[n];
        for (int t = 0; t < m; t++) {
            taken[missing[t]] = true;
        }
        int start = m > 0 ? missing[0] : 0;
        int stride = attempt == 2 ? Math.max(1, n / s) : 1;
        int k = m;
        for (int step = 0; k < s && step < n; step++) {
            int i = attempt == 1 ? n - 1 - step : (start + 1 + step * stride) % n;
            if (!taken[i]) {
                taken[i] = true;
                out[k++] = i;
            }
        }
        for (int i = 0; k < s; i++) {
            if (!taken[i]) {
                taken[i] = true;
                out[k++] = i;
            }
        }
        return out;
    }

    /** Closed-form decode for exactly s stragglers, with the residual check. */
    private Optional<Solution> solve(int[] stragglers) {
        RealMatrix mat = decodeSystem(stragglers);
        SingularValueDecomposition svd = new SingularValueDecomposition(mat.transpose());
        double[] sv = svd.getSingularValues();
        if (!(sv[sv.length - 1] > 0)) {
            return Optional.empty();
        }
        double cond = sv[0] / sv[sv.length - 1];
        // [H_S | α1]ᵀ x = α·e_{s+1}: x·H_S = 0 and x·1 = 1.
        ArrayRealVector rhs = new ArrayRealVector(s + 1);
        rhs.setEntry(s, alpha);
        DecompositionSolver solver = svd.getSolver();
        double[] x = solver.solve(rhs).toArray();
        // Iterative refinement with error-free residuals: x·H_S = 0 and x·1 = 1 to ~1 ulp.
        double[][] cols = new double[s + 1][];
        for (int t = 0; t <= s; t++) {
            cols[t] = mat.getColumn(t);
        }
        for (int step = 0; step < 2; step++) {
            double[] res = new double[s + 1];
            for (int t = 0; t <= s; t++) {
                res[t] = rhs.getEntry(t) - ExactDot.dot(cols[t], x);
            }
            double[] d = solver.solve(new ArrayRealVector(res, false)).toArray();
            for (int r = 0; r <= s; r++) {
                x[r] += d[r];
            }
        }
        double[] a = new double[n];
        double[] column = new double[s + 1];
        for (int i = 0; i < n; i++) {
            for (int r = 0; r <= s; r++) {
                column[r] = h[r][i];
            }
            a[i] = ExactDot.dot(x, column);
        }
        double[] ones = new double[s + 1];
        Arrays.fill(ones, 1.0);
        double norm = ExactDot.dot(x, ones);
        for (int i = 0; i < n; i++) {
            a[i] /= norm;
        }
        for (int i : stragglers) {
            a[i] = 0.0; // exactly zero: it must not use a codeword that did not arrive
        }
        return residual(a) <= Tolerances.DECODE_RESIDUAL
                ? Optional.of(new Solution(a, cond))
                : Optional.empty();
    }

    /** max_j |Σ_i a_i B[i][j] − 1|, summing over the s+1 holders of each partition. */
    double residual(double[] a) {
        double worst = 0;
        for (int j = 0; j < n; j++) {
            double sum = 0;
            for (int t = 0; t <= s; t++) {
                int i = Math.floorMod(j - t, n);
                sum += a[i] * coef[i][t];
            }
            worst = Math.max(worst, Math.abs(sum - 1.0));
        }
        return Double.isNaN(worst) ? Double.POSITIVE_INFINITY : worst;
    }
}
