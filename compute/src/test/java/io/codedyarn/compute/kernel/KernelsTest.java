package io.codedyarn.compute.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.placement.Seeds;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class KernelsTest {
    private static final MathContext MC = MathContext.DECIMAL128;

    /** A random block, about {@code density} of its entries nonzero, labels ±1 or Gaussian. */
    static DenseRows randomBlock(
            RandomGenerator rng, int rows, int cols, double density, boolean pmOne) {
        double[] x = new double[rows * cols];
        for (int i = 0; i < x.length; i++) {
            x[i] =
                    rng.nextDouble() < density
                            ? rng.nextGaussian() * Math.pow(10, rng.nextInt(3))
                            : 0;
        }
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            y[i] = pmOne ? (rng.nextBoolean() ? 1 : -1) : rng.nextGaussian() * 3;
        }
        return new DenseRows(rows, cols, x, y);
    }

    static double[] gaussian(RandomGenerator rng, int n, double scale) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rng.nextGaussian() * scale;
        }
        return v;
    }

    static long[] bits(double[] a) {
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = Double.doubleToRawLongBits(a[i]);
        }
        return b;
    }

    static BigDecimal exactDot(DenseRows x, int i, double[] v, int stride, int c) {
        BigDecimal s = BigDecimal.ZERO;
        for (int j = 0; j < x.cols(); j++) {
            s = s.add(new BigDecimal(x.get(i, j)).multiply(new BigDecimal(v[j * stride + c])));
        }
        return s;
    }

    static double absDot(DenseRows x, int i, double[] v, int stride, int c) {
        double s = 0;
        for (int j = 0; j < x.cols(); j++) {
            s += Math.abs(x.get(i, j) * v[j * stride + c]);
        }
        return s;
    }

    /** Least squares against BigDecimal: residuals, loss and gradient exact, then rounded. */
    @ParameterizedTest
    @EnumSource(KernelPath.class)
    void leastSquaresMatchesExactArithmetic(KernelPath path) {
        RandomGenerator rng = Seeds.generator(1);
        for (int trial = 0; trial < 40; trial++) {
            DenseRows x = randomBlock(rng, 30, 1 + rng.nextInt(40), 0.7, false);
            int first = rng.nextInt(10);
            RowRange r = x.range(first, rng.nextInt(x.rows() - first + 1));
            double[] theta = gaussian(rng, x.cols(), 1);
            for (RowRange range :
                    new RowRange[] {r, CsrRows.fromDense(x).range(r.first(), r.count())}) {
                double[] got = Kernels.leastSquares(range, theta, path);
                BigDecimal loss = BigDecimal.ZERO;
                BigDecimal[] g = new BigDecimal[x.cols()];
                java.util.Arrays.fill(g, BigDecimal.ZERO);
                double lossScale = 0;
                double[] gScale = new double[x.cols()];
                for (int i = r.first(); i < r.end(); i++) {
                    BigDecimal res =
                            exactDot(x, i, theta, 1, 0).subtract(new BigDecimal(x.label(i)));
                    loss = loss.add(res.multiply(res));
                    double a = absDot(x, i, theta, 1, 0) + Math.abs(x.label(i));
                    lossScale += a * a;
                    for (int j = 0; j < x.cols(); j++) {
                        g[j] = g[j].add(res.multiply(new BigDecimal(2 * x.get(i, j))));
                        gScale[j] += 2 * a * Math.abs(x.get(i, j));
                    }
                }
                assertThat(
                                Tolerances.within(
                                        got[0],
                                        loss.round(MC).doubleValue(),
                                        Tolerances.SUM_VS_EXACT,
                                        lossScale))
                        .isTrue();
                for (int j = 0; j < x.cols(); j++) {
                    assertThat(
                                    Tolerances.within(
                                            got[1 + j],
                                            g[j].round(MC).doubleValue(),
                                            Tolerances.SUM_VS_EXACT,
                                            gScale[j]))
                            .as("trial %d, g[%d]", trial, j)
                            .isTrue();
                }
            }
        }
    }

    /** PCA against BigDecimal: w = xV exact, Σ‖w‖² and −Σ xᵀw exact, then rounded. */
    @ParameterizedTest
    @EnumSource(KernelPath.class)
    void pcaMatchesExactArithmetic(KernelPath path) {
        RandomGenerator rng = Seeds.generator(2);
        for (int trial = 0; trial < 40; trial++) {
            int k = 1 + rng.nextInt(5);
            DenseRows x = randomBlock(rng, 25, 1 + rng.nextInt(40), 0.6, false);
            int d = x.cols();
            int first = rng.nextInt(8);
            RowRange r = x.range(first, rng.nextInt(x.rows() - first + 1));
            double[] v = gaussian(rng, d * k, 1);
            BigDecimal loss = BigDecimal.ZERO;
            BigDecimal[] g = new BigDecimal[d * k];
            java.util.Arrays.fill(g, BigDecimal.ZERO);
            double lossScale = 0;
            double[] gScale = new double[d * k];
            for (int i = r.first(); i < r.end(); i++) {
                for (int c = 0; c < k; c++) {
                    BigDecimal w = exactDot(x, i, v, k, c);
                    double a = absDot(x, i, v, k, c);
                    loss = loss.add(w.multiply(w));
                    lossScale += a * a;
                    for (int j = 0; j < d; j++) {
                        g[j * k + c] =
                                g[j * k + c].subtract(w.multiply(new BigDecimal(x.get(i, j))));
                        gScale[j * k + c] += a * Math.abs(x.get(i, j));
                    }
                }
            }
            for (RowRange range :
                    new RowRange[] {r, CsrRows.fromDense(x).range(r.first(), r.count())}) {
                double[] got = Kernels.pca(range, v, k, path);
                assertThat(got).hasSize(1 + d * k);
                assertThat(
                                Tolerances.within(
                                        got[0],
                                        loss.round(MC).doubleValue(),
                                        Tolerances.SUM_VS_EXACT,
                                        lossScale))
                        .isTrue();
                for (int m = 0; m < d * k; m++) {
                    assertThat(
                                    Tolerances.within(
                                            got[1 + m],
                                            g[m].round(MC).doubleValue(),
                                            Tolerances.SUM_VS_EXACT,
                                            gScale[m]))
                            .as("trial %d, G[%d]", trial, m)
                            .isTrue();
                }
            }
        }
    }

    /** Logistic regression against the textbook formulas, with an exact (BigDecimal) margin. */
    @ParameterizedTest
    @EnumSource(KernelPath.class)
    void logisticMatchesTextbookFormulas(KernelPath path) {
        RandomGenerator rng = Seeds.generator(3);
        for (int trial = 0; trial < 40; trial++) {
            DenseRows x = randomBlock(rng, 30, 1 + rng.nextInt(40), 0.7, true);
            RowRange r = x.range(3, 20);
            double[] v = gaussian(rng, x.cols(), 0.1);
            double loss = 0, lossScale = 0;
            double[] g = new double[x.cols()];
            double[] gScale = new double[x.cols()];
            for (int i = r.first(); i < r.end(); i++) {
                double z = exactDot(x, i, v, 1, 0).round(MC).doubleValue();
                double b = x.label(i);
                // |t| stays well below 30 here, where the textbook forms are accurate.
                double li = Math.log(1 + Math.exp(-b * z));
                double ci = -b / (1 + Math.exp(b * z));
                loss += li;
                lossScale += Math.abs(li) + absDot(x, i, v, 1, 0);
                for (int j = 0; j < x.cols(); j++) {
                    g[j] += ci * x.get(i, j);
                    gScale[j] += Math.abs(x.get(i, j)) * (1 + absDot(x, i, v, 1, 0));
                }
            }
            for (RowRange range : new RowRange[] {r, CsrRows.fromDense(x).range(3, 20)}) {
                double[] got = Kernels.logistic(range, v, path);
                assertThat(
                                Tolerances.within(
                                        got[0], loss, Tolerances.LOGISTIC_VS_TEXTBOOK, lossScale))
                        .isTrue();
                for (int j = 0; j < x.cols(); j++) {
                    assertThat(
                                    Tolerances.within(
                                            got[1 + j],
                                            g[j],
                                            Tolerances.LOGISTIC_VS_TEXTBOOK,
                                            gScale[j]))
                            .as("trial %d, g[%d]", trial, j)
                            .isTrue();
                }
            }
        }
    }

    /** Huge margins: softplus(t) = t + log1p(e^−t) and σ stay finite and exact in the limit. */
    @ParameterizedTest
    @EnumSource(KernelPath.class)
    void logisticIsStableForHugeMargins(KernelPath path) {
        DenseRows x = new DenseRows(2, 1, new double[] {1000, 1000}, new double[] {-1, 1});
        double[] got = Kernels.logistic(x.range(0, 1), new double[] {1}, path);
        // t = 1000: loss 1000, slope +1·σ(1000) = 1, gradient slope·x = 1000
        assertThat(got).containsExactly(1000.0, 1000.0);
        got = Kernels.logistic(x.range(1, 1), new double[] {1}, path);
        assertThat(got[0]).isEqualTo(0.0); // log1p(e^−1000) underflows to 0
        assertThat(got[1]).isLessThanOrEqualTo(0.0).isGreaterThan(-1e-300);
        assertThat(LinearLoss.LOGISTIC.loss(0, 1)).isEqualTo(Math.log(2));
        assertThat(LinearLoss.LOGISTIC.slope(0, -1)).isEqualTo(0.5);
        assertThat(LinearLoss.SQUARED.slope(3, 1)).isEqualTo(4.0);
    }

    /**
     * The documented SCALAR order, checked literally: the naive loops (rows ascending, columns
     * ascending, one accumulator) give the very same bits; and so does every equivalent way in:
     * twice, the whole block vs a view of a view, a copy of the rows, and the CSR form.
     */
    @Test
    void bitIdenticalToNaiveOrderAndAcrossEntryPoints() {
        RandomGenerator rng = Seeds.generator(4);
        for (int trial = 0; trial < 30; trial++) {
            DenseRows x = randomBlock(rng, 40, 1 + rng.nextInt(50), 0.5, true);
            int d = x.cols();
            int first = rng.nextInt(10), count = rng.nextInt(30);
            RowRange direct = x.range(first, count);
            RowRange viaViews = x.range(first / 2, 40 - first / 2).sub(first - first / 2, count);
            double[] copy =
                    java.util.Arrays.copyOfRange(x.values(), first * d, (first + count) * d);
            double[] labels = java.util.Arrays.copyOfRange(x.labels(), first, first + count);
            RowRange copied = new DenseRows(count, d, copy, labels).all();
            RowRange sparse = CsrRows.fromDense(x).range(first, count);
            double[] v = gaussian(rng, d, 0.3);
            int k = 1 + rng.nextInt(7); // k = 1..7
            double[] vk = gaussian(rng, d * k, 1);

            long[] lr = bits(Kernels.logistic(direct, v, KernelPath.SCALAR));
            long[] ls = bits(Kernels.leastSquares(direct, v, KernelPath.SCALAR));
            long[] pca = bits(Kernels.pca(direct, vk, k, KernelPath.SCALAR));
            assertThat(bits(naiveLinear(direct, v))).containsExactly(ls);
            assertThat(bits(naivePca(direct, vk, k))).containsExactly(pca);
            for (RowRange same : new RowRange[] {direct, viaViews, copied, sparse}) {
                assertThat(bits(Kernels.logistic(same, v, KernelPath.SCALAR))).containsExactly(lr);
                assertThat(bits(Kernels.leastSquares(same, v, KernelPath.SCALAR)))
                        .containsExactly(ls);
                assertThat(bits(Kernels.pca(same, vk, k, KernelPath.SCALAR))).containsExactly(pca);
            }
        }
    }

    /** The textbook loops in the documented order (squared loss only: no transcendental). */
    private static double[] naiveLinear(RowRange r, double[] w) {
        DenseRows x = (DenseRows) r.rows();
        double[] out = new double[1 + x.cols()];
        for (int i = r.first(); i < r.end(); i++) {
            double z = 0;
            for (int j = 0; j < x.cols(); j++) {
                z += x.get(i, j) * w[j];
            }
            double res = z - x.label(i);
            out[0] += res * res;
            for (int j = 0; j < x.cols(); j++) {
                out[1 + j] += 2 * res * x.get(i, j);
            }
        }
        return out;
    }

    private static double[] naivePca(RowRange r, double[] v, int k) {
        DenseRows x = (DenseRows) r.rows();
        int d = x.cols();
        double[] out = new double[1 + d * k];
        for (int i = r.first(); i < r.end(); i++) {
            double[] w = new double[k];
            double norm = 0;
            for (int c = 0; c < k; c++) {
                for (int j = 0; j < d; j++) {
                    w[c] += x.get(i, j) * v[j * k + c];
                }
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

    @Test
    void rejectsBadShapesAndLabels() {
        DenseRows x = new DenseRows(1, 2, new double[] {1, 2}, new double[] {0.5});
        assertThatThrownBy(() -> Kernels.logistic(x.all(), new double[] {1, 1}))
                .hasMessageContaining("+1 or -1");
        assertThatThrownBy(() -> Kernels.leastSquares(x.all(), new double[] {1}))
                .hasMessageContaining("dimension 1, data has 2 columns");
        assertThatThrownBy(() -> Kernels.pca(x.all(), new double[] {1, 2, 3}, 2))
                .hasMessageContaining("d x k = 2 x 2");
        assertThatThrownBy(
                        () ->
                                Kernels.leastSquares(
                                        DenseRows.of(1, 1, new double[1]).all(), new double[1]))
                .hasMessageContaining("needs labels");
    }
}
