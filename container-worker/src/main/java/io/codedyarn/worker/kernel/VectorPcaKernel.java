package io.codedyarn.worker.kernel;

import static io.codedyarn.worker.kernel.VectorLinearKernel.S;
import static io.codedyarn.worker.kernel.VectorLinearKernel.lanes;

import io.codedyarn.worker.data.DenseRows;
import jdk.incubator.vector.DoubleVector;

/**
 * {@link KernelPath#VECTOR} form of the dense PCA kernel (V and G held transposed, k×d, as in
 * {@link PcaKernel}). Loaded only when that path is selected.
 *
 * <p><b>Summation order (fixed):</b> each w_ic = x_i · V_c in the 4-lane order of {@link
 * VectorLinearKernel} (lane ℓ: columns j ≡ ℓ mod 4; ((l0 + l1) + (l2 + l3)); then the tail columns
 * ascending); loss = Σ_i (Σ_c w_ic², c ascending), rows ascending; G_jc = (((0 − x_first,j
 * w_first,c) − …), rows ascending, as on the scalar path. Rows four at a time change no row's
 * order.
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
     * k = 3 (the benchmark case), the same order as {@link #dense} in fewer passes: two
     * rows at a time, their six dot products in one pass (6 accumulators + 3 V + 2 x vectors fit
     * the 16 AVX registers), then the six updates in one pass over G while the two rows are in L1.
     */
    private static double dense3(DenseRows data, int first, int end, double[] vt, double[] gt) {
        final int d = data.cols();
        final int dv = d - d % 4;
        final double[] x = data.values();
        final int v1 = d, v2 = 2 * d;
        double loss = 0;
        int i = first;
        for (; i + 2 <= end; i += 2) {
            final int o0 = i * d, o1 = o0 + d;
            DoubleVector a00 = DoubleVector.zero(S), a01 = DoubleVector.zero(S);
            DoubleVector a02 = DoubleVector.zero(S), a10 = DoubleVector.zero(S);
            DoubleVector a11 = DoubleVector.zero(S), a12 = DoubleVector.zero(S);
            for (int j = 0; j < dv; j += 4) {
                DoubleVector p = DoubleVector.fromArray(S, vt, j);
                DoubleVector q = DoubleVector.fromArray(S, vt, v1 + j);
                DoubleVector r = DoubleVector.fromArray(S, vt, v2 + j);
                DoubleVector x0 = DoubleVector.fromArray(S, x, o0 + j);
                DoubleVector x1 = DoubleVector.fromArray(S, x, o1 + j);
                a00 = a00.add(x0.mul(p));
                a01 = a01.add(x0.mul(q));
                a02 = a02.add(x0.mul(r));
                a10 = a10.add(x1.mul(p));
                a11 = a11.add(x1.mul(q));
                a12 = a12.add(x1.mul(r));
            }
            final double w00 = tail(lanes(a00), x, o0, vt, 0, dv, d);
            final double w01 = tail(lanes(a01), x, o0, vt, v1, dv, d);
            final double w02 = tail(lanes(a02), x, o0, vt, v2, dv, d);
            final double w10 = tail(lanes(a10), x, o1, vt, 0, dv, d);
            final double w11 = tail(lanes(a11), x, o1, vt, v1, dv, d);
            final double w12 = tail(lanes(a12), x, o1, vt, v2, dv, d);
            loss += ((0 + w00 * w00) + w01 * w01) + w02 * w02;
            loss += ((0 + w10 * w10) + w11 * w11) + w12 * w12;
            final DoubleVector u00 = DoubleVector.broadcast(S, w00),
                    u01 = DoubleVector.broadcast(S, w01),
                    u02 = DoubleVector.broadcast(S, w02),
                    u10 = DoubleVector.broadcast(S, w10),
                    u11 = DoubleVector.broadcast(S, w11),
                    u12 = DoubleVector.broadcast(S, w12);
            for (int j = 0; j < dv; j += 4) {
                DoubleVector x0 = DoubleVector.fromArray(S, x, o0 + j);
                DoubleVector x1 = DoubleVector.fromArray(S, x, o1 + j);
                DoubleVector.fromArray(S, gt, j).sub(x0.mul(u00)).sub(x1.mul(u10)).intoArray(gt, j);
                DoubleVector.fromArray(S, gt, v1 + j)
                        .sub(x0.mul(u01))
                        .sub(x1.mul(u11))
                        .intoArray(gt, v1 + j);
                DoubleVector.fromArray(S, gt, v2 + j)
                        .sub(x0.mul(u02))
                        .sub(x1.mul(u12))
                        .intoArray(gt, v2 + j);
            }
            for (int j = dv; j < d; j++) {
                gt[j] = (gt[j] - x[o0 + j] * w00) - x[o1 + j] * w10;
                gt[v1 + j] = (gt[v1 + j] - x[o0 + j] * w01) - x[o1 + j] * w11;
                gt[v2 + j] = (gt[v2 + j] - x[o0 + j] * w02) - x[o1 + j] * w12;
            }
        }
        if (i < end) { // one row left: the generic single-row loop (0 + ℓ = ℓ: same sum)
            loss += generic(data, i, end, vt, 3, gt);
        }
        return loss;
    }

    /** z + Σ_{j=from}^{d-1} x[o + j]·vt[vc + j], j ascending. */
    private static double tail(double z, double[] x, int o, double[] vt, int vc, int from, int d) {
        for (int j = from; j < d; j++) {
            z += x[o + j] * vt[vc + j];
        }
        return z;
    }
}
