package io.codedyarn.hdfs.dataset;

import java.util.Arrays;

/**
 * The labels of a dataset: none, or one float64 per row, optionally restricted to a declared set of
 * classes (e.g. {@code [-1, 1]} after {@code binary-labels}, {@code [0..9]} for MNIST).
 *
 * @param present whether every row has a label (manifest {@code labels.type} "float64") or none
 *     does ("none")
 * @param classes the allowed label values, sorted ascending without duplicates; {@code null} when
 *     labels are unrestricted (regression targets) or absent
 */
public record LabelSpec(boolean present, double[] classes) {
    public static final LabelSpec NONE = new LabelSpec(false, null);
    public static final LabelSpec CONTINUOUS = new LabelSpec(true, null);

    public LabelSpec {
        if (!present && classes != null) {
            throw new IllegalArgumentException("classes given for a dataset without labels");
        }
        if (classes != null) {
            classes = classes.clone();
            Arrays.sort(classes);
            for (int i = 0; i < classes.length; i++) {
                if (!Double.isFinite(classes[i])) {
                    throw new IllegalArgumentException(
                            "label class " + classes[i] + " is not finite");
                }
                if (i > 0 && classes[i] == classes[i - 1]) {
                    throw new IllegalArgumentException("label class " + classes[i] + " repeated");
                }
            }
        }
    }

    /** Labels restricted to these classes. */
    public static LabelSpec classes(double... classes) {
        return new LabelSpec(true, classes);
    }

    /** ±1 labels for logistic regression. */
    public static LabelSpec binary() {
        return classes(-1, 1);
    }

    /** Whether {@code label} is allowed: finite, and one of the classes if classes are declared. */
    public boolean allows(double label) {
        if (!Double.isFinite(label)) {
            return false;
        }
        return classes == null || Arrays.binarySearch(classes, label) >= 0;
    }

    @Override
    public double[] classes() {
        return classes == null ? null : classes.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LabelSpec l
                && l.present == present
                && Arrays.equals(l.classes, classes);
    }

    @Override
    public int hashCode() {
        return Boolean.hashCode(present) * 31 + Arrays.hashCode(classes);
    }

    @Override
    public String toString() {
        return !present
                ? "none"
                : classes == null ? "float64" : "float64 " + Arrays.toString(classes);
    }
}
