package io.codedyarn.exportcheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A CSV with a header whose features have very different scales (so that the import's --standardize
 * matters, and model.json's raw-space coefficients, intercept and PCA mean are all exercised), an
 * lr label in {-1, 1} and an lsq target.
 */
final class Data {
    static final List<String> FEATURES = List.of("age", "income", "clicks", "hours");

    /** The raw feature rows, in FEATURES order. */
    final double[][] rows;

    private final double[] label;
    private final double[] target;

    Data(int n, long seed) {
        Random r = new Random(seed);
        rows = new double[n][];
        label = new double[n];
        target = new double[n];
        for (int i = 0; i < n; i++) {
            double age = 40 + 10 * r.nextGaussian();
            double income = 50_000 + 15_000 * r.nextGaussian() + 400 * (age - 40);
            double clicks = r.nextInt(21);
            double hours = 20 + 5 * r.nextGaussian();
            rows[i] = new double[] {age, income, clicks, hours};
            double z =
                    0.08 * (age - 40)
                            - 4e-5 * (income - 50_000)
                            + 0.2 * (clicks - 10)
                            + r.nextGaussian();
            label[i] = z > 0 ? 1 : -1;
            target[i] =
                    3
                            + 0.5 * age
                            + 1e-4 * income
                            - 0.7 * clicks
                            + 0.3 * hours
                            + 0.1 * r.nextGaussian();
        }
    }

    /** Writes the CSV: the features, then a column {@code label} (lr) or {@code target} (lsq). */
    Path csv(Path file, boolean classification) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", FEATURES) + (classification ? ",label" : ",target"));
        for (int i = 0; i < rows.length; i++) {
            StringBuilder s = new StringBuilder();
            for (double x : rows[i]) {
                s.append(String.format(Locale.ROOT, "%s,", Double.toString(x)));
            }
            s.append(
                    classification ? Integer.toString((int) label[i]) : Double.toString(target[i]));
            lines.add(s.toString());
        }
        Files.write(file, lines);
        return file;
    }
}
