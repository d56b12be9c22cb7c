package io.codedyarn.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codedyarn.placement.Seeds;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * {@link FashionLsq} and {@link LagcTrajectory} against naive implementations on the explicit
 * scaled rows X_s: GD with g = Σ_s 2X_sᵀ(X_sθ − y_s), and LAG / LAGC written out from the digest's
 * formulas (lagc.md §2.4, §2.5) rather than through {@code LazyTrigger}.
 */
class LagcTrajectoryTest {
    static final int S = 20;
    static final int ROWS = 6;
    static final int P = 12;

    /** Random "images": 20 × 6 rows of 12 pixels, a third of them zero (as in real images). */
    static IdxImages.Images images(long seed) {
        RandomGenerator rng = Seeds.generator(seed);
        byte[] px = new byte[S * ROWS * P];
        for (int k = 0; k < px.length; k++) {
            px[k] = rng.nextInt(3) == 0 ? 0 : (byte) (1 + rng.nextInt(255));
        }
        return new IdxImages.Images(S * ROWS, P, px);
    }

    /** X_s scaled so that λ_max(2X_sᵀX_s) = L_s, from the problem's own λ_max-free definition. */
    static double[][][] scaledRows(IdxImages.Images im, FashionLsq problem) {
        double[][][] x = new double[S][ROWS][P];
        for (int s = 0; s < S; s++) {
            double[] gram = FashionLsq.gram(im, s * ROWS, ROWS);
            // H_s = 2c²·XᵀX entrywise: c from the largest diagonal entry (never zero here)
            int k = 0;
            for (int j = 1; j < P; j++) {
                k = gram[j * P + j] > gram[k * P + k] ? j : k;
            }
            double c = Math.sqrt(problem.partitionHessian(s)[k * P + k] / (2 * gram[k * P + k]));
            for (int i = 0; i < ROWS; i++) {
                for (int j = 0; j < P; j++) {
                    x[s][i][j] = c * (im.pixels()[(s * ROWS + i) * P + j] & 0xff) / 255.0;
                }
            }
        }
        return x;
    }

    static double[] naiveGradient(double[][] xs, double[] theta, double[] star) {
        double[] g = new double[P];
        for (double[] row : xs) {
            double r = 0;
            for (int j = 0; j < P; j++) {
                r += row[j] * (theta[j] - star[j]); // Xθ − y with y = Xθ*
            }
            for (int j = 0; j < P; j++) {
                g[j] += 2 * row[j] * r;
            }
        }
        return g;
    }

    static double naiveLoss(double[][][] x, double[] theta, double[] star) {
        double l = 0;
        for (double[][] xs : x) {
            for (double[] row : xs) {
                double r = 0;
                for (int j = 0; j < P; j++) {
                    r += row[j] * (theta[j] - star[j]);
                }
                l += r * r;
            }
        }
        return l;
    }

    /** λ_max(2XᵀX) by power iteration on the rows (v ← 2Xᵀ(Xv)), 3,000 steps. */
    static double naiveSmoothness(double[][] xs) {
        double[] v = new double[P];
        java.util.Arrays.fill(v, 1);
        double lambda = 0;
        for (int it = 0; it < 3000; it++) {
            double[] w = naiveGradient(xs, v, new double[P]);
            double n = 0, q = 0;
            for (int j = 0; j < P; j++) {
                n += w[j] * w[j];
                q += v[j] * w[j];
            }
            double vv = 0;
            for (double a : v) {
                vv += a * a;
            }
            lambda = q / vv;
            for (int j = 0; j < P; j++) {
                v[j] = w[j] / Math.sqrt(n);
            }
        }
        return lambda;
    }

    @Test
    void partitionsHaveThePapersSmoothnessConstants() {
        IdxImages.Images im = images(1);
        FashionLsq problem = FashionLsq.of(im, S, ROWS, 2);
        double[][][] x = scaledRows(im, problem);
        double[] l = new double[S];
        for (int s = 0; s < S; s++) {
            l[s] = naiveSmoothness(x[s]);
        }
        for (int s = 0; s < S; s++) {
            double target = Math.pow(Math.pow(1.3, s) + 1, 2); // (1.3^(s−1)+1)², s 1-based
            assertThat(l[s]).isCloseTo(target, within(1e-9 * target));
        }
        assertThat(l[0]).isCloseTo(4, within(1e-9));
        assertThat(l[19]).isCloseTo(21665.5, within(0.1));
    }

    @Test
    void gdMatchesNaiveGradientDescentOnTheRows() {
        IdxImages.Images im = images(3);
        FashionLsq problem = FashionLsq.of(im, S, ROWS, 4);
        double[][][] x = scaledRows(im, problem);
        double[] star = problem.thetaStar();
        LagcTrajectory.Setup setup = LagcTrajectory.Setup.of(problem, 1, 10);
        LagcTrajectory t =
                LagcTrajectory.run(new LagcScheme("GD", S, 1, 1, 1, false), setup, 0, 60);
        assertThat(t.reached()).isFalse();
        assertThat(t.iterations()).isEqualTo(60);
        double[] theta = new double[P];
        for (int i = 0; i <= 60; i++) {
            double naive = naiveLoss(x, theta, star);
            assertThat(t.loss()[i]).as("L(θ^%d)", i).isCloseTo(naive, within(1e-9 * naive));
            double[] g = new double[P];
            for (double[][] xs : x) {
                double[] gs = naiveGradient(xs, theta, star);
                for (int j = 0; j < P; j++) {
                    g[j] += gs[j];
                }
            }
            for (int j = 0; j < P; j++) {
                theta[j] -= setup.alpha() * g[j];
            }
        }
        assertThat(t.loss()[60]).isLessThan(t.loss()[0]);
    }

    @Test
    void lagAndLagcMatchTheDigestsTriggerWrittenOut() {
        IdxImages.Images im = images(5);
        FashionLsq problem = FashionLsq.of(im, S, ROWS, 6);
        double[][][] x = scaledRows(im, problem);
        LagcTrajectory.Setup setup = LagcTrajectory.Setup.of(problem, 1, 10);
        for (LagcScheme scheme :
                new LagcScheme[] {
                    new LagcScheme("LAG", 20, 1, 1, 1, true),
                    new LagcScheme("LAGC", 4, 5, 2, 4, true)
                }) {
            LagcTrajectory t = LagcTrajectory.run(scheme, setup, 0, 200);
            int[] naiveActive = naiveLazy(x, problem, setup, scheme.units(), 200, t.loss());
            assertThat(t.active()).as(scheme.label()).containsExactly(naiveActive);
            assertThat(t.meanActive()).as(scheme.label()).isLessThan(scheme.units());
        }
    }

    /**
     * LAG / LAGC from the digest: RHS = ξ/(α²U²D)·Σ_{d=1..D}‖θ^{i+1−d} − θ^{i−d}‖² (zero-padded),
     * select u iff L_u²‖θ_u − θ^i‖² ≥ RHS (always before its first refresh), ĝ = Σ_u G_u. Checks
     * the loss sequence on the way; returns |selected| per iteration.
     */
    static int[] naiveLazy(
            double[][][] x,
            FashionLsq problem,
            LagcTrajectory.Setup setup,
            int units,
            int iterations,
            double[] expectedLoss) {
        double[] star = problem.thetaStar();
        double[] lu = problem.smoothness(problem.unitHessians(units));
        int per = S / units;
        double alpha = setup.alpha();
        double[] theta = new double[P];
        double[][] copy = new double[units][];
        double[][] stored = new double[units][P];
        double[] steps = new double[iterations];
        int[] active = new int[iterations];
        for (int i = 0; i < iterations; i++) {
            double naive = naiveLoss(x, theta, star);
            assertThat(expectedLoss[i]).isCloseTo(naive, within(1e-8 * naive));
            double sum = 0;
            for (int d = 1; d <= 10 && i - d >= 0; d++) {
                sum += steps[i - d];
            }
            double rhs = 1.0 / (alpha * alpha * units * units * 10) * sum;
            for (int u = 0; u < units; u++) {
                double dist = 0;
                if (copy[u] != null) {
                    for (int j = 0; j < P; j++) {
                        dist += (copy[u][j] - theta[j]) * (copy[u][j] - theta[j]);
                    }
                }
                if (copy[u] == null || lu[u] * lu[u] * dist >= rhs) {
                    active[i]++;
                    copy[u] = theta.clone();
                    stored[u] = new double[P];
                    for (int s = u * per; s < (u + 1) * per; s++) {
                        double[] gs = naiveGradient(x[s], theta, star);
                        for (int j = 0; j < P; j++) {
                            stored[u][j] += gs[j];
                        }
                    }
                }
            }
            double step = 0;
            for (int j = 0; j < P; j++) {
                double g = 0;
                for (int u = 0; u < units; u++) {
                    g += stored[u][j];
                }
                theta[j] -= alpha * g;
                step += alpha * g * alpha * g;
            }
            steps[i] = step;
        }
        return active;
    }
}
