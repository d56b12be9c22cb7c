package io.codedyarn.worker.model;

import io.codedyarn.worker.data.CsrRows;
import io.codedyarn.worker.data.DenseRows;
import io.codedyarn.worker.data.RowRange;

/** Σ_i ‖x_i‖² over a range (stored entries in order; zeros add nothing). */
public final class SquaredNorms {
    private SquaredNorms() {}

    public static double of(RowRange r) {
        double s = 0;
        if (r.rows() instanceof DenseRows dense) {
            double[] x = dense.values();
            for (int m = dense.offset(r.first()); m < dense.offset(r.end()); m++) {
                s += x[m] * x[m];
            }
        } else {
            CsrRows csr = (CsrRows) r.rows();
            for (int m = csr.rowPtr()[r.first()]; m < csr.rowPtr()[r.end()]; m++) {
                s += csr.values()[m] * csr.values()[m];
            }
        }
        return s;
    }
}
