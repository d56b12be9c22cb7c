package io.codedyarn.placement.coding;

import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/** Small dense linear algebra for the (t+1)×(t+1) systems of auxiliary-matrix codes. */
final class Dense {
    private Dense() {}

    /** Solves A·x = b by Gaussian elimination with partial pivoting; null when A is singular. */
    static double[] solve(double[][] a, double[] b) {
        int m = b.length;
        double[][] w = new double[m][];
        for (int r = 0; r < m; r++) {
            w[r] = java.util.Arrays.copyOf(a[r], m + 1);
            w[r][m] = b[r];
        }
        for (int col = 0; col < m; col++) {
            int pivot = col;
            for (int r = col + 1; r < m; r++) {
                if (Math.abs(w[r][col]) > Math.abs(w[pivot][col])) {
                    pivot = r;
                }
            }
            if (w[pivot][col] == 0.0) {
                return null;
            }
            double[] t = w[col];
            w[col] = w[pivot];
            w[pivot] = t;
            for (int r = col + 1; r < m; r++) {
                double f = w[r][col] / w[col][col];
                if (f != 0.0) {
                    for (int c = col; c <= m; c++) {
                        w[r][c] -= f * w[col][c];
                    }
                }
            }
        }
        double[] x = new double[m];
        for (int r = m - 1; r >= 0; r--) {
            double v = w[r][m];
            for (int c = r + 1; c < m; c++) {
                v -= w[r][c] * x[c];
            }
            x[r] = v / w[r][r];
            if (!Double.isFinite(x[r])) {
                return null;
            }
        }
        return x;
    }

    /** The columns {@code cols} of {@code h}. */
    static double[][] columns(double[][] h, int[] cols) {
        double[][] out = new double[h.length][cols.length];
        for (int r = 0; r < h.length; r++) {
            for (int c = 0; c < cols.length; c++) {
                out[r][c] = h[r][cols[c]];
            }
        }
        return out;
    }

    static double[][] transpose(double[][] a) {
        double[][] t = new double[a[0].length][a.length];
        for (int r = 0; r < a.length; r++) {
            for (int c = 0; c < a[0].length; c++) {
                t[c][r] = a[r][c];
            }
        }
        return t;
    }

    /**
     * 2-norm condition number after scaling every column to unit norm. Column scaling does not
     * change the solution of x·M = e_last up to the scalar fixed by x·1 = 1, so this measures the
     * system, not the units of H (whose entries are ~1/√L while the ones column is 1).
     */
    static double equilibratedCondition(double[][] a) {
        int rows = a.length;
        int cols = a[0].length;
        double[][] s = new double[rows][cols];
        for (int c = 0; c < cols; c++) {
            double norm = 0;
            for (double[] row : a) {
                norm += row[c] * row[c];
            }
            norm = Math.sqrt(norm);
            if (norm == 0) {
                return Double.POSITIVE_INFINITY;
            }
            for (int r = 0; r < rows; r++) {
                s[r][c] = a[r][c] / norm;
            }
        }
        double[] sv =
                new SingularValueDecomposition(new Array2DRowRealMatrix(s, false))
                        .getSingularValues();
        double min = sv[sv.length - 1];
        return min == 0 ? Double.POSITIVE_INFINITY : sv[0] / min;
    }

    /**
     * An m×L matrix with orthonormal rows: modified Gram–Schmidt, applied twice, on m i.i.d.
     * Gaussian rows. Any continuous distribution gives P1 and P2 with probability 1 (Lemma 3);
     * orthonormal rows keep every row equally weighted.
     */
    static double[][] orthonormalRows(int m, int l, RandomGenerator rng) {
        double[][] q = new double[m][l];
        for (int r = 0; r < m; r++) {
            for (int c = 0; c < l; c++) {
                q[r][c] = rng.nextGaussian();
            }
        }
        for (int r = 0; r < m; r++) {
            for (int pass = 0; pass < 2; pass++) {
                for (int p = 0; p < r; p++) {
                    double dot = 0;
                    for (int c = 0; c < l; c++) {
                        dot += q[r][c] * q[p][c];
                    }
                    for (int c = 0; c < l; c++) {
                        q[r][c] -= dot * q[p][c];
                    }
                }
            }
            double norm = 0;
            for (int c = 0; c < l; c++) {
                norm += q[r][c] * q[r][c];
            }
            norm = Math.sqrt(norm);
            for (int c = 0; c < l; c++) {
                q[r][c] /= norm;
            }
        }
        return q;
    }
}
