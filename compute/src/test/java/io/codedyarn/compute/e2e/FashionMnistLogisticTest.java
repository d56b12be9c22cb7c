package io.codedyarn.compute.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.compute.model.Objective;
import io.codedyarn.compute.model.Smoothness;
import io.codedyarn.compute.optim.Lbfgs;
import io.codedyarn.compute.optim.Nesterov;
import io.codedyarn.compute.optim.Result;
import io.codedyarn.compute.optim.Termination;
import io.codedyarn.placement.Seeds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end logistic regression on real data against scikit-learn (issue 5).
 *
 * <p><b>Task:</b> the first n Fashion-MNIST training images, b = +1 for "T-shirt/top" (class 0) and
 * −1 for every other class; features are the 784 pixels scaled to [0, 1] (p/255, not standardised)
 * plus the constant-1 intercept column ({@link Intercept}, regularised like the others); F(v) =
 * (1/n) Σ log(1 + exp(−b⟨x, v⟩)) + (λ/2)‖v‖².
 *
 * <p><b>Reference:</b> scikit-learn's {@code LogisticRegression(C = 1/(nλ), fit_intercept=False,
 * solver="lbfgs", tol=1e-12)} on the same pixels with the ones column appended in Python: sklearn
 * minimises C·Σℓ + ½‖w‖² = C·n·F(w), the same minimiser, and does not regularise its own intercept,
 * hence fit_intercept=False and the explicit column. Our objective evaluates both solutions;
 * F(v_sklearn) and F(v_ours) must agree to 1e−6 relative, for the default λ = 1/n and for λ = 0.01.
 *
 * <ul>
 *   <li>Default build: n = 2,000 from the committed subset, against the weights scikit-learn
 *       computed once ({@code testdata/fashion-mnist/make-reference.py}, stored in {@code
 *       reference.txt} with repr, an exact round trip).
 *   <li>{@code system} profile: n = 6,000 from Debian's {@code dataset-fashion-mnist}, against a
 *       live run of Debian's {@code /usr/bin/python3} with {@code python3-sklearn}.
 * </ul>
 *
 * <p><b>Iterations</b> (issue 5: "reaches a 1e−6 relative gap in about 33 iterations where Nesterov
 * needs over 1,000"): that holds at λ = 0.01 (n = 6,000: 31 gradient rounds, line-search trials
 * included, for L-BFGS and 1,426 for Nesterov with step 1/L). At the default λ = 1/n the problem is
 * far worse conditioned and L-BFGS needs ≈ 200 rounds (scipy's L-BFGS-B: 179 iterations, so it is
 * the problem, not our implementation).
 */
class FashionMnistLogisticTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final Path DEBIAN = Path.of("/usr/share/datasets/fashion-mnist");
    private static final int TSHIRT = 0;
    private static final double RELATIVE = 1e-6;
    private static final double LAMBDA_CLAIM = 0.01;

    /**
     * Reads pixels (uint8, n×d) and labels (int8 ±1) from argv[1], fits each λ in argv[4:], prints
     * one line per λ: λ, n_iter, then the d+1 weights (repr: exact round trip). The same fit as
     * testdata/fashion-mnist/make-reference.py.
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

    @TempDir Path tmp;

    /** The first n images as the task's rows, with the raw bytes for Python. */
    private record Task(DenseRows rows, List<RowRange> partitions, byte[] pixels, byte[] labels) {
        int positives() {
            int p = 0;
            for (byte b : labels) {
                p += b > 0 ? 1 : 0;
            }
            return p;
        }

        int n() {
            return labels.length;
        }
    }

    private static Task task(Path imagesFile, Path labelsFile, int n) throws IOException {
        FashionMnist.Images images = FashionMnist.images(imagesFile);
        int[] classes = FashionMnist.labels(labelsFile);
        int d = images.cols();
        double[] x = new double[n * d];
        double[] b = new double[n];
        byte[] pixels = new byte[n * d];
        byte[] labels = new byte[n];
        System.arraycopy(images.pixels(), 0, pixels, 0, n * d);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                x[i * d + j] = images.pixel(i, j) / 255.0;
            }
            b[i] = classes[i] == TSHIRT ? 1 : -1;
            labels[i] = (byte) b[i];
        }
        DenseRows rows = (DenseRows) Intercept.append(new DenseRows(n, d, x, b));
        int third = n / 3;
        List<RowRange> partitions =
                List.of(
                        rows.range(0, third),
                        rows.range(third, third),
                        rows.range(2 * third, n - 2 * third));
        return new Task(rows, partitions, pixels, labels);
    }

    @Test
    void matchesScikitLearnOnTheCommittedSubset() throws IOException {
        Map<String, List<String>> ref = FashionMnist.reference();
        int n = Integer.parseInt(ref.get("rows").get(0));
        Task t =
                task(
                        FashionMnist.testdata("train-images-idx3-ubyte-first" + n + ".gz"),
                        FashionMnist.testdata("train-labels-idx1-ubyte-first" + n + ".gz"),
                        n);
        assertThat(t.positives()).isEqualTo(Integer.parseInt(ref.get("positives").get(0)));
        Map<Double, double[]> weights = new HashMap<>();
        for (Map.Entry<String, List<String>> e : ref.entrySet()) {
            if (e.getKey().startsWith("lr ")) {
                weights.put(Double.parseDouble(e.getKey().substring(3)), parse(e.getValue(), 1));
            }
        }
        checkOptimaAndIterations(t, weights);
    }

    @Test
    @Tag("system")
    void matchesLiveScikitLearnOnDebiansFullData() throws Exception {
        Task t =
                task(
                        DEBIAN.resolve("train-images-idx3-ubyte.gz"),
                        DEBIAN.resolve("train-labels-idx1-ubyte.gz"),
                        6000);
        assertThat(t.positives()).isEqualTo(560); // T-shirts/tops among the first 6,000 images
        checkOptimaAndIterations(t, sklearn(t, 1.0 / t.n(), LAMBDA_CLAIM));
    }

    private static double[] parse(List<String> words, int from) {
        double[] w = new double[words.size() - from];
        for (int j = 0; j < w.length; j++) {
            w[j] = Double.parseDouble(words.get(from + j));
        }
        return w;
    }

    /** sklearn's weights per λ (fails, naming the package, if python3 or sklearn is missing). */
    private Map<Double, double[]> sklearn(Task t, double... lambdas)
            throws IOException, InterruptedException {
        if (!Files.isExecutable(PYTHON)) {
            fail(PYTHON + " is missing: install Debian's python3-sklearn (.ci/run does it)");
        }
        Path data = tmp.resolve("fashion-subset.bin");
        byte[] out = new byte[t.pixels().length + t.labels().length];
        System.arraycopy(t.pixels(), 0, out, 0, t.pixels().length);
        System.arraycopy(t.labels(), 0, out, t.pixels().length, t.labels().length);
        Files.write(data, out);
        List<String> command = new ArrayList<>(List.of(PYTHON.toString(), "-c", SCRIPT));
        command.add(data.toString());
        command.add(Integer.toString(t.n()));
        command.add(Integer.toString(t.rows().cols() - 1));
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
            List<String> f = List.of(line.trim().split(" "));
            System.out.printf("sklearn λ=%s: %s L-BFGS-B iterations%n", f.get(0), f.get(1));
            weights.put(Double.parseDouble(f.get(0)), parse(f, 2));
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

    /**
     * F(v_ours) = F(v_sklearn) to 1e−6 relative at λ = 1/n and λ = 0.01; then the iteration
     * claim at λ = 0.01: L-BFGS within 60 rounds, Nesterov (step 1/L) not within 10× as many (nor
     * within 500).
     */
    private static void checkOptimaAndIterations(Task t, Map<Double, double[]> reference) {
        double defaultLambda = 1.0 / t.n();
        assertThat(reference).containsKeys(defaultLambda, LAMBDA_CLAIM);
        int d = t.rows().cols();
        Map<Double, Double> optimum = new HashMap<>();
        for (double lambda : List.of(defaultLambda, LAMBDA_CLAIM)) {
            LogisticObjective f = new LogisticObjective(t.partitions(), lambda);
            assertThat(reference.get(lambda)).hasSize(d);
            // Gradient tolerance at the precision limit: stops when a line search can no longer
            // resolve a decrease.
            Result ours = new Lbfgs().minimize(f, new double[d], new Termination(5000, 1e-10));
            double fOurs = f.evaluate(ours.x())[0];
            double fSklearn = f.evaluate(reference.get(lambda))[0];
            System.out.printf(
                    "n=%d λ=%.6g: F(ours) = %.15f (%d iterations), F(sklearn) = %.15f, relative"
                            + " difference %.3e%n",
                    t.n(),
                    lambda,
                    fOurs,
                    ours.iterations(),
                    fSklearn,
                    (fOurs - fSklearn) / fSklearn);
            assertThat(Math.abs(fOurs - fSklearn)).isLessThanOrEqualTo(RELATIVE * fSklearn);
            optimum.put(lambda, Math.min(fOurs, fSklearn));
        }

        LogisticObjective f = new LogisticObjective(t.partitions(), LAMBDA_CLAIM);
        double target = optimum.get(LAMBDA_CLAIM) * (1 + RELATIVE);
        Counting bfgs = new Counting(f, target);
        new Lbfgs().minimize(bfgs, new double[d], new Termination(5000, 1e-10));
        assertThat(bfgs.firstWithin).isBetween(1, 60);
        int cap = Math.max(10 * bfgs.firstWithin, 501);
        double step = 1 / Smoothness.logistic(t.partitions(), LAMBDA_CLAIM, Seeds.generator(7));
        Counting nesterov = new Counting(f, target);
        Result rNes = new Nesterov(step).minimize(nesterov, new double[d], new Termination(cap, 0));
        System.out.printf(
                "n=%d: rounds to a 1e-6 relative gap at λ=0.01: L-BFGS %d; Nesterov not within %d"
                        + " (gap there %.2e)%n",
                t.n(),
                bfgs.firstWithin,
                cap,
                (rNes.value() - optimum.get(LAMBDA_CLAIM)) / optimum.get(LAMBDA_CLAIM));
        assertThat(nesterov.firstWithin).isEqualTo(-1);
        assertThat(nesterov.rounds).isGreaterThanOrEqualTo(cap);
    }
}
