package io.codedyarn.am.model;

import io.codedyarn.compute.task.Workload;
import io.codedyarn.hdfs.dataset.Manifest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The columns of {@code predict}'s output: the input's columns that {@code --keep-columns} chose,
 * then the model's outputs (lr {@code probability,prediction}: P(+1) and the predicted ±1 label,
 * lsq {@code prediction}, pca {@code pc1..pck}). A kept name is a feature of the dataset (its raw
 * value, any standardisation of the dataset undone), else {@code row} (the 1-based row number) or
 * {@code label} (the dataset's label).
 */
public record PredictionColumns(List<Column> columns) {
    public PredictionColumns {
        columns = List.copyOf(columns);
    }

    /** What a column holds. */
    public enum Kind {
        ROW,
        LABEL,
        FEATURE,
        OUTPUT,
        PREDICTED_LABEL
    }

    /**
     * One column.
     *
     * @param index FEATURE: the dataset column; OUTPUT: the model output; else unused
     */
    public record Column(String name, Kind kind, int index) {
        /** Whether it holds whole numbers (row numbers, predicted ±1 labels). */
        public boolean integral() {
            return kind == Kind.ROW || kind == Kind.PREDICTED_LABEL;
        }
    }

    /**
     * The columns for {@code keep} (names, in order; empty: none) and the bound model.
     *
     * @throws IllegalArgumentException naming {@code --keep-columns}: an unknown or repeated name,
     *     or one an output has
     */
    public static PredictionColumns of(List<String> keep, Manifest manifest, BoundModel model) {
        List<String> names = manifest.spec().featureNames();
        List<Column> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String k : keep) {
            int col = names.indexOf(k);
            if (col >= 0) {
                out.add(new Column(k, Kind.FEATURE, col));
            } else if (k.equals("row")) {
                out.add(new Column(k, Kind.ROW, -1));
            } else if (k.equals("label") && manifest.labels().present()) {
                out.add(new Column(k, Kind.LABEL, -1));
            } else {
                throw new IllegalArgumentException(
                        "--keep-columns: '"
                                + k
                                + "' is not a column of the dataset (its features' names, row,"
                                + (manifest.labels().present()
                                        ? " label"
                                        : " no label: it has none")
                                + ")");
            }
            if (!seen.add(k)) {
                throw new IllegalArgumentException("--keep-columns: '" + k + "' given twice");
            }
        }
        List<String> outputs = model.outputNames();
        for (int i = 0; i < outputs.size(); i++) {
            out.add(new Column(outputs.get(i), Kind.OUTPUT, i));
        }
        if (model.workload() == Workload.LR) {
            out.add(new Column("prediction", Kind.PREDICTED_LABEL, -1));
        }
        Set<String> all = new HashSet<>();
        for (Column c : out) {
            if (!all.add(c.name())) {
                throw new IllegalArgumentException(
                        "--keep-columns: '"
                                + c.name()
                                + "' is also the name of an output column: leave it out of"
                                + " --keep-columns");
            }
        }
        return new PredictionColumns(out);
    }

    public List<String> names() {
        List<String> n = new ArrayList<>();
        for (Column c : columns) {
            n.add(c.name());
        }
        return n;
    }
}
