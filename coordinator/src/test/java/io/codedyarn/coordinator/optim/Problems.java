package io.codedyarn.coordinator.optim;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.model.GramSchmidt;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.compute.model.Objective;
import io.codedyarn.compute.model.Smoothness;
import io.codedyarn.placement.Seeds;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Deterministic objectives (functions of x only, seeded data) for comparing the step-wise
 * optimisers with the loop-owning ones, each with a start and a GD/Nesterov step η.
 */
final class Problems {
    private Problems() {}

    record Problem(String name, Objective f, double[] x0, double step) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Problem> all() {
        return List.of(
                quadratic("well-conditioned quadratic", 21, 20, 10, 1),
                quadratic("ill-conditioned quadratic (1e6)", 22, 20, 1e6, 1),
                quadratic("quadratic, GD step 3/L (diverges to NaN)", 23, 6, 100, 3),
                logistic(),
                rosenbrock(2),
                rosenbrock(10),
                nanBeyond(),
                noisyValue(),
                overflowingGradient(1e300),
                hugeIgnoredGradient(),
                farMinimum(0),
                farMinimum(3e3),
                gradientTooLarge(1e20),
                gradientTooLarge(4e14),
                nearlyOrthogonalPair());
    }

    /**
     * F = ½(x − c)ᵀA(x − c), A = QΛQᵀ with Q a seeded random rotation and Λ log-spaced in [1,
     * condition]; step = stepTimes/condition.
     */
    static Problem quadratic(String name, long seed, int d, double condition, double stepTimes) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] q = new double[d * d];
        for (int m = 0; m < q.length; m++) {
            q[m] = rng.nextGaussian();
        }
        GramSchmidt.orthonormalize(q, d, d);
        double[] a = new double[d * d];
        for (int l = 0; l < d; l++) {
            double lambda = Math.pow(condition, l / (d - 1.0));
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    a[i * d + j] += q[i * d + l] * lambda * q[j * d + l];
                }
            }
        }
        double[] c = gaussian(rng, d);
        double[] x0 = gaussian(rng, d);
        Objective f =
                x -> {
                    double[] fg = new double[1 + d];
                    for (int i = 0; i < d; i++) {
                        double s = 0;
                        for (int j = 0; j < d; j++) {
                            s += a[i * d + j] * (x[j] - c[j]);
                        }
                        fg[1 + i] = s;
                        fg[0] += 0.5 * (x[i] - c[i]) * s;
                    }
                    return fg;
                };
        return new Problem(name, f, x0, stepTimes / condition);
    }

    /** Regularised logistic regression on seeded data (n = 300, 8 features + intercept). */
    static Problem logistic() {
        RandomGenerator rng = Seeds.generator(24);
        int n = 300, d = 8;
        double[] x = new double[n * d];
        double[] b = new double[n];
        double[] truth = gaussian(rng, d);
        for (int i = 0; i < n; i++) {
            double z = 0.3;
            for (int j = 0; j < d; j++) {
                x[i * d + j] = rng.nextGaussian() * (1 + j) + 0.2;
                z += x[i * d + j] * truth[j] / (1 + j);
            }
            b[i] = rng.nextDouble() < 1 / (1 + Math.exp(-z)) ? 1 : -1;
        }
        DenseRows rows = (DenseRows) Intercept.append(new DenseRows(n, d, x, b));
        List<RowRange> parts = List.of(rows.range(0, 120), rows.range(120, 180));
        LogisticObjective f = new LogisticObjective(parts, 1e-3);
        double step = 1 / Smoothness.logistic(parts, f.lambda(), Seeds.generator(25));
        return new Problem("logistic regression", f, new double[rows.cols()], step);
    }

    /** Σ 100(x_{i+1} − x_i²)² + (1 − x_i)² from (−1.2, 1, −1.2, 1, …). */
    static Problem rosenbrock(int d) {
        Objective f =
                x -> {
                    double[] fg = new double[1 + d];
                    for (int i = 0; i + 1 < d; i++) {
                        double u = x[i + 1] - x[i] * x[i];
                        double v = 1 - x[i];
                        fg[0] += 100 * u * u + v * v;
                        fg[1 + i] += -400 * x[i] * u - 2 * v;
                        fg[2 + i] += 200 * u;
                    }
                    return fg;
                };
        double[] x0 = new double[d];
        for (int i = 0; i < d; i++) {
            x0[i] = i % 2 == 0 ? -1.2 : 1;
        }
        return new Problem("Rosenbrock d=" + d, f, x0, 1e-4);
    }

    /**
     * ‖x − c‖² with ‖c‖ = 3, but NaN (value and gradient) outside the ball ‖x‖ ≤ 2: the minimiser
     * lies in the NaN region, so line searches toward it fail (restart, give-up).
     */
    static Problem nanBeyond() {
        int d = 4;
        double[] c = {3, 0, 0, 0};
        Objective f =
                x -> {
                    double[] fg = new double[1 + d];
                    if (Math.sqrt(dot(x, x)) > 2) {
                        java.util.Arrays.fill(fg, Double.NaN);
                        return fg;
                    }
                    for (int i = 0; i < d; i++) {
                        fg[0] += (x[i] - c[i]) * (x[i] - c[i]) * (1 + i);
                        fg[1 + i] = 2 * (x[i] - c[i]) * (1 + i);
                    }
                    return fg;
                };
        return new Problem("NaN beyond a radius", f, new double[] {-1, 1, -0.5, 0.25}, 0.1);
    }

    /**
     * A quadratic whose VALUE carries deterministic noise of size 1e−6 (a hash of x's bits), the
     * gradient exact: near the minimiser the line search cannot see a decrease (a decoded loss with
     * an error), so searches fail, restart, and finally give up.
     */
    static Problem noisyValue() {
        Problem q = quadratic("", 26, 5, 100, 1);
        Objective f =
                x -> {
                    double[] fg = q.f().evaluate(x);
                    long h = 0x9E3779B97F4A7C15L;
                    for (double v : x) {
                        h = (h ^ Double.doubleToRawLongBits(v)) * 0xBF58476D1CE4E5B9L;
                        h ^= h >>> 31;
                    }
                    fg[0] += 1e-6 * ((h >>> 11) * 0x1.0p-53 - 0.5);
                    return fg;
                };
        return new Problem("quadratic with a noisy value", f, q.x0(), q.step());
    }

    /**
     * ½‖x‖² with the gradient scaled by {@code scale} once x₀ &lt; 0.5: ‖∇F‖ overflows to ∞ and the
     * two-loop direction to ∞/NaN (searches failing before any trial, restarts, α₁ = 1/∞ = 0).
     */
    static Problem overflowingGradient(double scale) {
        int d = 3;
        Objective f =
                x -> {
                    double[] fg = new double[1 + d];
                    fg[0] = 0.5 * dot(x, x);
                    double g = x[0] < 0.5 ? scale : 1;
                    for (int i = 0; i < d; i++) {
                        fg[1 + i] = g * x[i];
                    }
                    return fg;
                };
        return new Problem("gradient overflowing (" + scale + ")", f, new double[] {3, 1, -2}, 0.7);
    }

    /**
     * F = 0.01(x₀⁴/4 + x₀²/2) with ∂F/∂x₁ reported as 1.5e308 once x₀ &lt; 0.5 (F ignores x₁):
     * L-BFGS accepts such a point (the slope along p, whose x₁ part is 0, stays finite), its
     * two-loop direction overflows to ∞ and then NaN (a search failing before any trial), and along
     * −∇F the first trial is α₁ = 1/‖∇F‖ = 1/∞ = 0: the point itself, accepted (φ'(0) = −∞ makes
     * the sufficient-decrease bound NaN), again and again — minimize never returns.
     */
    static Problem hugeIgnoredGradient() {
        Objective f =
                x -> {
                    double u = x[0];
                    return new double[] {
                        0.01 * (u * u * u * u / 4 + u * u / 2),
                        0.01 * (u * u * u + u),
                        u < 0.5 ? 1.5e308 : 0
                    };
                };
        return new Problem("huge gradient along an ignored coordinate", f, new double[] {3, 1}, 1);
    }

    /**
     * ½Σ(1 + i)(x_i − c_i)² with c 1,000 away: L-BFGS's first trial (a unit move) is far too short,
     * so Algorithm 3.5 doubles α. With {@code quantum} &gt; 0 the value is rounded to a multiple of
     * it (a low-precision loss): consecutive trials can tie, φ(α_i) = φ(α_{i−1}), which Algorithm
     * 3.5 treats as "no improvement" (≥, not &gt;).
     */
    static Problem farMinimum(double quantum) {
        double[] c = {1000, -500, 200};
        Objective f =
                x -> {
                    double[] fg = new double[1 + c.length];
                    for (int i = 0; i < c.length; i++) {
                        fg[0] += 0.5 * (1 + i) * (x[i] - c[i]) * (x[i] - c[i]);
                        fg[1 + i] = (1 + i) * (x[i] - c[i]);
                    }
                    if (quantum > 0) {
                        fg[0] = quantum * Math.rint(fg[0] / quantum);
                    }
                    return fg;
                };
        String name = "far minimum" + (quantum > 0 ? ", value rounded to " + quantum : "");
        return new Problem(name, f, new double[] {0, 0, 0}, 0.3);
    }

    /**
     * ½‖x‖² with a gradient {@code scale} times too large (a sum sent where a mean was expected):
     * α₁ = 1/‖∇F‖ fails sufficient decrease, the bracket [0, α₁] shrinks below the collapse
     * threshold 1e−16 (at once for scale 1e20; after a few trials for 4e14, which also pins that
     * threshold), so the search fails with an empty memory and L-BFGS gives up.
     */
    static Problem gradientTooLarge(double scale) {
        Objective f =
                x -> {
                    double[] fg = new double[1 + x.length];
                    fg[0] = 0.5 * dot(x, x);
                    for (int i = 0; i < x.length; i++) {
                        fg[1 + i] = scale * x[i];
                    }
                    return fg;
                };
        return new Problem(
                "gradient " + scale + " times too large",
                f,
                new double[] {0.3, 1, -2},
                0.1 / scale);
    }

    /**
     * F = ½x₀² with ∂F/∂x₁ reported as 1e11·(1 − x₀) (F ignores x₁): the first step, x0 = (1, 0) →
     * (0, 0), gives s = (−1, 0), y = (−1, 1e11), cos(s, y) ≈ 1e−11 &lt; 1e−10, a pair L-BFGS must
     * not store (pins that threshold).
     */
    static Problem nearlyOrthogonalPair() {
        Objective f = x -> new double[] {0.5 * x[0] * x[0], x[0], 1e11 * (1 - x[0])};
        return new Problem("nearly orthogonal curvature pair", f, new double[] {1, 0}, 0.5);
    }

    /**
     * PCA's told vector at V (d×k row-major) for the rows of a seeded n×d matrix X with decaying
     * column scales: [Σ‖xV‖², −XᵀXV], the kernels' payload, summed row by row.
     */
    static Objective pca(long seed, int n, int d, int k) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] x = new double[n * d];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                x[i * d + j] = rng.nextGaussian() / (1 + j);
            }
        }
        return v -> {
            double[] fg = new double[1 + d * k];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < k; c++) {
                    double xv = 0;
                    for (int j = 0; j < d; j++) {
                        xv += x[i * d + j] * v[j * k + c];
                    }
                    fg[0] += xv * xv;
                    for (int j = 0; j < d; j++) {
                        fg[1 + j * k + c] -= x[i * d + j] * xv;
                    }
                }
            }
            return fg;
        };
    }

    /** A seeded Gaussian d×k matrix, orthonormalised (as the coordinator's V⁰). */
    static double[] basis(long seed, int d, int k) {
        double[] v = gaussian(Seeds.generator(seed), d * k);
        GramSchmidt.orthonormalize(v, d, k);
        return v;
    }

    static double[] gaussian(RandomGenerator rng, int d) {
        double[] v = new double[d];
        for (int i = 0; i < d; i++) {
            v[i] = rng.nextGaussian();
        }
        return v;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
