package io.codedyarn.compute.kernel;

import static io.codedyarn.compute.kernel.VectorLinearKernel.S;
import static io.codedyarn.compute.kernel.VectorLinearKernel.lanes;

import io.codedyarn.compute.data.DenseRows;
import jdk.incubator.vector.DoubleVector;

/**
 * {@link KernelPath#VECTOR} form of the dense PCA kernel (V and G held transposed, k×d, as in
 * {@link PcaKernel}). Loaded only when that path is selected.
 *
 * <p><b>Summation order (fixed):</b> each w_ic = x_i · V_c in the 4-lane order of {@link
 * VectorLinearKernel} (lane ℓ: columns j ≡ ℓ mod 4; ((l0 + l1) + (l2 + l3)); then the tail columns
 * ascending); loss = Σ_i (Σ_c w_ic², c ascending), rows ascending; G_jc = (((0 − x_first,j
 * w_first,c) − …), rows ascending, as on the scalar path. Blocks of rows (four, or three for k = 3)
 * change no row's order.
 */
final class VectorPcaKernel {
    private VectorPcaKernel() {}

    static double dense(DenseRows data, int first, int end, double[] vt, int k, double[] gt) {
        return k == 3 ? dense3(data, first, end, vt, gt) : generic(data, first, end, vt, k, gt);
    }

    /** Any k: four rows at a time, one pass per column c for the dots and for the updates. */
    private static double generic(
            DenseRows data, int first, int end, double[] vt, int k, double[] gt) {
        final int d = data.cols();
        final int dv = d - d % 4;
        final double[] x = data.values();
        double[] w = new double[4 * k]; // w[r*k + c] for row r of the block
        double loss = 0;
        int i = first;
        for (; i + 4 <= end; i += 4) {
            final int o0 = i * d, o1 = o0 + d, o2 = o1 + d, o3 = o2 + d;
            for (int c = 0; c < k; c++) {
                final int vc = c * d;
                DoubleVector a0 = DoubleVector.zero(S),
                        a1 = DoubleVector.zero(S),
                        a2 = DoubleVector.zero(S),
                        a3 = DoubleVector.zero(S);
                for (int j = 0; j < dv; j += 4) {
                    DoubleVector vj = DoubleVector.fromArray(S, vt, vc + j);
                    a0 = a0.add(DoubleVector.fromArray(S, x, o0 + j).mul(vj));
                    a1 = a1.add(DoubleVector.fromArray(S, x, o1 + j).mul(vj));
                    a2 = a2.add(DoubleVector.fromArray(S, x, o2 + j).mul(vj));
                    a3 = a3.add(DoubleVector.fromArray(S, x, o3 + j).mul(vj));
                }
                w[c] = tail(lanes(a0), x, o0, vt, vc, dv, d);
                w[k + c] = tail(lanes(a1), x, o1, vt, vc, dv, d);
                w[2 * k + c] = tail(lanes(a2), x, o2, vt, vc, dv, d);
                w[3 * k + c] = tail(lanes(a3), x, o3, vt, vc, dv, d);
            }
            for (int r = 0; r < 4; r++) {
                loss += PcaKernel.squaredNorm(w, r * k, k);
            }
            for (int c = 0; c < k; c++) {
                final int gc = c * d;
                final double w0 = w[c], w1 = w[k + c], w2 = w[2 * k + c], w3 = w[3 * k + c];
                final DoubleVector u0 = DoubleVector.broadcast(S, w0),
                        u1 = DoubleVector.broadcast(S, w1),
                        u2 = DoubleVector.broadcast(S, w2),
                        u3 = DoubleVector.broadcast(S, w3);
                for (int j = 0; j < dv; j += 4) {
                    DoubleVector g = DoubleVector.fromArray(S, gt, gc + j);
                    g = g.sub(DoubleVector.fromArray(S, x, o0 + j).mul(u0));
                    g = g.sub(DoubleVector.fromArray(S, x, o1 + j).mul(u1));
                    g = g.sub(DoubleVector.fromArray(S, x, o2 + j).mul(u2));
                    g = g.sub(DoubleVector.fromArray(S, x, o3 + j).mul(u3));
                    g.intoArray(gt, gc + j);
                }
                for (int j = dv; j < d; j++) {
                    gt[gc + j] =
                            (((gt[gc + j] - x[o0 + j] * w0) - x[o1 + j] * w1) - x[o2 + j] * w2)
                                    - x[o3 + j] * w3;
                }
            }
        }
        for (; i < end; i++) {
            final int o = i * d;
            for (int c = 0; c < k; c++) {
                final int vc = c * d;
                DoubleVector a = DoubleVector.zero(S);
                for (int j = 0; j < dv; j += 4) {
                    a =
                            a.add(
                                    DoubleVector.fromArray(S, x, o + j)
                                            .mul(DoubleVector.fromArray(S, vt, vc + j)));
                }
                w[c] = tail(lanes(a), x, o, vt, vc, dv, d);
            }
            loss += PcaKernel.squaredNorm(w, 0, k);
            for (int c = 0; c < k; c++) {
                final int gc = c * d;
                final double wc = w[c];
                final DoubleVector u = DoubleVector.broadcast(S, wc);
                for (int j = 0; j < dv; j += 4) {
                    DoubleVector.fromArray(S, gt, gc + j)
                            .sub(DoubleVector.fromArray(S, x, o + j).mul(u))
                            .intoArray(gt, gc + j);
                }
                for (int j = dv; j < d; j++) {
                    gt[gc + j] -= x[o + j] * wc;
                }
            }
        }
        return loss;
    }

    /**
     * k = 3 (the benchmark case), the same order as {@link #generic} in fewer passes: three
     * rows at a time, their nine dot products in one pass over the rows ({@link #dots3}), then one
     * update pass over the three columns of G while the three rows are in L1/L2 ({@link #update3}).
     * Three rows rather than two: three memory streams keep more of the row data in flight during
     * the dot pass, and each G element is loaded and stored once per three rows (≈ 12 % faster than
     * the two-row loop, same bits; docs/performance-kernels.md).
     *
     * <p>Why two separate methods, each longer than C2's FreqInlineSize (325 bytecodes) so that C2
     * compiles them on their own instead of inlining them here: inlined together, the Vector API's
     * call trees exceed C2's inlining node budget (NodeCountInliningCutoff), and the intrinsic of
     * the last {@code intoArray} fails — every G vector is then boxed, and the kernel runs 3–4×
     * slower. Whether the budget ran out depended on what the JVM had compiled before, which is why
     * this kernel was bimodal across JVM runs (PrintInlining, session 4).
     */
    private static double dense3(DenseRows data, int first, int end, double[] vt, double[] gt) {
        final int d = data.cols();
        final double[] x = data.values();
        final double[] w = new double[9]; // w[3r + c]: row r of the block, column c
        double loss = 0;
        int i = first;
        for (; i + 3 <= end; i += 3) {
            dots3(x, i * d, d, vt, w);
            loss += ((0 + w[0] * w[0]) + w[1] * w[1]) + w[2] * w[2];
            loss += ((0 + w[3] * w[3]) + w[4] * w[4]) + w[5] * w[5];
            loss += ((0 + w[6] * w[6]) + w[7] * w[7]) + w[8] * w[8];
            update3(x, i * d, d, gt, w);
        }
        if (i < end) { // one or two rows left: the generic loop (0 + ℓ = ℓ: same sum)
            loss += generic(data, i, end, vt, 3, gt);
        }
        return loss;
    }

    /** w[3r + c] = x_{row r} · V_c for the three rows from offset o0, in the documented order. */
    private static void dots3(double[] x, int o0, int d, double[] vt, double[] w) {
        final int dv = d - d % 4;
        final int o1 = o0 + d, o2 = o1 + d, v1 = d, v2 = 2 * d;
        DoubleVector a00 = DoubleVector.zero(S), a01 = DoubleVector.zero(S);
        DoubleVector a02 = DoubleVector.zero(S), a10 = DoubleVector.zero(S);
        DoubleVector a11 = DoubleVector.zero(S), a12 = DoubleVector.zero(S);
        DoubleVector a20 = DoubleVector.zero(S), a21 = DoubleVector.zero(S);
        DoubleVector a22 = DoubleVector.zero(S);
        for (int j = 0; j < dv; j += 4) {
            DoubleVector x0 = DoubleVector.fromArray(S, x, o0 + j);
            DoubleVector x1 = DoubleVector.fromArray(S, x, o1 + j);
            DoubleVector x2 = DoubleVector.fromArray(S, x, o2 + j);
            DoubleVector p = DoubleVector.fromArray(S, vt, j);
            a00 = a00.add(x0.mul(p));
            a10 = a10.add(x1.mul(p));
            a20 = a20.add(x2.mul(p));
            p = DoubleVector.fromArray(S, vt, v1 + j);
            a01 = a01.add(x0.mul(p));
            a11 = a11.add(x1.mul(p));
            a21 = a21.add(x2.mul(p));
            p = DoubleVector.fromArray(S, vt, v2 + j);
            a02 = a02.add(x0.mul(p));
            a12 = a12.add(x1.mul(p));
            a22 = a22.add(x2.mul(p));
        }
        w[0] = tail(lanes(a00), x, o0, vt, 0, dv, d);
        w[1] = tail(lanes(a01), x, o0, vt, v1, dv, d);
        w[2] = tail(lanes(a02), x, o0, vt, v2, dv, d);
        w[3] = tail(lanes(a10), x, o1, vt, 0, dv, d);
        w[4] = tail(lanes(a11), x, o1, vt, v1, dv, d);
        w[5] = tail(lanes(a12), x, o1, vt, v2, dv, d);
        w[6] = tail(lanes(a20), x, o2, vt, 0, dv, d);
        w[7] = tail(lanes(a21), x, o2, vt, v1, dv, d);
        w[8] = tail(lanes(a22), x, o2, vt, v2, dv, d);
    }

    /**
     * G_c ← ((G_c − x_0 w[c]) − x_1 w[3 + c]) − x_2 w[6 + c], element-wise, for c = 0, 1, 2 and the
     * rows at o0, o0 + d, o0 + 2d, in one pass over j: each x chunk is loaded once for the three
     * columns (nine broadcasts live). Per element the operations and their order are those of one
     * pass per column, so the bits are too; on Zen 5 this pass is ≈ 10 % faster for the whole
     * kernel (on Zen 3 it measured the same; docs/performance-kernels.md, sixth pass).
     */
    private static void update3(double[] x, int o0, int d, double[] gt, double[] w) {
        final int dv = d - d % 4;
        final int o1 = o0 + d, o2 = o1 + d, g1 = d, g2 = 2 * d;
        final DoubleVector u00 = DoubleVector.broadcast(S, w[0]);
        final DoubleVector u01 = DoubleVector.broadcast(S, w[1]);
        final DoubleVector u02 = DoubleVector.broadcast(S, w[2]);
        final DoubleVector u10 = DoubleVector.broadcast(S, w[3]);
        final DoubleVector u11 = DoubleVector.broadcast(S, w[4]);
        final DoubleVector u12 = DoubleVector.broadcast(S, w[5]);
        final DoubleVector u20 = DoubleVector.broadcast(S, w[6]);
        final DoubleVector u21 = DoubleVector.broadcast(S, w[7]);
        final DoubleVector u22 = DoubleVector.broadcast(S, w[8]);
        for (int j = 0; j < dv; j += 4) {
            DoubleVector x0 = DoubleVector.fromArray(S, x, o0 + j);
            DoubleVector x1 = DoubleVector.fromArray(S, x, o1 + j);
            DoubleVector x2 = DoubleVector.fromArray(S, x, o2 + j);
            DoubleVector.fromArray(S, gt, j)
                    .sub(x0.mul(u00))
                    .sub(x1.mul(u10))
                    .sub(x2.mul(u20))
                    .intoArray(gt, j);
            DoubleVector.fromArray(S, gt, g1 + j)
                    .sub(x0.mul(u01))
                    .sub(x1.mul(u11))
                    .sub(x2.mul(u21))
                    .intoArray(gt, g1 + j);
            DoubleVector.fromArray(S, gt, g2 + j)
                    .sub(x0.mul(u02))
                    .sub(x1.mul(u12))
                    .sub(x2.mul(u22))
                    .intoArray(gt, g2 + j);
        }
        for (int c = 0, gc = 0; c < 3; c++, gc += d) {
            final double w0 = w[c], w1 = w[3 + c], w2 = w[6 + c];
            for (int j = dv; j < d; j++) {
                gt[gc + j] = ((gt[gc + j] - x[o0 + j] * w0) - x[o1 + j] * w1) - x[o2 + j] * w2;
            }
        }
    }

    /** z + Σ_{j=from}^{d-1} x[o + j]·vt[vc + j], j ascending. */
    private static double tail(double z, double[] x, int o, double[] vt, int vc, int from, int d) {
        for (int j = from; j < d; j++) {
            z += x[o + j] * vt[vc + j];
        }
        return z;
    }
}
