package io.codedyarn.worker.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.codedyarn.placement.Seeds;
import io.codedyarn.worker.data.DenseRows;
import io.codedyarn.worker.data.RowRange;
import io.codedyarn.worker.model.Intercept;
import io.codedyarn.worker.model.LogisticObjective;
import io.codedyarn.worker.model.Smoothness;
import io.codedyarn.worker.optim.Lbfgs;
import io.codedyarn.worker.optim.Nesterov;
import io.codedyarn.worker.optim.Objective;
import io.codedyarn.worker.optim.Result;
import io.codedyarn.worker.optim.Termination;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end logistic regression on real data against scikit-learn (issue 5).
 *
 * <p><b>Task:</b> the first 6,000 Fashion-MNIST training images, b = +1 for "T-shirt/top" (class 0,
 * 600 of them... see {@link #positives}) and −1 for every other class; features are the 784 pixels
 * scaled to [0, 1] (p/255, not standardised) plus the constant-1 intercept column ({@link
 * Intercept}, regularised like the others); F(v) = (1/n) Σ log(1 + exp(−b⟨x, v⟩)) + (λ/2)‖v‖².
 *
 * <p><b>Reference:</b> Debian's {@code /usr/bin/python3} with scikit-learn (package {@code
 * python3-sklearn}; {@code .ci/run} installs it) fits {@code LogisticRegression(C = 1/(nλ),
 * fit_intercept=False, solver="lbfgs", tol=1e-12)} on the same pixels with the ones column appended
 * in Python: sklearn minimises C·Σℓ + ½‖w‖² = C·n·F(w), the same minimiser, and does not regularise
 * its own intercept, hence fit_intercept=False and the explicit column. Our objective evaluates
 * both solutions; F(v_sklearn) and F(v_ours) must agree to 1e−6 relative, for the default λ = 1/n
 * and for λ = 0.01.
 *
 * <p><b>Iterations</b> (issue 5: "reaches a 1e−6 relative gap in about 33 iterations where Nesterov
 * needs over 1,000"): that holds at λ = 0.01, measured 31 gradient rounds (objective evaluations,
 * line-search trials included, so ≥ iterations) for L-BFGS and 1,426 for Nesterov with step 1/L. At
 * the default λ = 1/n the problem is far worse conditioned and L-BFGS needs ≈ 200 rounds (scipy's
 * L-BFGS-B: 179 iterations, so it is the problem, not our implementation).
 */
class FashionMnistLogisticTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final int N = 6000;
    private static final int TSHIRT = 0;
    private static final double RELATIVE = 1e-6;
    private static final double LAMBDA_CLAIM = 0.01;

    /**
     * Reads pixels (uint8, n×d) and labels (int8 ±1) from argv[1], fits each λ in argv[4:], prints
     * one line per λ: λ, n_iter, then the d+1 weights (repr: exact round trip).
     */
    private static final String SCRIPT =
            """
            import sys, warnings
            import numpy as np
            from sklearn.linear_model import LogisticRegression
            path, n, d = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
            raw = np.fromfile(path, dtype=np.uint8)
            x = raw[: n * d].reshape(n, d) / 255.0
            b = raw[n * d :].view(np.int8).astype(np.float64)
            x = np.hstack([x, np.ones((n, 1))])  # our intercept: a regularised constant-1 feature
            for lam in map(float, sys.argv[4:]):
                with warnings.catch_warnings():
                    warnings.simplefilter("error")  # a ConvergenceWarning fails the test
                    m = LogisticRegression(C=1.0 / (n * lam), fit_intercept=False,
                                           solver="lbfgs", tol=1e-12, max_iter=100000)
                    m.fit(x, b)
                print(repr(lam), int(m.n_iter_[0]), " ".join(repr(float(w)) for w in m.coef_[0]))
            """;

    private static DenseRows rows;
    private static List<RowRange> partitions;
    private static byte[] pixels;
    private static byte[] labels;
    private static int positives;

    @TempDir static Path tmp;

    @BeforeAll
    static void load() throws IOException {
        FashionMnist.Images images = FashionMnist.images(FashionMnist.TRAIN_IMAGES);
        int[] classes = FashionMnist.labels(FashionMnist.TRAIN_LABELS);
        int d = images.cols();
        double[] x = new double[N * d];
        double[] b = new double[N];
        pixels = new byte[N * d];
        labels = new byte[N];
        System.arraycopy(images.pixels(), 0, pixels, 0, N * d);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < d; j++) {
                x[i * d + j] = images.pixel(i, j) / 255.0;
            }
            b[i] = classes[i] == TSHIRT ? 1 : -1;
            labels[i] = (byte) b[i];
            positives += classes[i] == TSHIRT ? 1 : 0;
        }
        rows = (DenseRows) Intercept.append(new DenseRows(N, d, x, b));
        partitions = List.of(rows.range(0, 2000), rows.range(2000, 2000), rows.range(4000, 2000));
    }

    /** sklearn's weights per λ (fails, naming the package, if python3 or sklearn is missing). */
    private static Map<Double, double[]> sklearn(double... lambdas)
            throws IOException, InterruptedException {
        if (!Files.isExecutable(PYTHON)) {
            fail(PYTHON + " is missing: install Debian's python3-sklearn (.ci/run does it)");
        }
        Path data = tmp.resolve("fashion-subset.bin");
        byte[] out = new byte[pixels.length + labels.length];
        System.arraycopy(pixels, 0, out, 0, pixels.length);
        System.arraycopy(labels, 0, out, pixels.length, labels.length);
        Files.write(data, out);
        List<String> command = new ArrayList<>(List.of(PYTHON.toString(), "-c", SCRIPT));
        command.add(data.toString());
        command.add(Integer.toString(N));
        command.add(Integer.toString(rows.cols() - 1));
        for (double lambda : lambdas) {
            command.add(Double.toString(lambda));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        byte[] stdout = p.getInputStream().readAllBytes();
        byte[] stderr = p.getErrorStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            String err = new String(stderr, StandardCharsets.UTF_8);
            fail(
                    (err.contains("No module named")
                                    ? "scikit-learn (or numpy) is missing for " + PYTHON
                                    : "the scikit-learn reference failed")
                            + ": install Debian's python3-sklearn (.ci/run installs it)\n"
                            + err);
        }
        Map<Double, double[]> weights = new HashMap<>();
        for (String line : new String(stdout, StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.trim().split(" ");
            double[] w = new double[f.length - 2];
            for (int j = 0; j < w.length; j++) {
                w[j] = Double.parseDouble(f[2 + j]);
            }
            System.out.printf("sklearn λ=%s: %s L-BFGS-B iterations%n", f[0], f[1]);
            weights.put(Double.parseDouble(f[0]), w);
        }
        assertThat(weights).hasSize(lambdas.length);
        return weights;
    }

    /** Counts gradient rounds (evaluations) until F first reaches the target. */
    private static final class Counting implements Objective {
        final Objective f;
        final double target;
        int rounds;
        int firstWithin = -1;

        Counting(Objective f, double target) {
            this.f = f;
            this.target = target;
        }

        @Override
        public double[] evaluate(double[] v) {
            double[] fg = f.evaluate(v);
            rounds++;
            if (firstWithin < 0 && fg[0] <= target) {
                firstWithin = rounds;
            }
            return fg;
        }
    }

    @Test
    void ourOptimumMatchesScikitLearnAndLbfgsBeatsNesterov() throws Exception {
        double defaultLambda = 1.0 / N;
        Map<Double, double[]> reference = sklearn(defaultLambda, LAMBDA_CLAIM);
        assertThat(positives).isEqualTo(560); // T-shirts/tops among the first 6,000 images
        int d = rows.cols();
        Map<Double, Double> optimum = new HashMap<>();
        for (double lambda : List.of(defaultLambda, LAMBDA_CLAIM)) {
            LogisticObjective f = new LogisticObjective(partitions, lambda);
            // Gradient tolerance at the precision limit: stops when a line search can no longer
            // resolve a decrease.
            Result ours = new Lbfgs().minimize(f, new double[d], new Termination(5000, 1e-10));
            double fOurs = f.evaluate(ours.x())[0];
            double fSklearn = f.evaluate(reference.get(lambda))[0];
            System.out.printf(
                    "λ=%.6g: F(ours) = %.15f (%d iterations), F(sklearn) = %.15f, relative"
                            + " difference %.3e%n",
                    lambda, fOurs, ours.iterations(), fSklearn, (fOurs - fSklearn) / fSklearn);
            assertThat(Math.abs(fOurs - fSklearn)).isLessThanOrEqualTo(RELATIVE * fSklearn);
            optimum.put(lambda, Math.min(fOurs, fSklearn));
        }

        // The iteration claim, at λ = 0.01: L-BFGS within 60 rounds, Nesterov (step 1/L)
        // not within 10× as many (nor within 500).
        LogisticObjective f = new LogisticObjective(partitions, LAMBDA_CLAIM);
        double target = optimum.get(LAMBDA_CLAIM) * (1 + RELATIVE);
        Counting bfgs = new Counting(f, target);
        new Lbfgs().minimize(bfgs, new double[d], new Termination(5000, 1e-10));
        assertThat(bfgs.firstWithin).isBetween(1, 60);
        int cap = Math.max(10 * bfgs.firstWithin, 501);
        double step = 1 / Smoothness.logistic(partitions, LAMBDA_CLAIM, Seeds.generator(7));
        Counting nesterov = new Counting(f, target);
        Result rNes = new Nesterov(step).minimize(nesterov, new double[d], new Termination(cap, 0));
        System.out.printf(
                "rounds to a 1e-6 relative gap at λ=0.01: L-BFGS %d; Nesterov not within %d (gap"
                        + " there %.2e)%n",
                bfgs.firstWithin,
                cap,
                (rNes.value() - optimum.get(LAMBDA_CLAIM)) / optimum.get(LAMBDA_CLAIM));
        assertThat(nesterov.firstWithin).isEqualTo(-1);
        assertThat(nesterov.rounds).isGreaterThanOrEqualTo(cap);
    }
}
