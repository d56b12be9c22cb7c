package io.codedyarn.am.model;

import io.codedyarn.compute.metrics.BinaryMetrics;
import io.codedyarn.compute.metrics.PcaMetrics;
import io.codedyarn.compute.metrics.RegressionMetrics;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.hdfs.dataset.DatasetReader;
import io.codedyarn.hdfs.dataset.LabelSpec;
import java.io.IOException;

/**
 * {@code evaluate}'s one pass over a dataset: the bound model's outputs and the rows' labels into
 * the workload's metrics ({@code compute.metrics}). lr needs labels −1/+1 (the training convention)
 * or 0/1, lsq any labels, pca none. Memory: O(chunk) for lsq and pca; lr keeps 8 bytes per row for
 * the areas under the curves.
 *
 * @param workload the model's
 * @param rows rows evaluated
 * @param binary lr's figures, else null
 * @param regression lsq's figures, else null
 * @param pca pca's figures, else null
 */
public record Evaluation(
        Workload workload,
        long rows,
        BinaryMetrics binary,
        RegressionMetrics regression,
        PcaMetrics pca) {

    /** Rows per read: bounded memory whatever the dataset's block size. */
    static final int CHUNK_ROWS = 8192;

    /**
     * Evaluates {@code model} on every row of {@code reader}'s dataset.
     *
     * @param threshold lr: the probability above which a row is predicted +1
     * @param data the dataset as the user named it, for messages
     * @throws IllegalArgumentException the data cannot judge this model (no labels, labels that are
     *     not an lr model's)
     */
    public static Evaluation run(
            BoundModel model, DatasetReader reader, double threshold, String data)
            throws IOException {
        Workload w = model.workload();
        LabelSpec labels = reader.manifest().labels();
        if (w != Workload.PCA && !labels.present()) {
            throw new IllegalArgumentException(
                    "--data "
                            + data
                            + " has no labels: evaluating an "
                            + w.cliName()
                            + " model needs labelled rows (predict does not)");
        }
        if (w == Workload.LR) {
            checkBinaryClasses(labels, data);
        }
        BinaryMetrics.Accumulator binary =
                w == Workload.LR ? new BinaryMetrics.Accumulator(threshold) : null;
        RegressionMetrics.Accumulator regression =
                w == Workload.LSQ ? new RegressionMetrics.Accumulator() : null;
        PcaMetrics.Accumulator pca =
                w == Workload.PCA ? new PcaMetrics.Accumulator(model.components()) : null;
        double[] out = new double[model.outputs()];
        long[] rows = {0};
        reader.forEachChunk(
                CHUNK_ROWS,
                chunk -> {
                    double[] y = chunk.labels();
                    for (int r = 0; r < chunk.rows(); r++) {
                        if (pca != null) {
                            pca.add(model.centred(chunk, r));
                        } else {
                            model.apply(chunk, r, out);
                            if (binary != null) {
                                binary.add(out[0], label01(y[r], chunk.firstRow() + r, data));
                            } else {
                                regression.add(out[0], y[r]);
                            }
                        }
                        rows[0]++;
                    }
                });
        return new Evaluation(
                w,
                rows[0],
                binary == null ? null : binary.result(),
                regression == null ? null : regression.result(),
                pca == null ? null : pca.result());
    }

    /** An lr label: +1 is positive, −1 or 0 negative. */
    private static double label01(double y, long row, String data) {
        if (y == 1) {
            return 1;
        }
        if (y == -1 || y == 0) {
            return 0;
        }
        throw new IllegalArgumentException(
                "--data " + data + ": row " + row + " has label " + y + ", " + NOT_BINARY);
    }

    private static final String NOT_BINARY =
            "but an lr model's labels are -1/+1 (or 0/1): import the data with --positive-labels";

    private static void checkBinaryClasses(LabelSpec labels, String data) {
        double[] classes = labels.classes();
        if (classes == null) {
            return; // checked row by row
        }
        for (double c : classes) {
            if (c != 1 && c != -1 && c != 0) {
                throw new IllegalArgumentException(
                        "--data "
                                + data
                                + ": its labels are the classes "
                                + java.util.Arrays.toString(classes)
                                + ", "
                                + NOT_BINARY);
            }
        }
    }
}
