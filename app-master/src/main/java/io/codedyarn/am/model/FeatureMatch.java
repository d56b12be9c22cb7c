package io.codedyarn.am.model;

import io.codedyarn.am.output.ModelJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which stored column of a dataset holds each of a model's features, matched by NAME (not by
 * position). An all-ones column that the dataset's {@code intercept} step appended is not a feature
 * (the model's intercept is its own field) unless the model lists a feature of its name (a PCA
 * model trained on such a dataset). A dataset feature the model does not have, or a model feature
 * the dataset lacks, is an error naming it; with {@code allowMissing} a missing feature is filled
 * with the training mean, the centre of the model's standardisation (PCA without one: its {@code
 * mean}, so the feature adds nothing to the scores).
 *
 * @param column per model feature, its dataset column; −1 when missing
 * @param fill per model feature, the raw value a missing one takes (NaN where not missing)
 * @param missing the names of the filled features, in model order
 */
public record FeatureMatch(int[] column, double[] fill, List<String> missing) {

    /**
     * Matches {@code model}'s features to a dataset's columns.
     *
     * @param names every stored column's name, in column order
     * @param interceptColumns the dataset's appended all-ones columns
     * @param data the dataset as the user named it, for messages
     * @throws IllegalArgumentException naming the feature (and {@code --allow-missing} where it
     *     would help)
     */
    public static FeatureMatch of(
            ModelJson.Model model,
            List<String> names,
            List<Integer> interceptColumns,
            boolean allowMissing,
            String data) {
        List<String> features = model.features();
        Set<String> wanted = Set.copyOf(features);
        Map<String, Integer> byName = new HashMap<>();
        for (int c = 0; c < names.size(); c++) {
            String name = names.get(c);
            boolean intercept = interceptColumns.contains(c);
            if (intercept && !wanted.contains(name)) {
                continue;
            }
            if (!wanted.contains(name)) {
                throw new IllegalArgumentException(
                        "--data "
                                + data
                                + ": its feature '"
                                + name
                                + "' (column "
                                + c
                                + ") is not one of the model's "
                                + features.size()
                                + " features ("
                                + preview(features)
                                + "): the model was trained on other columns");
            }
            Integer before = byName.put(name, c);
            if (before != null) {
                throw new IllegalArgumentException(
                        "--data "
                                + data
                                + ": the feature name '"
                                + name
                                + "' is on columns "
                                + before
                                + " and "
                                + c
                                + ", so the model's feature of that name is ambiguous");
            }
        }
        int[] column = new int[features.size()];
        double[] fill = new double[features.size()];
        List<String> missing = new ArrayList<>();
        for (int f = 0; f < features.size(); f++) {
            Integer c = byName.get(features.get(f));
            fill[f] = Double.NaN;
            if (c != null) {
                column[f] = c;
                continue;
            }
            column[f] = -1;
            missing.add(features.get(f));
            fill[f] = fillValue(model, f, allowMissing, data);
        }
        return new FeatureMatch(column, fill, missing);
    }

    private static double fillValue(
            ModelJson.Model model, int f, boolean allowMissing, String data) {
        String name = model.features().get(f);
        if (!allowMissing) {
            throw new IllegalArgumentException(
                    "--data "
                            + data
                            + ": the model's feature '"
                            + name
                            + "' is not in the dataset; give --allow-missing to fill it with the"
                            + " training mean");
        }
        if (model.standardization() != null) {
            return model.standardization().centre()[f];
        }
        if (model.mean() != null) {
            return model.mean()[f];
        }
        throw new IllegalArgumentException(
                "--allow-missing: the model carries no training mean for its feature '"
                        + name
                        + "' (it was trained without --standardize), so the dataset "
                        + data
                        + " cannot go without it");
    }

    private static String preview(List<String> names) {
        int shown = Math.min(5, names.size());
        String head = String.join(", ", names.subList(0, shown));
        return names.size() > shown ? head + ", ..." : head;
    }
}
