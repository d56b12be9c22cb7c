package io.codedyarn.compute.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.kernel.Kernels;
import io.codedyarn.placement.Seeds;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;

class ModelTest {
    static DenseRows gaussianRows(RandomGenerator rng, int n, int d, boolean pmOne) {
        double[] x = new double[n * d];
        for (int m = 0; m < x.length; m++) {
            x[m] = rng.nextGaussian() * (1 + m % d); // columns of different scale
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = pmOne ? (rng.nextBoolean() ? 1 : -1) : rng.nextGaussian();
        }
        return new DenseRows(n, d, x, y);
    }

    static List<RowRange> split(DenseRows x, int parts) {
        RowRange[] r = new RowRange[parts];
        int per = x.rows() / parts;
        for (int p = 0; p < parts; p++) {
            int first = p * per;
            r[p] = x.range(first, p == parts - 1 ? x.rows() - first : per);
        }
        return List.of(r);
    }

    static double[] eigenvaluesOfGram(DenseRows x) {
        RealMatrix m = new Array2DRowRealMatrix(x.rows(), x.cols());
        for (int i = 0; i < x.rows(); i++) {
            for (int j = 0; j < x.cols(); j++) {
                m.setEntry(i, j, x.get(i, j));
            }
        }
        double[] ev = new EigenDecomposition(m.transpose().multiply(m)).getRealEigenvalues();
        Arrays.sort(ev);
        return ev; // ascending
    }

    @Test
    void gramSchmidtWorkedExampleGuardAndNaN() {
        double[] v = {3, 1, 4, 0}; // columns (3, 4) and (1, 0), row-major 2x2
        GramSchmidt.orthonormalize(v, 2, 2);
        assertThat(v[0]).isCloseTo(0.6, within(1e-15));
        assertThat(v[2]).isCloseTo(0.8, within(1e-15));
        assertThat(v[1]).isCloseTo(0.8, within(1e-15));
        assertThat(v[3]).isCloseTo(-0.6, within(1e-15));
        double[] dup = {
            1, 1, 1, 1, 1, 1
        }; // a repeated column leaves a residual of ~0: not scaled up
        GramSchmidt.orthonormalize(dup, 3, 2);
        for (int r = 0; r < 3; r++) {
            assertThat(Math.abs(dup[r * 2 + 1])).isLessThan(1e-15);
        }
        double[] nan = {Double.NaN, 2};
        GramSchmidt.orthonormalize(nan, 2, 1);
        assertThat(nan).containsExactly(0.0, 1.0);
    }

    @Test
    void gramSchmidtGivesOrthonormalColumnsWithPositiveR() {
        RandomGenerator rng = Seeds.generator(5);
        int d = 50, k = 3;
        double[] a = new double[d * k];
        for (int m = 0; m < a.length; m++) {
            a[m] = rng.nextGaussian();
        }
        double[] q = a.clone();
        GramSchmidt.orthonormalize(q, d, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j <= i; j++) {
                double s = 0, r = 0;
                for (int row = 0; row < d; row++) {
                    s += q[row * k + i] * q[row * k + j];
                    r += q[row * k + i] * a[row * k + i];
                }
                assertThat(s).isCloseTo(i == j ? 1 : 0, within(1e-12));
                assertThat(r).isPositive(); // R_ii = ⟨q_i, a_i⟩ > 0: no sign flips
            }
        }
    }

    /** η = 1, ξ = 1: DSAG's update is the power method; EV reaches the top-k eigenvalue share. */
    @Test
    void pcaUpdateIsThePowerMethodAndEvMatchesEigendecomposition() {
        RandomGenerator rng = Seeds.generator(6);
        int d = 8, k = 3;
        DenseRows x = gaussianRows(rng, 200, d, false);
        List<RowRange> parts = split(x, 4);
        double[] v = new double[d * k];
        for (int m = 0; m < v.length; m++) {
            v[m] = rng.nextGaussian();
        }
        GramSchmidt.orthonormalize(v, d, k);
        for (int it = 0; it < 500; it++) {
            double[] h = new double[d * k];
            for (RowRange p : parts) {
                double[] part = Kernels.pca(p, v, k);
                for (int m = 0; m < h.length; m++) {
                    h[m] += part[1 + m];
                }
            }
            Pca.update(v, h, 1.0, 1.0, d, k);
        }
        double[] ev = eigenvaluesOfGram(x);
        double top = ev[d - 1] + ev[d - 2] + ev[d - 3];
        double trace = Arrays.stream(ev).sum();
        assertThat(Pca.squaredFrobenius(parts)).isCloseTo(trace, within(1e-10 * trace));
        assertThat(Pca.explainedVariance(parts, v, k)).isCloseTo(top / trace, within(1e-10));
    }

    @Test
    void smoothnessByPowerIterationMatchesEigendecomposition() {
        RandomGenerator rng = Seeds.generator(7);
        DenseRows x = gaussianRows(rng, 120, 6, true);
        List<RowRange> parts = split(x, 3);
        double lmax = eigenvaluesOfGram(x)[5];
        assertThat(Smoothness.lambdaMax(parts, Seeds.generator(1)))
                .isCloseTo(lmax, within(1e-8 * lmax));
        assertThat(Smoothness.leastSquares(parts, Seeds.generator(1)))
                .isCloseTo(2 * lmax, within(2e-8 * lmax));
        assertThat(Smoothness.logistic(parts, 0.01, Seeds.generator(1)))
                .isCloseTo(lmax / (4 * 120) + 0.01, within(1e-8 * lmax));
    }

    @Test
    void logisticAssemblesTheRegularisedMean() {
        RandomGenerator rng = Seeds.generator(8);
        DenseRows x = gaussianRows(rng, 50, 4, true);
        double[] v = {0.1, -0.2, 0.3, 0.05};
        LogisticObjective f = new LogisticObjective(split(x, 5));
        assertThat(f.lambda()).isEqualTo(1.0 / 50);
        double[] fg = f.evaluate(v);
        double expected = 0;
        for (int i = 0; i < 50; i++) {
            double z = 0;
            for (int j = 0; j < 4; j++) {
                z += x.get(i, j) * v[j];
            }
            expected += Math.log1p(Math.exp(-x.label(i) * z)) / 50;
        }
        expected += 0.5 / 50 * (0.01 + 0.04 + 0.09 + 0.0025);
        assertThat(fg[0]).isCloseTo(expected, within(1e-14));
        // gradient by central differences
        for (int j = 0; j < 4; j++) {
            double[] p = v.clone(), m = v.clone();
            p[j] += 1e-6;
            m[j] -= 1e-6;
            double fd = (f.evaluate(p)[0] - f.evaluate(m)[0]) / 2e-6;
            assertThat(fg[1 + j]).isCloseTo(fd, within(1e-8));
        }
    }

    @Test
    void interceptAppendsAOnesColumnDenseAndSparse() {
        DenseRows x = new DenseRows(2, 2, new double[] {1, 0, 0, 2}, new double[] {1, -1});
        DenseRows withOne = (DenseRows) Intercept.append(x);
        assertThat(withOne.values()).containsExactly(1, 0, 1, 0, 2, 1);
        CsrRows sparse = (CsrRows) Intercept.append(CsrRows.fromDense(x));
        assertThat(sparse.toDense().values()).containsExactly(withOne.values());
        assertThat(sparse.labels()).containsExactly(1, -1);
        // intercept alone decides: v = (0, 0, 5) predicts +1 everywhere → accuracy 1/2
        assertThat(LogisticObjective.accuracy(List.of(withOne.all()), new double[] {0, 0, 5}))
                .isEqualTo(0.5);
        assertThat(LogisticObjective.accuracy(List.of(sparse.all()), new double[] {1, -1, 0}))
                .isEqualTo(1.0);
    }
}
