package io.codedyarn.placement.coding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * Draws the auxiliary matrix H of a {@link CyclicCode} with good conditioning, as {@link
 * AuxiliaryDraw} does for the heterogeneity-aware code. Lemma 3 (hetero-gc.md §3.3) only promises
 * P1/P2 with probability 1; in floating point what matters is how close to singular the systems
 * are. So H is drawn with orthonormal rows (Q of a Gaussian n×(s+1) matrix), B is built from it
 * (Lemma 2: column j is H_j⁻¹·1), and the worst condition number is measured over every holder
 * block H_j and the decode systems [H_S | α·1] of the checked straggler sets S (all of them when
 * there are at most {@link #ALL_PATTERNS_LIMIT}, else the n cyclic windows plus {@link
 * #RANDOM_PATTERNS} random ones). H is redrawn up to {@link #MAX_DRAWS} times until the worst is at
 * most {@link Tolerances#MAX_CONDITION}; if no draw gets there, the best one is kept.
 */
final class CyclicDraw {
    /** Redraws of H before keeping the best one. */
    static final int MAX_DRAWS = 30;

    /** Check every straggler pattern when there are at most this many. */
    static final long ALL_PATTERNS_LIMIT = 5_000;

    /** Random straggler patterns checked (besides the n consecutive windows) otherwise. */
    static final int RANDOM_PATTERNS = 300;

    private CyclicDraw() {}

    /** See {@link CyclicCode#draw}. */
    static CyclicCode draw(int n, int s, RandomGenerator rng) {
        if (n < 1 || s < 0 || s >= n) {
            throw new IllegalArgumentException("need 0 <= s < n, got n=" + n + ", s=" + s);
        }
        if (s == 0) {
            // H = 1ᵀ: B = I and a = 1, no randomness and no conditioning to check.
            double[][] h = new double[1][n];
            Arrays.fill(h[0], 1.0);
            double[][] coef = new double[n][1];
            for (double[] c : coef) {
                c[0] = 1.0;
            }
            return new CyclicCode(n, 0, h, coef, 1.0, 0);
        }
        // A draw is abandoned at its first pattern above the cap; if every draw is, the draws
        // are measured in full and the best is kept.
        List<int[]> patterns = checkedPatterns(n, s, rng);
        List<double[][]> tried = new ArrayList<>();
        for (int d = 1; d <= MAX_DRAWS; d++) {
            double[][] h = orthonormalRows(n, s + 1, rng);
            tried.add(h);
            CyclicCode c = build(n, s, h, patterns, d, Tolerances.MAX_CONDITION);
            if (c != null) {
                return c;
            }
        }
        CyclicCode best = null;
        for (int d = 1; d <= MAX_DRAWS; d++) {
            CyclicCode c = build(n, s, tried.get(d - 1), patterns, d, Double.POSITIVE_INFINITY);
            if (c != null && (best == null || c.worstCondition() < best.worstCondition())) {
                best = c;
            }
        }
        if (best == null) {
            throw new IllegalStateException(
                    "no non-singular H in " + MAX_DRAWS + " draws for n=" + n + ", s=" + s);
        }
        return best;
    }

    /** H = Qᵀ, Q the thin Q factor of an n×m Gaussian matrix: rows orthonormal. */
    private static double[][] orthonormalRows(int n, int m, RandomGenerator rng) {
        double[][] g = new double[n][m];
        for (double[] row : g) {
            for (int t = 0; t < m; t++) {
                row[t] = rng.nextGaussian();
            }
        }
        RealMatrix q = new QRDecomposition(new Array2DRowRealMatrix(g, false)).getQ();
        double[][] h = new double[m][n];
        for (int r = 0; r < m; r++) {
            for (int i = 0; i < n; i++) {
                h[r][i] = q.getEntry(i, r);
            }
        }
        return h;
    }

    /**
     * Builds B from H (Lemma 2) and measures the worst condition; null if a block is singular or a
     * checked condition number exceeds {@code abandon}.
     */
    private static CyclicCode build(
            int n, int s, double[][] h, List<int[]> patterns, int draw, double abandon) {
        double[][] coef = new double[n][s + 1];
        double worst = 1.0;
        for (int j = 0; j < n; j++) {
            // holders(j) = {j−s, …, j}: holder j−s+u stores j at offset t = s−u.
            double[][] hj = new double[s + 1][s + 1];
            for (int u = 0; u <= s; u++) {
                int w = Math.floorMod(j - s + u, n);
                for (int r = 0; r <= s; r++) {
                    hj[r][u] = h[r][w];
                }
            }
            RealMatrix m = new Array2DRowRealMatrix(hj, false);
            double cond = CyclicCode.condition(m);
            if (!Double.isFinite(cond) || cond > abandon) {
                return null;
            }
            worst = Math.max(worst, cond);
            double[] c = refinedSolve(new LUDecomposition(m).getSolver(), hj);
            for (int u = 0; u <= s; u++) {
                coef[Math.floorMod(j - s + u, n)][s - u] = c[u];
            }
        }
        CyclicCode code = new CyclicCode(n, s, h, coef, 0, draw);
        for (int[] pattern : patterns) {
            worst = Math.max(worst, code.patternCondition(pattern));
            if (worst > abandon) {
                return null;
            }
        }
        return new CyclicCode(n, s, h, coef, worst, draw);
    }

    /**
     * c with H_j·c = 1, plus two steps of iterative refinement whose residual 1 − H_j·c is computed
     * with an error-free (FMA) dot product: the columns of B then satisfy H·B = 1 to about one ulp
     * whatever cond(H_j), which the closed-form decoder relies on (a·B = x·(H·B)/(x·1)), so
     * rounding in B is not amplified by ‖x‖/|x·1| on ill-conditioned straggler patterns.
     */
    private static double[] refinedSolve(DecompositionSolver lu, double[][] hj) {
        int m = hj.length;
        double[] c = lu.solve(new ArrayRealVector(m, 1.0)).toArray();
        for (int step = 0; step < 2; step++) {
            double[] r = new double[m];
            for (int row = 0; row < m; row++) {
                r[row] = 1.0 - ExactDot.dot(hj[row], c);
            }
            double[] d = lu.solve(new ArrayRealVector(r, false)).toArray();
            for (int t = 0; t < m; t++) {
                c[t] += d[t];
            }
        }
        return c;
    }

    /** All s-subsets when few, else the n consecutive windows and random subsets. */
    private static List<int[]> checkedPatterns(int n, int s, RandomGenerator rng) {
        List<int[]> out = new ArrayList<>();
        if (KOfNPromise.binomial(n, s) <= ALL_PATTERNS_LIMIT) {
            KOfNPromise.firstN(n, s).forEach(b -> out.add(b.stream().toArray()));
            return out;
        }
        for (int start = 0; start < n; start++) {
            int[] p = new int[s];
            for (int t = 0; t < s; t++) {
                p[t] = (start + t) % n;
            }
            out.add(p);
        }
        KOfNPromise any = KOfNPromise.firstN(n, s);
        for (int r = 0; r < RANDOM_PATTERNS; r++) {
            out.add(any.random(rng).stream().toArray());
        }
        return out;
    }
}
