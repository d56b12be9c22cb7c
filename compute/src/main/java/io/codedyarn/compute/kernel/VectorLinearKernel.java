package io.codedyarn.compute.kernel;

import io.codedyarn.compute.data.DenseRows;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link KernelPath#VECTOR} form of the dense linear-model kernel, with the JDK's incubating Vector
 * API. Loaded only when that path is selected (the class needs {@code --add-modules
 * jdk.incubator.vector}).
 *
 * <p><b>Summation order (fixed):</b> the species is always 256 bits (4 doubles), whatever the CPU
 * offers, so the order never depends on the machine. z_i: lane ℓ ∈ {0..3} accumulates x_ij·w_j for
 * j ≡ ℓ (mod 4), j < d − d mod 4, ascending (one multiply and one add each, no FMA); z_i = ((l0 +
 * l1) + (l2 + l3)) + the tail columns ascending. loss: rows ascending, as on the scalar path; g_j:
 * rows ascending, (((g_j + c_0 x_0j) + c_1 x_1j) + …) exactly as the scalar path (the update is
 * element-wise, so lanes do not change it). Rows are taken four at a time, which changes no row's
 * order: the result depends only on the rows, not on where a range starts.
 *
 * <p>Why: C2 (JDK 17) neither vectorises an ordered reduction nor the update {@code g[j] += c·x[o +
 * j]} (the arrays might alias at an unknown distance); here both run 4 lanes wide.
 */
final class VectorLinearKernel {
    /** Fixed width: the order must not depend on the CPU's preferred species. */
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_256;

    private VectorLinearKernel() {}

    static double dense(
            DenseRows data, int first, int end, double[] w, LinearLoss loss, double[] g) {
        final int d = data.cols();
        final int dv = d - d % 4;
        final double[] x = data.values();
        final double[] b = data.labels();
        double[] c = new double[4];
        double lossSum = 0;
        int i = first;
        for (; i + 4 <= end; i += 4) {
            final int o0 = i * d, o1 = o0 + d, o2 = o1 + d, o3 = o2 + d;
            DoubleVector a0 = DoubleVector.zero(S),
                    a1 = DoubleVector.zero(S),
                    a2 = DoubleVector.zero(S),
                    a3 = DoubleVector.zero(S);
            for (int j = 0; j < dv; j += 4) {
                DoubleVector wj = DoubleVector.fromArray(S, w, j);
                a0 = a0.add(DoubleVector.fromArray(S, x, o0 + j).mul(wj));
                a1 = a1.add(DoubleVector.fromArray(S, x, o1 + j).mul(wj));
                a2 = a2.add(DoubleVector.fromArray(S, x, o2 + j).mul(wj));
                a3 = a3.add(DoubleVector.fromArray(S, x, o3 + j).mul(wj));
            }
            lossSum += loss.applyFast(tail(lanes(a0), x, o0, w, dv, d), b[i], c, 0);
            lossSum += loss.applyFast(tail(lanes(a1), x, o1, w, dv, d), b[i + 1], c, 1);
            lossSum += loss.applyFast(tail(lanes(a2), x, o2, w, dv, d), b[i + 2], c, 2);
            lossSum += loss.applyFast(tail(lanes(a3), x, o3, w, dv, d), b[i + 3], c, 3);
            final double c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];
            final DoubleVector v0 = DoubleVector.broadcast(S, c0),
                    v1 = DoubleVector.broadcast(S, c1),
                    v2 = DoubleVector.broadcast(S, c2),
                    v3 = DoubleVector.broadcast(S, c3);
            for (int j = 0; j < dv; j += 4) {
                DoubleVector gj = DoubleVector.fromArray(S, g, j);
                gj = gj.add(DoubleVector.fromArray(S, x, o0 + j).mul(v0));
                gj = gj.add(DoubleVector.fromArray(S, x, o1 + j).mul(v1));
                gj = gj.add(DoubleVector.fromArray(S, x, o2 + j).mul(v2));
                gj = gj.add(DoubleVector.fromArray(S, x, o3 + j).mul(v3));
                gj.intoArray(g, j);
            }
            for (int j = dv; j < d; j++) {
                g[j] =
                        (((g[j] + c0 * x[o0 + j]) + c1 * x[o1 + j]) + c2 * x[o2 + j])
                                + c3 * x[o3 + j];
            }
        }
        for (; i < end; i++) {
            final int o = i * d;
            DoubleVector a = DoubleVector.zero(S);
            for (int j = 0; j < dv; j += 4) {
                a = a.add(DoubleVector.fromArray(S, x, o + j).mul(DoubleVector.fromArray(S, w, j)));
            }
            lossSum += loss.applyFast(tail(lanes(a), x, o, w, dv, d), b[i], c, 0);
            final double ci = c[0];
            final DoubleVector vi = DoubleVector.broadcast(S, ci);
            for (int j = 0; j < dv; j += 4) {
                DoubleVector.fromArray(S, g, j)
                        .add(DoubleVector.fromArray(S, x, o + j).mul(vi))
                        .intoArray(g, j);
            }
            for (int j = dv; j < d; j++) {
                g[j] += ci * x[o + j];
            }
        }
        return lossSum;
    }

    /** ((l0 + l1) + (l2 + l3)): a fixed combination (reduceLanes leaves the order open). */
    static double lanes(DoubleVector a) {
        return (a.lane(0) + a.lane(1)) + (a.lane(2) + a.lane(3));
    }

    /** z + Σ_{j=from}^{d-1} x[o + j]·w[j], j ascending. */
    static double tail(double z, double[] x, int o, double[] w, int from, int d) {
        for (int j = from; j < d; j++) {
            z += x[o + j] * w[j];
        }
        return z;
    }
}
