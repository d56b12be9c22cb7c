package io.codedyarn.hdfs.importer;

import io.codedyarn.hdfs.dataset.DatasetSpec;
import io.codedyarn.hdfs.dataset.FeatureNames;
import io.codedyarn.hdfs.dataset.LabelSpec;
import io.codedyarn.hdfs.dataset.Storage;
import io.codedyarn.hdfs.dataset.Transformation;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What happens to each input label: it must be finite and, when classes are declared ({@code
 * --classes}, or the distinct IDX labels), one of them; then with {@code --positive-labels} it
 * becomes +1 (in the positive set) or −1 (any other class), which is the {@code binary-labels} step
 * of {@code docs/formats.md} done during the import.
 */
final class LabelPolicy {
    private final boolean present;
    private final double[] classes; // sorted, or null
    private final double[] positive; // sorted, or null

    LabelPolicy(boolean present, double[] classes, double[] positive) {
        this.present = present;
        this.classes = sorted(classes);
        this.positive = sorted(positive);
        if (!present && (classes != null || positive != null)) {
            throw new IllegalArgumentException(
                    (positive != null ? "--positive-labels" : "--classes")
                            + " given, but the input is imported without labels");
        }
        if (this.classes != null && this.positive != null) {
            for (double p : this.positive) {
                if (Arrays.binarySearch(this.classes, p) < 0) {
                    throw new IllegalArgumentException(
                            "--positive-labels "
                                    + fmt(p)
                                    + " is not one of the classes "
                                    + describe(this.classes));
                }
            }
        }
        if (this.classes != null) {
            LabelSpec.classes(this.classes); // rejects repeats and non-finite values
        }
    }

    static LabelPolicy of(boolean present, ImportOptions o) {
        return new LabelPolicy(present, o.classes(), o.positiveLabels());
    }

    /** The same policy with these classes (unless classes were declared already). */
    LabelPolicy withDefaultClasses(double[] found) {
        return classes != null ? this : new LabelPolicy(present, found, positive);
    }

    boolean present() {
        return present;
    }

    /** The labels of the written dataset. */
    LabelSpec spec() {
        if (!present) {
            return LabelSpec.NONE;
        }
        if (positive != null) {
            return LabelSpec.binary();
        }
        return classes == null ? LabelSpec.CONTINUOUS : LabelSpec.classes(classes);
    }

    /** The transformations the import applies ({@code binary-labels} or none). */
    List<Transformation> steps() {
        return positive == null ? List.of() : List.of(Transformation.binaryLabels(positive));
    }

    /**
     * The spec of an imported dataset with these labels: {@link #spec()}, {@link #steps()}, no
     * seed, the importer's provenance and its names for the columns.
     */
    DatasetSpec datasetSpec(
            Storage storage, int cols, Map<String, Object> source, FeatureNames features) {
        return new DatasetSpec(storage, cols, spec(), steps(), null, source, features);
    }

    /** Checks and maps one label, read at {@code file:line} ({@code line ≤ 0}: not a text line). */
    double map(double label, String file, long line, String where) {
        if (!Double.isFinite(label)) {
            throw new BadInputException(file, line, where + "label " + label + " is not finite");
        }
        if (classes != null && Arrays.binarySearch(classes, label) < 0) {
            throw new BadInputException(
                    file,
                    line,
                    where
                            + "label "
                            + fmt(label)
                            + " is not one of the declared classes "
                            + describe(classes));
        }
        if (positive != null) {
            return Arrays.binarySearch(positive, label) >= 0 ? 1.0 : -1.0;
        }
        return label;
    }

    static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : Double.toString(v);
    }

    static String describe(double[] values) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            if (i == 20 && values.length > 21) {
                sb.append("... (").append(values.length).append(" classes)");
                break;
            }
            sb.append(fmt(values[i]));
        }
        return sb.append('}').toString();
    }

    private static double[] sorted(double[] v) {
        if (v == null) {
            return null;
        }
        double[] s = v.clone();
        Arrays.sort(s);
        return s;
    }
}
