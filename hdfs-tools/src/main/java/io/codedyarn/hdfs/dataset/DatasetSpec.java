package io.codedyarn.hdfs.dataset;

import java.util.List;
import java.util.Map;

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
 */
public record DatasetSpec(
        Storage storage,
        int cols,
        LabelSpec labels,
        List<Transformation> transformations,
        Long seed,
        Map<String, Object> source) {

    public DatasetSpec {
        if (storage == null || labels == null) {
            throw new IllegalArgumentException("storage and labels are required");
        }
        if (cols < 1) {
            throw new IllegalArgumentException("need cols >= 1, got " + cols);
        }
        transformations = List.copyOf(transformations == null ? List.of() : transformations);
        source = ManifestJson.canonical(source == null ? Map.of() : source);
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
        return new DatasetSpec(storage, cols, labels, transformations, newSeed, source);
    }

    public DatasetSpec withSource(Map<String, Object> newSource) {
        return new DatasetSpec(storage, cols, labels, transformations, seed, newSource);
    }

    public DatasetSpec withTransformations(List<Transformation> newTransformations) {
        return new DatasetSpec(storage, cols, labels, newTransformations, seed, source);
    }

    public DatasetSpec withCols(int newCols) {
        return new DatasetSpec(storage, newCols, labels, transformations, seed, source);
    }

    public DatasetSpec withLabels(LabelSpec newLabels) {
        return new DatasetSpec(storage, cols, newLabels, transformations, seed, source);
    }
}
