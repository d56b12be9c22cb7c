package io.codedyarn.compute.kernel;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;

/**
 * DSAG's PCA worker kernel (§1.3): for V ∈ R^{d×k}, returns [Σ_i ‖x_i V‖², −Σ_i x_iᵀ(x_i V)], the
 * second part d×k row-major. Fused: each row (block of rows) is read from memory once, w = x V is
 * formed and the rank-1 update G −= xᵀ w applied while the row is still in cache.
 *
 * <p><b>Summation order (fixed; bit-identical to the naive loops):</b> w_ic = (((0 + x_i0 V_0c) +
 * x_i1 V_1c) + …) columns ascending; loss = Σ_i (Σ_c w_ic², c ascending), rows ascending; G_jc =
 * (((0 − x_first,j w_first,c) − x_first+1,j w_first+1,c) − …), rows ascending. Internally V and G
 * are held transposed (k×d) so that each w_ic is a contiguous dot product and each G column update
 * is a contiguous, vectorisable loop; rows are taken four at a time for independent dependency
 * chains, which does not change any row's order. Zeros skipped by CSR subtract ±0 from a value that
 * is never −0, so dense and CSR agree bit for bit on finite data.
 */
final class PcaKernel {
    private PcaKernel() {}

    static double[] run(RowRange range, double[] v, int k, KernelPath path) {
        final int d = range.cols();
        if (k < 1 || v.length != (long) d * k) {
            throw new IllegalArgumentException(
                    "V must be d x k = "
                            + d
                            + " x "
                            + k
                            + " (row-major), got "
                            + v.length
                            + " values");
        }
        double[] vt = new double[k * d];
        for (int j = 0; j < d; j++) {
            for (int c = 0; c < k; c++) {
                vt[c * d + j] = v[j * k + c];
            }
        }
        final boolean vector = path.require() == KernelPath.VECTOR;
        double[] gt = new double[k * d];
        double loss;
        if (range.rows() instanceof DenseRows dense) {
            loss =
                    vector
                            ? VectorPcaKernel.dense(dense, range.first(), range.end(), vt, k, gt)
                            : dense(dense, range.first(), range.end(), vt, k, gt);
        } else { // CSR: the same gather/scatter code on both paths
            loss = csr((CsrRows) range.rows(), range.first(), range.end(), vt, k, gt);
        }
        double[] out = new double[1 + d * k];
        out[0] = loss;
        for (int j = 0; j < d; j++) {
            for (int c = 0; c < k; c++) {
                out[1 + j * k + c] = gt[c * d + j];
            }
        }
        return out;
    }

    private static double dense(
            DenseRows data, int first, int end, double[] vt, int k, double[] gt) {
        final int d = data.cols();
        final double[] x = data.values();
        // Four rows are copied into offset-free buffers: C2 (JDK 17) does not vectorise a loop
        // that indexes an array at a loop-invariant offset (x[o + j]), but does vectorise the
        // element-wise G update below when every array is indexed by j alone (+46% measured).
        final double[] b0 = new double[d],
                b1 = new double[d],
                b2 = new double[d],
                b3 = new double[d];
        final double[][] g = new double[k][d]; // column c of G, also offset-free
        double[] w = new double[4 * k]; // w[r*k + c] for row r of the block
        double loss = 0;
        int i = first;
        for (; i + 4 <= end; i += 4) {
            final int o = i * d;
            System.arraycopy(x, o, b0, 0, d);
            System.arraycopy(x, o + d, b1, 0, d);
            System.arraycopy(x, o + 2 * d, b2, 0, d);
            System.arraycopy(x, o + 3 * d, b3, 0, d);
            for (int c = 0; c < k; c++) {
                final int vc = c * d;
                double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
                for (int j = 0; j < d; j++) {
                    double vj = vt[vc + j];
                    s0 += b0[j] * vj;
                    s1 += b1[j] * vj;
                    s2 += b2[j] * vj;
                    s3 += b3[j] * vj;
                }
                w[c] = s0;
                w[k + c] = s1;
                w[2 * k + c] = s2;
                w[3 * k + c] = s3;
            }
            for (int r = 0; r < 4; r++) {
                loss += squaredNorm(w, r * k, k);
            }
            for (int c = 0; c < k; c++) {
                update(g[c], b0, b1, b2, b3, w[c], w[k + c], w[2 * k + c], w[3 * k + c]);
            }
        }
        for (; i < end; i++) {
            final int o = i * d;
            for (int c = 0; c < k; c++) {
                final int vc = c * d;
                double s = 0;
                for (int j = 0; j < d; j++) {
                    s += x[o + j] * vt[vc + j];
                }
                w[c] = s;
            }
            loss += squaredNorm(w, 0, k);
            for (int c = 0; c < k; c++) {
                final double[] gc = g[c];
                final double wc = w[c];
                for (int j = 0; j < d; j++) {
                    gc[j] -= x[o + j] * wc;
                }
            }
        }
        for (int c = 0; c < k; c++) {
            System.arraycopy(g[c], 0, gt, c * d, d);
        }
        return loss;
    }

    /** g_j = (((g_j − b0_j w0) − b1_j w1) − b2_j w2) − b3_j w3: rows in order, vectorisable. */
    private static void update(
            double[] g,
            double[] b0,
            double[] b1,
            double[] b2,
            double[] b3,
            double w0,
            double w1,
            double w2,
            double w3) {
        for (int j = 0; j < g.length; j++) {
            g[j] = (((g[j] - b0[j] * w0) - b1[j] * w1) - b2[j] * w2) - b3[j] * w3;
        }
    }

    private static double csr(CsrRows data, int first, int end, double[] vt, int k, double[] gt) {
        final int d = data.cols();
        final int[] ptr = data.rowPtr();
        final int[] col = data.colIdx();
        final double[] x = data.values();
        double[] w = new double[k];
        double loss = 0;
        for (int i = first; i < end; i++) {
            final int from = ptr[i], to = ptr[i + 1];
            for (int c = 0; c < k; c++) {
                final int vc = c * d;
                double s = 0;
                for (int p = from; p < to; p++) {
                    s += x[p] * vt[vc + col[p]];
                }
                w[c] = s;
            }
            loss += squaredNorm(w, 0, k);
            for (int c = 0; c < k; c++) {
                final int gc = c * d;
                final double wc = w[c];
                for (int p = from; p < to; p++) {
                    gt[gc + col[p]] -= x[p] * wc;
                }
            }
        }
        return loss;
    }

    /** Σ_{c<k} w[off+c]², c ascending. */
    static double squaredNorm(double[] w, int off, int k) {
        double s = 0;
        for (int c = 0; c < k; c++) {
            s += w[off + c] * w[off + c];
        }
        return s;
    }
}
