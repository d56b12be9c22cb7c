package io.codedyarn.hdfs.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.hdfs.dataset.CsrBlock;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.DenseBlock;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.WriterOptions;
import java.io.IOException;
import java.util.Arrays;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statistical properties each kind promises, checked on data read back from disk. Tolerances
 * are 5 standard errors (the seeds are fixed, so the tests are deterministic; 5σ keeps them valid
 * for any seed with probability ≈ 1 − 6e-7 per check).
 */
class GeneratorStatisticsTest {
    @TempDir java.nio.file.Path tmp;

    private DatasetReader write(SyntheticGenerator g) throws IOException {
        FileSystem fs = GeneratorsTest.localFs();
        Path dir = new Path(tmp.toUri().toString(), g.kind());
        Generators.generate(fs, dir, g, WriterOptions.defaults(), null);
        return DatasetReader.open(fs, dir);
    }

    private static double[] row(DenseBlock b, int r) {
        return Arrays.copyOfRange(b.values(), r * b.cols(), (r + 1) * b.cols());
    }

    // ---- gaussian-mixture (BCC §V) ----

    @Test
    void gaussianMixtureHasTheTwoMeansAndThePapersLabelModel() throws IOException {
        int n = 40_000;
        GaussianMixtureGenerator g = new GaussianMixtureGenerator(n, 2, 11);
        DenseBlock b = (DenseBlock) write(g).readRows(1, n);
        double[] w = g.trueWeights();
        assertThat(Math.abs(w[0])).isEqualTo(1.0);
        assertThat(Math.abs(w[1])).isEqualTo(1.0);
        // Along u = w*/√p the variance is 1 + ‖μ‖² = 1 + 2.25/p = 2.125; orthogonal to it, 1.
        double[] u = {w[0] / Math.sqrt(2), w[1] / Math.sqrt(2)};
        double[] uPerp = {u[1], -u[0]};
        checkSecondMoment(b, u, 1 + 2.25 / 2);
        checkSecondMoment(b, uPerp, 1.0);
        // Labels: Σ(1{y=+1} − κ) ≈ 0 overall and on the half with xᵀw* > 0, where the paper's
        // κ = 1/(e^{xᵀw*} + 1) < ½ (the opposite sign convention would fail this by ~0.2 n/2).
        double resid = 0;
        double var = 0;
        double residPos = 0;
        double varPos = 0;
        int positives = 0;
        for (int r = 0; r < n; r++) {
            double[] x = row(b, r);
            double kappa = g.positiveProbability(x);
            double e = (b.labels()[r] == 1.0 ? 1 : 0) - kappa;
            resid += e;
            var += kappa * (1 - kappa);
            if (GaussianMixtureGenerator.dot(x, w) > 0) {
                residPos += e;
                varPos += kappa * (1 - kappa);
            }
            positives += b.labels()[r] == 1.0 ? 1 : 0;
        }
        assertThat(Math.abs(resid)).isLessThan(5 * Math.sqrt(var));
        assertThat(Math.abs(residPos)).isLessThan(5 * Math.sqrt(varPos));
        assertThat(positives).isBetween(n / 2 - 1000, n / 2 + 1000); // symmetric mixture
    }

    private static void checkSecondMoment(DenseBlock b, double[] u, double expected) {
        int n = b.rows();
        double s = 0;
        double s2 = 0;
        for (int r = 0; r < n; r++) {
            double t = GaussianMixtureGenerator.dot(row(b, r), u);
            s += t * t;
            s2 += t * t * t * t;
        }
        double mean = s / n;
        double se = Math.sqrt((s2 / n - mean * mean) / n);
        assertThat(Math.abs(mean - expected)).isLessThan(5 * se);
    }

    // ---- higgs-like ----

    @Test
    void higgsLikeIsACalibratedNonSeparableLogisticProblem() throws IOException {
        int n = 20_000;
        HiggsLikeGenerator g = new HiggsLikeGenerator(n, 28, 5);
        assertThat(g.lowLevelColumns()).isEqualTo(21);
        DenseBlock b = (DenseBlock) write(g).readRows(1, n);
        double resid = 0;
        double var = 0;
        double residPos = 0;
        double varPos = 0;
        int bayesRight = 0;
        int positives = 0;
        double logitSum = 0;
        double logitSq = 0;
        for (int r = 0; r < n; r++) {
            double[] x = row(b, r);
            double t = g.trueIntercept() + GaussianMixtureGenerator.dot(g.trueWeights(), x);
            double p = g.positiveProbability(x);
            boolean pos = b.labels()[r] == 1.0;
            resid += (pos ? 1 : 0) - p;
            var += p * (1 - p);
            if (t > 0) {
                residPos += (pos ? 1 : 0) - p;
                varPos += p * (1 - p);
            }
            bayesRight += (t > 0) == pos ? 1 : 0;
            positives += pos ? 1 : 0;
            logitSum += t;
            logitSq += t * t;
            for (int q = 0; 4 * q < 21; q++) {
                assertThat(x[4 * q]).isPositive(); // pT
                if (4 * q + 2 < 21) {
                    assertThat(Math.abs(x[4 * q + 2])).isLessThanOrEqualTo(Math.PI); // φ
                }
                if (4 * q + 3 < 21) {
                    assertThat(x[4 * q + 3]).isIn(0.0, 1.0865, 2.1731); // b-tag
                }
            }
            for (int j = 21; j < 28; j++) {
                assertThat(x[j]).isGreaterThanOrEqualTo(0); // invariant masses
            }
        }
        assertThat(Math.abs(resid)).isLessThan(5 * Math.sqrt(var));
        assertThat(Math.abs(residPos)).isLessThan(5 * Math.sqrt(varPos));
        // Logit std 1 ⇒ Bayes accuracy E σ(|t|) ≈ 0.675: far from separable.
        double sd = Math.sqrt(logitSq / n - (logitSum / n) * (logitSum / n));
        assertThat(sd).isBetween(0.9, 1.1);
        assertThat(bayesRight / (double) n).isBetween(0.63, 0.72);
        assertThat(positives / (double) n).isBetween(0.35, 0.65);
        // The shared factors correlate the columns.
        assertThat(maxAbsCorrelation(b, 21)).isGreaterThan(0.1);
    }

    private static double maxAbsCorrelation(DenseBlock b, int cols) {
        int n = b.rows();
        double[] mean = new double[cols];
        double[] sd = new double[cols];
        for (int j = 0; j < cols; j++) {
            for (int r = 0; r < n; r++) {
                mean[j] += b.get(r, j) / n;
            }
            for (int r = 0; r < n; r++) {
                sd[j] += Math.pow(b.get(r, j) - mean[j], 2) / n;
            }
            sd[j] = Math.sqrt(sd[j]);
        }
        double best = 0;
        for (int i = 0; i < cols; i++) {
            for (int j = i + 1; j < cols; j++) {
                if (i % 4 == 2 || j % 4 == 2) {
                    continue; // φ is independent
                }
                double c = 0;
                for (int r = 0; r < n; r++) {
                    c += (b.get(r, i) - mean[i]) * (b.get(r, j) - mean[j]);
                }
                best = Math.max(best, Math.abs(c / n / (sd[i] * sd[j])));
            }
        }
        return best;
    }

    // ---- low-rank ----

    @Test
    void lowRankSampleSpectrumMatchesSigmaSquaredPlusNoise() throws IOException {
        int n = 20_000;
        int d = 30;
        int r = 5;
        double tau = 0.5;
        LowRankGenerator g = new LowRankGenerator(n, d, r, tau, 9);
        assertThat(g.singularValues()).containsExactly(5, 4, 3, 2, 1);
        double[][] v = g.basis();
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < r; j++) {
                assertThat(GaussianMixtureGenerator.dot(v[i], v[j]))
                        .isCloseTo(i == j ? 1 : 0, org.assertj.core.data.Offset.offset(1e-13));
            }
        }
        double[][] gram = new double[d][d];
        write(g).forEachChunk(
                        4096,
                        chunk -> {
                            DenseBlock c = (DenseBlock) chunk;
                            for (int k = 0; k < c.rows(); k++) {
                                for (int i = 0; i < d; i++) {
                                    for (int j = 0; j < d; j++) {
                                        gram[i][j] += c.get(k, i) * c.get(k, j) / n;
                                    }
                                }
                            }
                        });
        EigenDecomposition eig = new EigenDecomposition(new Array2DRowRealMatrix(gram));
        double[] got = eig.getRealEigenvalues().clone();
        Arrays.sort(got);
        double[] ev = g.eigenvalues(); // population, decreasing: σ_k² + τ², then τ²
        for (int k = 0; k < r; k++) {
            double sample = got[d - 1 - k];
            // Distinct eigenvalue CLT: √n(λ̂ − λ) → N(0, 2λ²); the O(1/n) bias is
            // (1/n) Σ_{j≠k} λ_k λ_j / (λ_k − λ_j).
            double bias = 0;
            for (int j = 0; j < d; j++) {
                if (j != k) {
                    bias += Math.abs(ev[k] * ev[j] / (ev[k] - ev[j])) / n;
                }
            }
            assertThat(Math.abs(sample - ev[k]))
                    .as("eigenvalue %d: sample %s vs σ²+τ² = %s", k + 1, sample, ev[k])
                    .isLessThan(5 * ev[k] * Math.sqrt(2.0 / n) + bias);
        }
        // The d − r noise eigenvalues: a τ² Wishart, inside the Marchenko–Pastur bulk
        // τ²(1 ± √γ)², γ = (d − r)/n, widened by the same 5√(2/n).
        double gamma = (d - r) / (double) n;
        double slack = 5 * Math.sqrt(2.0 / n);
        assertThat(got[d - 1 - r])
                .isLessThan(tau * tau * Math.pow(1 + Math.sqrt(gamma), 2) * (1 + slack));
        assertThat(got[0])
                .isGreaterThan(tau * tau * Math.pow(1 - Math.sqrt(gamma), 2) * (1 - slack));
        // The top-r sample eigenvectors span V: ‖Vᵀ Û‖_F² ≈ r.
        double captured = 0;
        for (int k = 0; k < d; k++) {
            if (eig.getRealEigenvalue(k) > got[d - r] - 1e-12) {
                double[] uk = eig.getEigenvector(k).toArray();
                for (double[] vi : v) {
                    captured += Math.pow(GaussianMixtureGenerator.dot(vi, uk), 2);
                }
            }
        }
        assertThat(captured).isGreaterThan(r - 0.02);
    }

    // ---- genotype ----

    @Test
    void genotypeColumnFrequenciesAndBinaryCsr() throws IOException {
        int n = 5_000;
        int d = 200;
        GenotypeGenerator g = new GenotypeGenerator(n, d, 0.05, 21);
        double[] p = g.columnFrequencies();
        assertThat(Arrays.stream(p).average().orElseThrow())
                .isCloseTo(0.05, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Arrays.stream(p).max().orElseThrow()).isGreaterThan(0.1); // skewed spectrum
        DatasetReader reader = write(g);
        Manifest m = reader.manifest();
        assertThat(m.storage()).isEqualTo(Storage.CSR);
        assertThat(m.labels().present()).isFalse();
        assertThat(reader.readHeader(0).valuesAllOne()).isTrue();
        CsrBlock b = (CsrBlock) reader.readRows(1, n);
        long[] count = new long[d];
        for (int k = 0; k < b.nnz(); k++) {
            count[b.colIdx()[k]]++;
            assertThat(b.values()[k]).isEqualTo(1.0);
        }
        double var = 0;
        for (int j = 0; j < d; j++) {
            double sd = Math.sqrt(n * p[j] * (1 - p[j]));
            assertThat(Math.abs(count[j] - n * p[j])).as("column %d", j).isLessThan(5 * sd + 1);
            var += n * p[j] * (1 - p[j]);
        }
        assertThat(Math.abs(m.nnz() - 0.05 * n * d)).isLessThan(5 * Math.sqrt(var));
        assertThat(m.density()).isCloseTo(0.05, org.assertj.core.data.Offset.offset(0.005));
    }

    @Test
    void waterFillingKeepsTheMeanAndCapsAtOne() {
        double[] e = {0.5, 1, 1.5, 1};
        assertThat(GenotypeGenerator.waterFill(e, 0.05))
                .containsExactly(
                        new double[] {0.025, 0.05, 0.075, 0.05},
                        org.assertj.core.data.Offset.offset(1e-15));
        double[] skewed = {10, 1, 1, 1, 1};
        double[] p = GenotypeGenerator.waterFill(skewed, 0.6);
        assertThat(p[0]).isEqualTo(1.0);
        assertThat(Arrays.stream(p).sum())
                .isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(p[1]).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-15));
        assertThat(GenotypeGenerator.waterFill(skewed, 1.0)).containsOnly(1.0);
    }

    @Test
    void genotypeAtDensityOneIsAllOnes() throws IOException {
        DatasetReader reader = write(new GenotypeGenerator(50, 7, 1.0, 3));
        assertThat(reader.manifest().nnz()).isEqualTo(350);
        assertThat(reader.manifest().density()).isEqualTo(1.0);
    }

    // ---- lagc-lsq (LAGC §V-D) ----

    @Test
    void smoothnessValuesMatchTheDigest() {
        assertThat(LagcLeastSquaresGenerator.smoothness(1)).isEqualTo(4.0);
        assertThat(LagcLeastSquaresGenerator.smoothness(2))
                .isCloseTo(5.29, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(LagcLeastSquaresGenerator.smoothness(3))
                .isCloseTo(7.2361, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(LagcLeastSquaresGenerator.smoothness(20))
                .isCloseTo(21665.5, org.assertj.core.data.Offset.offset(0.05));
        double sum = 0;
        for (int s = 1; s <= 20; s++) {
            sum += LagcLeastSquaresGenerator.smoothness(s);
        }
        assertThat(sum).isCloseTo(53625.06, org.assertj.core.data.Offset.offset(0.005));
    }

    @Test
    void lagcPartitionsHaveLargestEigenvalueLsAndExactTargets() throws IOException {
        int n = 1_003; // partitions of 50 and 51 rows
        int d = 10;
        int parts = 20;
        LagcLeastSquaresGenerator g = new LagcLeastSquaresGenerator(n, d, parts, 17);
        DatasetReader reader = write(g);
        Manifest m = reader.manifest();
        assertThat(m.blocks()).hasSize(parts); // one block per partition
        assertThat(m.spec().source().get("smoothness")).asList().hasSize(parts);
        double[] theta = g.trueParameters();
        for (int s = 1; s <= parts; s++) {
            DenseBlock b = (DenseBlock) reader.readPartition(parts, s);
            assertThat(m.blocks().get(s - 1).firstRow()).isEqualTo(b.firstRow());
            double ls = LagcLeastSquaresGenerator.smoothness(s);
            double power = powerIteration(b);
            assertThat(Math.abs(power - ls) / ls).as("partition %d", s).isLessThan(1e-6);
            double[][] gram = new double[d][d];
            for (int r = 0; r < b.rows(); r++) {
                for (int i = 0; i < d; i++) {
                    for (int j = 0; j < d; j++) {
                        gram[i][j] += b.get(r, i) * b.get(r, j);
                    }
                }
            }
            double[] eig =
                    new EigenDecomposition(new Array2DRowRealMatrix(gram)).getRealEigenvalues();
            double max = Arrays.stream(eig).max().orElseThrow();
            assertThat(Math.abs(max - ls) / ls).as("partition %d (EVD)", s).isLessThan(1e-12);
            for (int r = 0; r < b.rows(); r++) {
                double[] x = row(b, r);
                assertThat(Arrays.stream(x).min().orElseThrow()).isGreaterThanOrEqualTo(0);
                double y = GaussianMixtureGenerator.dot(x, theta);
                assertThat(b.labels()[r]).isEqualTo(y);
            }
        }
    }

    /** λ_max(XᵀX) by power iteration on X itself: v ← Xᵀ(Xv)/‖·‖, 1,000 steps. */
    private static double powerIteration(DenseBlock b) {
        int d = b.cols();
        double[] v = new double[d];
        Arrays.fill(v, 1);
        v[0] = 2; // not exactly the all-ones start the generator uses
        double lambda = 0;
        for (int it = 0; it < 1000; it++) {
            double[] w = new double[d];
            double vv = GaussianMixtureGenerator.dot(v, v);
            for (int r = 0; r < b.rows(); r++) {
                double xv = GaussianMixtureGenerator.dot(row(b, r), v);
                for (int j = 0; j < d; j++) {
                    w[j] += xv * b.get(r, j);
                }
            }
            lambda = GaussianMixtureGenerator.dot(v, w) / vv;
            double norm = Math.sqrt(GaussianMixtureGenerator.dot(w, w));
            for (int j = 0; j < d; j++) {
                v[j] = w[j] / norm;
            }
        }
        return lambda;
    }
}
