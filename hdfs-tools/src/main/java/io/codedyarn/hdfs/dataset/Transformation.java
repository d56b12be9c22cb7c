package io.codedyarn.hdfs.dataset;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One preprocessing step recorded in the manifest's ordered {@code transformations} list, so a
 * dataset says how it was derived. In JSON a step is an object with {@code name} plus its
 * parameters at the same level, e.g. {@code {"name":"shuffle","seed":7}}.
 *
 * <p>Known names (others are kept verbatim, so importers may record their own steps):
 *
 * <ul>
 *   <li>{@code shuffle}: {@code seed} (the {@link RowPermutation} seed): output row i (0-based) is
 *       input row {@code RowPermutation.of(rows, seed).apply(i)}.
 *   <li>{@code standardize}: {@code means}, {@code stds} (per input column; a column with std 0 is
 *       only centred), {@code centered} (false for CSR, which is only scaled).
 *   <li>{@code intercept}: {@code column} (0-based index of the appended all-ones column).
 *   <li>{@code binary-labels}: {@code positive} (labels mapped to +1; all others to −1).
 * </ul>
 *
 * @param name the step's name
 * @param params its parameters: values are {@link Long}, {@link Double}, {@link Boolean}, {@link
 *     String}, or {@code List<Double>} for number arrays
 */
public record Transformation(String name, Map<String, Object> params) {
    public static final String SHUFFLE = "shuffle";
    public static final String STANDARDIZE = "standardize";
    public static final String INTERCEPT = "intercept";
    public static final String BINARY_LABELS = "binary-labels";

    public Transformation {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("transformation without a name");
        }
        if (params.containsKey("name")) {
            throw new IllegalArgumentException("transformation parameter may not be called 'name'");
        }
        params = ManifestJson.canonical(params);
    }

    public static Transformation shuffle(long seed) {
        return new Transformation(SHUFFLE, Map.of("seed", seed));
    }

    public static Transformation standardize(double[] means, double[] stds, boolean centered) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("centered", centered);
        p.put("means", toList(means));
        p.put("stds", toList(stds));
        return new Transformation(STANDARDIZE, p);
    }

    public static Transformation intercept(int column) {
        return new Transformation(INTERCEPT, Map.of("column", (long) column));
    }

    public static Transformation binaryLabels(double[] positive) {
        return new Transformation(BINARY_LABELS, Map.of("positive", toList(positive)));
    }

    /** An integer parameter; throws if absent or not an integer. */
    public long longParam(String key) {
        Object v = params.get(key);
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Integer i) {
            return i;
        }
        throw new IllegalArgumentException(
                "transformation '" + name + "' has no integer parameter '" + key + "'");
    }

    /** A number-array parameter; throws if absent or not a list of numbers. */
    public double[] doublesParam(String key) {
        if (params.get(key) instanceof List<?> list) {
            double[] out = new double[list.size()];
            for (int i = 0; i < out.length; i++) {
                if (!(list.get(i) instanceof Number n)) {
                    throw new IllegalArgumentException(
                            "transformation '" + name + "' parameter '" + key + "' is not numeric");
                }
                out[i] = n.doubleValue();
            }
            return out;
        }
        throw new IllegalArgumentException(
                "transformation '" + name + "' has no number-array parameter '" + key + "'");
    }

    static List<Double> toList(double[] values) {
        List<Double> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(v);
        }
        return Collections.unmodifiableList(out);
    }
}
