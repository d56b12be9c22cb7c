package io.codedyarn.placement.json;

import io.codedyarn.placement.FamilySettings;
import java.util.Arrays;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * Reads a plan document's family settings back: the inverse of {@link FamilySettings#describe} plus
 * the per-worker {@code group}, {@code batch} and {@code subpartitions} arrays. The family is told
 * by its keys, which no two families share: {@code w} (SAG, DSAG, SGD), {@code staleness} (SSP),
 * {@code F} (LAG family), {@code ranking} (GC-DC), {@code shifts} (GC-SC); else a batch or a group
 * given to some worker (BCC, hetero-group); else none. A value that does not parse is an error
 * naming the document and the key.
 */
final class FamilyReader {
    private final Map<String, String> parameters;
    private final String source;

    private FamilyReader(Map<String, String> parameters, String source) {
        this.parameters = parameters;
        this.source = source;
    }

    /**
     * @param source names the document in errors (a file, or "plan --json")
     * @throws IllegalArgumentException naming {@code source} and the key whose value is missing or
     *     does not parse
     */
    static FamilySettings read(
            Map<String, String> parameters,
            int[] group,
            int[] batch,
            int[] subpartitions,
            String source) {
        FamilyReader r = new FamilyReader(parameters, source);
        if (parameters.containsKey("w")) {
            int p = r.integer("subpartitions");
            if (Arrays.stream(subpartitions).anyMatch(x -> x != p)) {
                throw r.bad("subpartitions", "differs from the workers' " + show(subpartitions));
            }
            int w = r.integer("w");
            return r.settings("w", () -> new FamilySettings.Asynchronous(w, p));
        }
        if (parameters.containsKey("staleness")) {
            int staleness = r.integer("staleness");
            return r.settings("staleness", () -> new FamilySettings.StaleSynchronous(staleness));
        }
        if (parameters.containsKey("F")) {
            int f = r.integer("F");
            return r.settings("F", () -> new FamilySettings.Lazy(f, group));
        }
        if (parameters.containsKey("ranking")) {
            String ranking = parameters.get("ranking");
            if (!ranking.equals("once") && !ranking.equals("per-round")) {
                throw r.bad("ranking", "must be once or per-round, got '" + ranking + "'");
            }
            FamilySettings.Clusters layout = r.clusters(group);
            OptionalDouble threshold =
                    parameters.containsKey("threshold")
                            ? OptionalDouble.of(r.number("threshold"))
                            : OptionalDouble.empty();
            boolean lemma1 = r.bool("lemma1");
            return r.settings(
                    "threshold",
                    () ->
                            new FamilySettings.DynamicClusters(
                                    layout, lemma1, ranking.equals("per-round"), threshold));
        }
        if (parameters.containsKey("shifts")) {
            return r.clusters(group);
        }
        if (Arrays.stream(batch).anyMatch(b -> b >= 0)) {
            return new FamilySettings.Batches(batch);
        }
        if (Arrays.stream(group).anyMatch(g -> g >= 0)) {
            return new FamilySettings.Groups(group);
        }
        return new FamilySettings.None();
    }

    private FamilySettings.Clusters clusters(int[] group) {
        int clusters = integer("clusters");
        int stragglers = integer("stragglers");
        int[][] shifts = shifts("shifts");
        return settings(
                "clusters", () -> new FamilySettings.Clusters(clusters, stragglers, shifts, group));
    }

    /** "σ_{0,0},σ_{0,1};σ_{1,0},…" ({@link FamilySettings.Clusters#shiftsText}). */
    private int[][] shifts(String key) {
        String[] groups = text(key).split(";", -1);
        int[][] s = new int[groups.length][];
        for (int g = 0; g < groups.length; g++) {
            String[] layers = groups[g].split(",", -1);
            s[g] = new int[layers.length];
            for (int q = 0; q < layers.length; q++) {
                try {
                    s[g][q] = Integer.parseInt(layers[q]);
                } catch (NumberFormatException e) {
                    throw bad(key, "'" + text(key) + "' is not ';'-separated groups of ints");
                }
            }
        }
        return s;
    }

    private String text(String key) {
        String v = parameters.get(key);
        if (v == null) {
            throw bad(key, "is missing");
        }
        return v;
    }

    private int integer(String key) {
        try {
            return Integer.parseInt(text(key));
        } catch (NumberFormatException e) {
            throw bad(key, "'" + text(key) + "' is not an integer");
        }
    }

    private double number(String key) {
        try {
            return Double.parseDouble(text(key));
        } catch (NumberFormatException e) {
            throw bad(key, "'" + text(key) + "' is not a number");
        }
    }

    private boolean bool(String key) {
        String v = text(key);
        if (!v.equals("true") && !v.equals("false")) {
            throw bad(key, "'" + v + "' is not true or false");
        }
        return v.equals("true");
    }

    /** A record's own checks (w >= 1, clusters dividing the workers...), named after key. */
    private <F extends FamilySettings> F settings(String key, Supplier<F> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw bad(key, "does not fit: " + e.getMessage());
        }
    }

    private IllegalArgumentException bad(String key, String why) {
        return new IllegalArgumentException(source + ": parameter \"" + key + "\" " + why);
    }

    private static String show(int[] a) {
        return Arrays.toString(a);
    }
}
