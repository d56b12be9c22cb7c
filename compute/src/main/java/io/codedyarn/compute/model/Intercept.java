package io.codedyarn.compute.model;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.Rows;

/**
 * The intercept as an appended constant-1 feature (DSAG §1.4: "an intercept feature equal to 1 is
 * added"): column d of the result is 1 for every row, so the model's last coordinate is the
 * intercept, and it is regularised like the others. Copies the block (once, when loading).
 */
public final class Intercept {
    private Intercept() {}

    /** A copy of {@code rows} with a column of ones appended; labels shared. */
    public static Rows append(Rows rows) {
        if (rows instanceof DenseRows dense) {
            int n = dense.rows(), d = dense.cols();
            double[] x = new double[n * (d + 1)];
            for (int i = 0; i < n; i++) {
                System.arraycopy(dense.values(), i * d, x, i * (d + 1), d);
                x[i * (d + 1) + d] = 1.0;
            }
            return new DenseRows(n, d + 1, x, dense.labels());
        }
        CsrRows csr = (CsrRows) rows;
        int n = csr.rows();
        int[] ptr = new int[n + 1];
        int[] col = new int[csr.nonzeros() + n];
        double[] val = new double[col.length];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int p = csr.rowPtr()[i]; p < csr.rowPtr()[i + 1]; p++) {
                col[k] = csr.colIdx()[p];
                val[k++] = csr.values()[p];
            }
            col[k] = csr.cols();
            val[k++] = 1.0;
            ptr[i + 1] = k;
        }
        return new CsrRows(ptr, col, val, csr.cols() + 1, csr.labels());
    }
}
