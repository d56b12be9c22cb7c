package io.codedyarn.compute.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The metrics against scikit-learn's values on the cases of {@code
 * testdata/sklearn/make-metric-cases.py} (seeded; many tied scores; probabilities 0 and 1): every
 * figure to 1e-12 (relative for the unbounded ones: log loss, RMSE, MAE, reconstruction error).
 */
class MetricsAgainstScikitLearnTest {
    private static final double TOL = 1e-12;

    record Case(String[] head, double[] a, double[] b, double[] expect) {}

    static List<Case> cases() throws IOException {
        String text;
        try (InputStream in =
                MetricsAgainstScikitLearnTest.class.getResourceAsStream("sklearn-cases.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> lines = new ArrayList<>();
        for (String l : text.split("\n")) {
            if (!l.startsWith("#") && !l.isBlank()) {
                lines.add(l);
            }
        }
        List<Case> out = new ArrayList<>();
        for (int i = 0; i + 3 < lines.size() + 1; i += 4) {
            out.add(
                    new Case(
                            lines.get(i).split(" "),
                            numbers(lines.get(i + 1)),
                            numbers(lines.get(i + 2)),
                            numbers(lines.get(i + 3))));
        }
        return out;
    }

    private static double[] numbers(String line) {
        String[] f = line.split(" ");
        return Arrays.stream(f, 1, f.length).mapToDouble(Double::parseDouble).toArray();
    }

    private static void close(double actual, double expected, boolean relative) {
        double scale = relative ? Math.max(1, Math.abs(expected)) : 1;
        assertThat(actual).isCloseTo(expected, within(TOL * scale));
    }

    @Test
    void binaryMetricsEqualScikitLearns() throws IOException {
        int seen = 0;
        for (Case c : cases()) {
            if (!c.head()[0].equals("binary")) {
                continue;
            }
            seen++;
            BinaryMetrics m = BinaryMetrics.of(c.a(), c.b(), Double.parseDouble(c.head()[1]));
            double[] e = c.expect();
            close(m.logLoss(), e[0], true);
            close(m.accuracy(), e[1], false);
            close(m.precision(), e[2], false);
            close(m.recall(), e[3], false);
            close(m.f1(), e[4], false);
            close(m.rocAuc(), e[5], false);
            close(m.prAuc(), e[6], false);
            assertThat(m.confusion())
                    .isEqualTo(
                            new BinaryMetrics.Confusion(
                                    (long) e[7], (long) e[8], (long) e[9], (long) e[10]));
            assertThat(m.rows()).isEqualTo(c.a().length);
        }
        assertThat(seen).isEqualTo(5);
    }

    @Test
    void regressionMetricsEqualScikitLearns() throws IOException {
        int seen = 0;
        for (Case c : cases()) {
            if (c.head()[0].equals("regression")) {
                seen++;
                RegressionMetrics m = RegressionMetrics.of(c.a(), c.b());
                close(m.rmse(), c.expect()[0], true);
                close(m.mae(), c.expect()[1], true);
                close(m.r2(), c.expect()[2], false);
            }
        }
        assertThat(seen).isEqualTo(2);
    }

    @Test
    void pcaMetricsEqualScikitLearns() throws IOException {
        int seen = 0;
        for (Case c : cases()) {
            if (!c.head()[0].equals("pca")) {
                continue;
            }
            seen++;
            int k = Integer.parseInt(c.head()[1]);
            int d = Integer.parseInt(c.head()[2]);
            double[][] v = new double[k][];
            for (int i = 0; i < k; i++) {
                v[i] = Arrays.copyOfRange(c.a(), i * d, (i + 1) * d);
            }
            double[][] x = new double[c.b().length / d][];
            for (int i = 0; i < x.length; i++) {
                x[i] = Arrays.copyOfRange(c.b(), i * d, (i + 1) * d);
            }
            PcaMetrics m = PcaMetrics.of(x, v);
            double total = 0;
            for (int i = 0; i < k; i++) {
                close(m.explainedVarianceRatio()[i], c.expect()[i], false);
                total += c.expect()[i];
            }
            close(m.total(), total, false);
            close(m.reconstructionError(), c.expect()[k], true);
            assertThat(m.rows()).isEqualTo(x.length);
        }
        assertThat(seen).isEqualTo(2);
    }
}
