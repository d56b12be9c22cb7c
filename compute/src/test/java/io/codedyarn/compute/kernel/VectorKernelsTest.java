package io.codedyarn.compute.kernel;

import static io.codedyarn.compute.kernel.KernelsTest.bits;
import static io.codedyarn.compute.kernel.KernelsTest.gaussian;
import static io.codedyarn.compute.kernel.KernelsTest.randomBlock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * {@link KernelPath#VECTOR}: its documented order checked literally against slow reference loops,
 * and bit-identity across runs and equivalent ranges. (Accuracy against exact arithmetic is checked
 * for both paths in {@link KernelsTest}.)
 */
class VectorKernelsTest {
    private static final KernelPath V = KernelPath.VECTOR;

    /**
     * Math-intrinsic logistic loss vs the StrictMath one, in ulps of the StrictMath value: both are
     * within ~1 ulp of the truth, Goldberg's log1p within a few.
     */
    static final double FAST_MATH_ULPS = 4;

    @Test
    void vectorPathIsAvailableInTests() {
        assertThat(V.available()).as("surefire's argLine adds jdk.incubator.vector").isTrue();
        assertThat(KernelPath.SCALAR.available()).isTrue();
    }

    /** The documented 4-lane order, written as plain loops, gives the very same bits. */
    @Test
    void denseVectorKernelsFollowTheDocumentedLaneOrder() {
        RandomGenerator rng = Seeds.generator(11);
        for (int trial = 0; trial < 40; trial++) {
            DenseRows x = randomBlock(rng, 30, 1 + rng.nextInt(45), 0.8, true);
            int first = rng.nextInt(8);
            RowRange r = x.range(first, rng.nextInt(x.rows() - first + 1));
            double[] v = gaussian(rng, x.cols(), 0.3);
            int k = 1 + rng.nextInt(6);
            double[] vk = gaussian(rng, x.cols() * k, 1);
            assertThat(bits(Kernels.leastSquares(r, v, V)))
                    .containsExactly(bits(laneLinear(r, v, LinearLoss.SQUARED)));
            assertThat(bits(Kernels.logistic(r, v, V)))
                    .containsExactly(bits(laneLinear(r, v, LinearLoss.LOGISTIC)));
            assertThat(bits(Kernels.pca(r, vk, k, V))).containsExactly(bits(lanePca(r, vk, k)));
        }
    }

    /** Same input twice, whole block vs views vs a copy: identical bits; CSR likewise. */
    @Test
    void vectorPathIsBitIdenticalAcrossRunsAndRanges() {
        RandomGenerator rng = Seeds.generator(12);
        for (int trial = 0; trial < 30; trial++) {
            DenseRows x = randomBlock(rng, 40, 1 + rng.nextInt(50), 0.5, true);
            int d = x.cols();
            int first = rng.nextInt(10), count = rng.nextInt(30);
            RowRange direct = x.range(first, count);
            RowRange viaViews = x.range(first / 2, 40 - first / 2).sub(first - first / 2, count);
            double[] copy = Arrays.copyOfRange(x.values(), first * d, (first + count) * d);
            double[] labels = Arrays.copyOfRange(x.labels(), first, first + count);
            RowRange copied = new DenseRows(count, d, copy, labels).all();
            CsrRows csr = CsrRows.fromDense(x);
            RowRange sparse = csr.range(first, count);
            RowRange sparseViews =
                    csr.range(first / 2, 40 - first / 2).sub(first - first / 2, count);
            double[] v = gaussian(rng, d, 0.3);
            int k = 1 + rng.nextInt(7);
            double[] vk = gaussian(rng, d * k, 1);

            long[] lr = bits(Kernels.logistic(direct, v, V));
            long[] ls = bits(Kernels.leastSquares(direct, v, V));
            long[] pca = bits(Kernels.pca(direct, vk, k, V));
            for (RowRange same : new RowRange[] {direct, viaViews, copied}) {
                assertThat(bits(Kernels.logistic(same, v, V))).containsExactly(lr);
                assertThat(bits(Kernels.leastSquares(same, v, V))).containsExactly(ls);
                assertThat(bits(Kernels.pca(same, vk, k, V))).containsExactly(pca);
            }
            long[] slr = bits(Kernels.logistic(sparse, v, V));
            for (RowRange same : new RowRange[] {sparse, sparseViews}) {
                assertThat(bits(Kernels.logistic(same, v, V))).containsExactly(slr);
                // CSR keeps the scalar gather/scatter order: without a transcendental loss the two
                // paths agree bit for bit.
                assertThat(bits(Kernels.leastSquares(same, v, V)))
                        .containsExactly(bits(Kernels.leastSquares(same, v, KernelPath.SCALAR)));
                assertThat(bits(Kernels.pca(same, vk, k, V)))
                        .containsExactly(bits(Kernels.pca(same, vk, k, KernelPath.SCALAR)));
            }
        }
    }

    /** Math.exp/Math.log with Goldberg's log1p stay within a few ulps of the fdlibm loss. */
    @Test
    void fastLogisticLossAgreesWithStrictMath() {
        RandomGenerator rng = Seeds.generator(13);
        double[] s = new double[1], f = new double[1];
        for (int n = 0; n < 200_000; n++) {
            double z = rng.nextGaussian() * Math.pow(10, rng.nextInt(5) - 2);
            double b = rng.nextBoolean() ? 1 : -1;
            double strict = LinearLoss.LOGISTIC.apply(z, b, s, 0);
            double fast = LinearLoss.LOGISTIC.applyFast(z, b, f, 0);
            assertThat(Math.abs(fast - strict))
                    .as("loss at z=%s b=%s", z, b)
                    .isLessThanOrEqualTo(FAST_MATH_ULPS * Math.ulp(strict));
            assertThat(Math.abs(f[0] - s[0]))
                    .as("slope at z=%s b=%s", z, b)
                    .isLessThanOrEqualTo(FAST_MATH_ULPS * Math.ulp(s[0]));
        }
        assertThat(LinearLoss.SQUARED.applyFast(3, 1, f, 0)).isEqualTo(4.0);
        assertThat(f[0]).isEqualTo(4.0);
    }

    @Test
    void parsesTheConfigValue() {
        assertThat(KernelPath.parse("true")).isEqualTo(KernelPath.VECTOR);
        assertThat(KernelPath.parse(" FALSE ")).isEqualTo(KernelPath.SCALAR);
        assertThatThrownBy(() -> KernelPath.parse("yes"))
                .hasMessageContaining(KernelPath.CONFIG_KEY)
                .hasMessageContaining("'yes'");
    }

    /** x[o..o+d) · v[vo..vo+d) in the documented lane order. */
    static double laneDot(double[] x, int o, double[] v, int vo, int d) {
        double[] lane = new double[4];
        int dv = d - d % 4;
        for (int j = 0; j < dv; j++) {
            lane[j % 4] += x[o + j] * v[vo + j];
        }
        double z = (lane[0] + lane[1]) + (lane[2] + lane[3]);
        for (int j = dv; j < d; j++) {
            z += x[o + j] * v[vo + j];
        }
        return z;
    }

    private static double[] laneLinear(RowRange r, double[] w, LinearLoss loss) {
        DenseRows x = (DenseRows) r.rows();
        int d = x.cols();
        double[] out = new double[1 + d];
        double[] c = new double[1];
        for (int i = r.first(); i < r.end(); i++) {
            double z = laneDot(x.values(), i * d, w, 0, d);
            out[0] += loss.applyFast(z, x.label(i), c, 0);
            for (int j = 0; j < d; j++) {
                out[1 + j] += c[0] * x.get(i, j);
            }
        }
        return out;
    }

    private static double[] lanePca(RowRange r, double[] v, int k) {
        DenseRows x = (DenseRows) r.rows();
        int d = x.cols();
        double[] vt = new double[k * d];
        for (int j = 0; j < d; j++) {
            for (int c = 0; c < k; c++) {
                vt[c * d + j] = v[j * k + c];
            }
        }
        double[] out = new double[1 + d * k];
        for (int i = r.first(); i < r.end(); i++) {
            double[] w = new double[k];
            double norm = 0;
            for (int c = 0; c < k; c++) {
                w[c] = laneDot(x.values(), i * d, vt, c * d, d);
                norm += w[c] * w[c];
            }
            out[0] += norm;
            for (int j = 0; j < d; j++) {
                for (int c = 0; c < k; c++) {
                    out[1 + j * k + c] -= x.get(i, j) * w[c];
                }
            }
        }
        return out;
    }
}
