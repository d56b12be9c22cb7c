package io.codedyarn.hdfs.dataset;

import java.util.List;

/**
 * The per-column affine map that {@code standardize} steps applied to a dataset: the stored value
 * of column j is (x_j − centre_j) · scale_j, with x_j the value before the steps. One step ({@link
 * #of}) has centre = its mean (0 when it did not centre: CSR) and scale = 1/std (1 for a column
 * with std 0, which is only centred); {@link DatasetTransform} applies exactly these numbers, and a
 * model trained on the stored values is turned back into one on the raw values with them.
 *
 * @param centre per column, subtracted first
 * @param scale per column, multiplied after
 */
public record Standardization(double[] centre, double[] scale) {
    public Standardization {
        if (centre.length != scale.length) {
            throw new IllegalArgumentException(
                    centre.length + " centres but " + scale.length + " scales");
        }
        centre = centre.clone();
        scale = scale.clone();
    }

    /**
     * One {@code standardize} step of {@code means} and {@code stds} (per column), centred or only
     * scaled.
     */
    public static Standardization of(double[] means, double[] stds, boolean centered) {
        if (means.length != stds.length) {
            throw new IllegalArgumentException(
                    means.length + " means but " + stds.length + " stds");
        }
        double[] scale = new double[stds.length];
        for (int c = 0; c < stds.length; c++) {
            scale[c] = stds[c] > 0 ? 1 / stds[c] : 1;
        }
        return new Standardization(centered ? means : new double[means.length], scale);
    }

    /**
     * The composition of the {@code standardize} steps among {@code steps} on a dataset of {@code
     * cols} columns (a step covers the columns that existed then: the first {@code means.length};
     * later columns, such as the intercept's, are left as they are); null when there is none.
     *
     * @throws IllegalArgumentException a step whose parameters are missing or do not fit
     */
    public static Standardization of(List<Transformation> steps, int cols) {
        Standardization out = null;
        for (Transformation t : steps) {
            if (!Transformation.STANDARDIZE.equals(t.name())) {
                continue;
            }
            Standardization step =
                    of(
                            t.doublesParam("means"),
                            t.doublesParam("stds"),
                            Boolean.TRUE.equals(t.params().get("centered")));
            if (step.centre.length > cols) {
                throw new IllegalArgumentException(
                        "the standardize step has "
                                + step.centre.length
                                + " columns, the dataset "
                                + cols);
            }
            out = out == null ? identity(cols).then(step) : out.then(step);
        }
        return out;
    }

    /** Nothing changed: centre 0, scale 1. */
    public static Standardization identity(int cols) {
        double[] one = new double[cols];
        java.util.Arrays.fill(one, 1.0);
        return new Standardization(new double[cols], one);
    }

    /**
     * This map followed by {@code next} (which covers this one's first columns): ((x − a)·s − b)·t
     * = (x − (a + b/s))·(s·t).
     */
    public Standardization then(Standardization next) {
        double[] c = centre.clone();
        double[] s = scale.clone();
        for (int j = 0; j < next.centre.length; j++) {
            c[j] = centre[j] + next.centre[j] / scale[j];
            s[j] = scale[j] * next.scale[j];
        }
        return new Standardization(c, s);
    }

    /** Whether any column is centred (then a linear model on the stored values has an offset). */
    public boolean centred() {
        for (double c : centre) {
            if (c != 0) {
                return true;
            }
        }
        return false;
    }

    public int cols() {
        return centre.length;
    }
}
