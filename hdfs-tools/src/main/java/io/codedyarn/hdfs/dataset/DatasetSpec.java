package io.codedyarn.hdfs.dataset;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Everything about a dataset that is known before its rows are written: what a {@link
 * DatasetWriter} needs. The manifest adds the row count and the blocks on commit.
 *
 * @param storage dense or CSR
 * @param cols number of feature columns (≥ 1)
 * @param labels whether rows carry labels, and which values are allowed
 * @param transformations preprocessing steps already applied, in order (may be empty)
 * @param seed the seed that produced the dataset (generator, shuffle), or {@code null}
 * @param source free-form provenance: importer or generator name and its arguments; values must be
 *     JSON-serialisable (strings, numbers, booleans, lists, maps)
 * @param features how the importer named its columns ({@code null}: {@link FeatureNames#INDEXED});
 *     a {@link FeatureNames.Listed} names every column but those a transformation appended
 */
public record DatasetSpec(
        Storage storage,
        int cols,
        LabelSpec labels,
        List<Transformation> transformations,
        Long seed,
        Map<String, Object> source,
        FeatureNames features) {

    /** The name of the column an {@code intercept} transformation appended. */
    public static final String INTERCEPT_NAME = "intercept";

    public DatasetSpec {
        if (storage == null || labels == null) {
            throw new IllegalArgumentException("storage and labels are required");
        }
        if (cols < 1) {
            throw new IllegalArgumentException("need cols >= 1, got " + cols);
        }
        transformations = List.copyOf(transformations == null ? List.of() : transformations);
        source = ManifestJson.canonical(source == null ? Map.of() : source);
        features = features == null ? FeatureNames.INDEXED : features;
        if (features instanceof FeatureNames.Listed l) {
            int named = cols - appendedColumns(transformations, cols).size();
            if (l.names().size() != named) {
                throw new IllegalArgumentException(
                        l.names().size()
                                + " feature names for "
                                + named
                                + " columns (cols "
                                + cols
                                + " less the columns transformations appended)");
            }
        }
    }

    /** A spec whose columns are named {@code x0, x1, …} ({@link FeatureNames#INDEXED}). */
    public DatasetSpec(
            Storage storage,
            int cols,
            LabelSpec labels,
            List<Transformation> transformations,
            Long seed,
            Map<String, Object> source) {
        this(storage, cols, labels, transformations, seed, source, FeatureNames.INDEXED);
    }

    /** A dense spec with no transformations, seed or source. */
    public static DatasetSpec dense(int cols, LabelSpec labels) {
        return new DatasetSpec(Storage.DENSE, cols, labels, List.of(), null, Map.of());
    }

    /** A CSR spec with no transformations, seed or source. */
    public static DatasetSpec csr(int cols, LabelSpec labels) {
        return new DatasetSpec(Storage.CSR, cols, labels, List.of(), null, Map.of());
    }

    public DatasetSpec withSeed(Long newSeed) {
        return new DatasetSpec(storage, cols, labels, transformations, newSeed, source, features);
    }

    public DatasetSpec withSource(Map<String, Object> newSource) {
        return new DatasetSpec(storage, cols, labels, transformations, seed, newSource, features);
    }

    public DatasetSpec withTransformations(List<Transformation> newTransformations) {
        return new DatasetSpec(storage, cols, labels, newTransformations, seed, source, features);
    }

    public DatasetSpec withCols(int newCols) {
        return new DatasetSpec(storage, newCols, labels, transformations, seed, source, features);
    }

    public DatasetSpec withLabels(LabelSpec newLabels) {
        return new DatasetSpec(storage, cols, newLabels, transformations, seed, source, features);
    }

    public DatasetSpec withFeatures(FeatureNames newFeatures) {
        return new DatasetSpec(storage, cols, labels, transformations, seed, source, newFeatures);
    }

    /**
     * Every column's name, in column order: {@value #INTERCEPT_NAME} for a column an {@code
     * intercept} transformation appended, the importer's name ({@link #features}) for the others.
     */
    public List<String> featureNames() {
        Set<Integer> appended = appendedColumns(transformations, cols);
        List<String> out = new ArrayList<>(cols);
        int named = 0;
        for (int c = 0; c < cols; c++) {
            out.add(appended.contains(c) ? INTERCEPT_NAME : features.name(named++));
        }
        return out;
    }

    /**
     * The all-ones columns {@code intercept} transformations appended (their {@code column}), in
     * order; an unreadable or out-of-range one is not counted.
     */
    public List<Integer> interceptColumns() {
        return List.copyOf(appendedColumns(transformations, cols));
    }

    private static SortedSet<Integer> appendedColumns(
            List<Transformation> transformations, int cols) {
        SortedSet<Integer> out = new TreeSet<>();
        for (Transformation t : transformations) {
            if (Transformation.INTERCEPT.equals(t.name())
                    && t.params().get("column") instanceof Long c
                    && c >= 0
                    && c < cols) {
                out.add(c.intValue());
            }
        }
        return out;
    }
}
