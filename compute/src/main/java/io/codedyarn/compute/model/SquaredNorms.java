package io.codedyarn.compute.model;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;

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
