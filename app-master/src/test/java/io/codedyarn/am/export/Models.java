package io.codedyarn.am.export;

import io.codedyarn.am.output.ModelJson;
import java.util.List;

/** Small models of each workload, as model.json holds them. */
public final class Models {
    private Models() {}

    public static final List<String> NAMES = List.of("age", "income", "clicks");

    public static ModelJson.Training training() {
        return new ModelJson.Training("cyclic", "SUCCEEDED", 0.5, 1e-9, 20, 1.5, "train");
    }

    public static ModelJson.Model lr() {
        return linear("lr", new double[] {0.75, -1.25e-3, 2.5}, -0.125, 1e-3);
    }

    public static ModelJson.Model lsq() {
        return linear(
                "lsq",
                new double[] {32.39558502315145, 1.0668013139982928, -0.37883372460421405},
                54.23021580137924,
                0.0);
    }

    private static ModelJson.Model linear(
            String workload, double[] coefficients, double intercept, double lambda) {
        return new ModelJson.Model(
                ModelJson.FORMAT,
                ModelJson.FORMAT_VERSION,
                workload,
                NAMES,
                coefficients,
                intercept,
                lambda,
                null,
                null,
                null,
                null,
                training(),
                new ModelJson.Dataset(123L, 100, 3, List.of()));
    }

    /** {@code m} (lr or lsq) with other feature names. */
    public static ModelJson.Model withFeatures(ModelJson.Model m, List<String> features) {
        return new ModelJson.Model(
                m.format(),
                m.formatVersion(),
                m.workload(),
                features,
                m.coefficients(),
                m.intercept(),
                m.lambda(),
                m.components(),
                m.mean(),
                m.explainedVariance(),
                m.standardization(),
                m.training(),
                m.dataset());
    }

    /** Two components of three features; {@code mean} as given (non-zero after standardising). */
    public static ModelJson.Model pca(double[] mean) {
        return new ModelJson.Model(
                ModelJson.FORMAT,
                ModelJson.FORMAT_VERSION,
                "pca",
                NAMES,
                null,
                null,
                null,
                new double[][] {{0.6, 0.8, 0.0}, {-0.8, 0.6, 0.1}},
                mean,
                new double[] {0.7, 0.2},
                null,
                training(),
                new ModelJson.Dataset(123L, 100, 3, List.of()));
    }
}
