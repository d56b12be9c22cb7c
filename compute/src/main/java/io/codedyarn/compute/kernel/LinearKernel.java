package io.codedyarn.compute.kernel;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;

/**
 * [Σ_i ℓ(⟨x_i, w⟩, b_i), Σ_i ℓ'(⟨x_i, w⟩, b_i) · x_i] over a row range: SUMS, no 1/n and no
 * regulariser (the coordinator adds those). One pass over the rows.
 *
 * <p><b>Summation order (fixed; the result is bit-identical to the naive loops below):</b>
 *
 * <ul>
 *   <li>z_i = (((0 + x_i0 w_0) + x_i1 w_1) + …), columns ascending (CSR: stored nonzeros, which are
 *       in ascending column order);
 *   <li>loss = (((0 + ℓ_first) + ℓ_first+1) + …), rows ascending;
 *   <li>g_j = (((0 + c_first x_first,j) + c_first+1 x_first+1,j) + …), rows ascending, with c_i =
 *       ℓ'(z_i, b_i).
 * </ul>
 *
 * Products and sums are separate IEEE operations (Java never fuses them into an FMA). The dense
 * loop works on blocks of four rows only to give the CPU four independent dependency chains; each
 * row's own order is unchanged, so blocking does not change a bit. Because a skipped zero only ever
 * adds ±0 to a partial sum that is never −0, dense and CSR forms of the same finite matrix give
 * identical results too.
 */
final class LinearKernel {
    private LinearKernel() {}

    static double[] run(RowRange range, double[] w, LinearLoss loss, KernelPath path) {
        if (w.length != range.cols()) {
            throw new IllegalArgumentException(
                    "parameter has dimension "
                            + w.length
                            + ", data has "
                            + range.cols()
                            + " columns");
        }
        if (range.rows().labels() == null) {
            throw new IllegalArgumentException("this kernel needs labels; the block has none");
        }
        double[] g = new double[w.length];
        final boolean vector = path.require() == KernelPath.VECTOR;
        double lossSum;
        if (range.rows() instanceof DenseRows dense) {
            lossSum =
                    vector
                            ? VectorLinearKernel.dense(
                                    dense, range.first(), range.end(), w, loss, g)
                            : dense(dense, range.first(), range.end(), w, loss, g);
        } else {
            // CSR: the same gather/scatter order on both paths; VECTOR only swaps the loss's
            // transcendental functions for Math's intrinsics.
            lossSum = csr((CsrRows) range.rows(), range.first(), range.end(), w, loss, vector, g);
        }
        double[] out = new double[1 + g.length];
        out[0] = lossSum;
        System.arraycopy(g, 0, out, 1, g.length);
        return out;
    }

    private static double dense(
            DenseRows data, int first, int end, double[] w, LinearLoss loss, double[] g) {
        final int d = data.cols();
        final double[] x = data.values();
        final double[] b = data.labels();
        double[] c = new double[4];
        double lossSum = 0;
        int i = first;
        for (; i + 4 <= end; i += 4) {
            final int o0 = i * d, o1 = o0 + d, o2 = o1 + d, o3 = o2 + d;
            double z0 = 0, z1 = 0, z2 = 0, z3 = 0;
            for (int j = 0; j < d; j++) {
                double wj = w[j];
                z0 += x[o0 + j] * wj;
                z1 += x[o1 + j] * wj;
                z2 += x[o2 + j] * wj;
                z3 += x[o3 + j] * wj;
            }
            lossSum += loss.apply(z0, b[i], c, 0);
            lossSum += loss.apply(z1, b[i + 1], c, 1);
            lossSum += loss.apply(z2, b[i + 2], c, 2);
            lossSum += loss.apply(z3, b[i + 3], c, 3);
            final double c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];
            // Element-wise in j (no reduction across j): the JIT may vectorise it freely.
            for (int j = 0; j < d; j++) {
                g[j] =
                        (((g[j] + c0 * x[o0 + j]) + c1 * x[o1 + j]) + c2 * x[o2 + j])
                                + c3 * x[o3 + j];
            }
        }
        for (; i < end; i++) {
            final int o = i * d;
            double z = 0;
            for (int j = 0; j < d; j++) {
                z += x[o + j] * w[j];
            }
            lossSum += loss.apply(z, b[i], c, 0);
            final double ci = c[0];
            for (int j = 0; j < d; j++) {
                g[j] += ci * x[o + j];
            }
        }
        return lossSum;
    }

    private static double csr(
            CsrRows data,
            int first,
            int end,
            double[] w,
            LinearLoss loss,
            boolean fast,
            double[] g) {
        final int[] ptr = data.rowPtr();
        final double[] b = data.labels();
        final CsrArrays a = CsrArrays.PER_THREAD.get().set(data.values(), data.colIdx(), w, g);
        try {
            return pipelinedCsr(ptr, b, first, end, a, loss, fast);
        } finally {
            a.clear(); // hold no partition after the call
        }
    }

    private static double pipelinedCsr(
            int[] ptr, double[] b, int first, int end, CsrArrays a, LinearLoss loss, boolean fast) {
        double[] c = new double[1];
        double lossSum = 0;
        // Software-pipelined: row i's dot product runs in the same loop as row i−1's scatter (its
        // slope was known after the previous row). The dot is one dependency chain (one add per
        // nonzero) and the scatter is independent work, so the CPU overlaps them.
        // Order is unchanged: each row's dot sums its nonzeros ascending, and the scatters still
        // run row after row (row i−1's completes before row i's starts); the dot reads only w.
        int sp = 0, se = 0; // the pending scatter: nonzeros [sp, se) of the previous row
        double cp = 0; // and its slope
        for (int i = first; i < end; i++) {
            final int p = ptr[i], e = ptr[i + 1];
            final int m = Math.min(e - p, se - sp);
            double z = 0;
            for (int t = 0; t < m; t++) {
                z += a.x[p + t] * a.w[a.col[p + t]];
                a.g[a.col[sp + t]] += cp * a.x[sp + t];
            }
            z = finish(z, p + m, e, a.x, a.col, a.w);
            scatter(cp, sp + m, se, a.x, a.col, a.g);
            lossSum += apply(loss, fast, z, b[i], c, 0);
            cp = c[0];
            sp = p;
            se = e;
        }
        scatter(cp, sp, se, a.x, a.col, a.g);
        return lossSum;
    }

    /**
     * The CSR loop's arrays, read through these fields inside the loop rather than held in locals:
     * C2 (JDK 17) then reloads the array bases from L1 instead of keeping six of them live in
     * registers, and the pipelined loop runs 1.3–1.5× faster (measured, same bits;
     * docs/performance-kernels.md). The holder must <em>escape</em>: one allocated in the kernel
     * and used only there is scalar-replaced by escape analysis — its fields become locals again,
     * and the loop ran at 0.19–0.21 of triad instead of 0.30 (Zen 5, session 5). So each thread
     * reuses one holder from a thread-local, which escapes, and the kernel clears it afterwards. A
     * plain class, not a record: C2 trusts record fields and would hoist them into registers.
     */
    private static final class CsrArrays {
        static final ThreadLocal<CsrArrays> PER_THREAD = ThreadLocal.withInitial(CsrArrays::new);

        double[] x;
        int[] col;
        double[] w;
        double[] g;

        CsrArrays set(double[] x, int[] col, double[] w, double[] g) {
            this.x = x;
            this.col = col;
            this.w = w;
            this.g = g;
            return this;
        }

        void clear() {
            set(null, null, null, null);
        }
    }

    private static double apply(
            LinearLoss loss, boolean fast, double z, double b, double[] c, int at) {
        return fast ? loss.applyFast(z, b, c, at) : loss.apply(z, b, c, at);
    }

    /** z + Σ_{k=from}^{to-1} x_k w_{col_k}, in ascending k. */
    private static double finish(double z, int from, int to, double[] x, int[] col, double[] w) {
        for (int k = from; k < to; k++) {
            z += x[k] * w[col[k]];
        }
        return z;
    }

    /** g_{col_k} += c · x_k for ascending k (distinct columns: one update per g element). */
    private static void scatter(double c, int from, int to, double[] x, int[] col, double[] g) {
        for (int k = from; k < to; k++) {
            g[col[k]] += c * x[k];
        }
    }
}
