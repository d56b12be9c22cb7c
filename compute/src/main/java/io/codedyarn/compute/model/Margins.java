package io.codedyarn.compute.model;

import io.codedyarn.compute.data.CsrRows;
import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;

/** z_i = ⟨x_i, v⟩ for each row of a range (columns ascending), for predictions and metrics. */
public final class Margins {
    private Margins() {}

    public static double[] of(RowRange r, double[] v) {
        if (v.length != r.cols()) {
            throw new IllegalArgumentException(
                    "parameter has dimension " + v.length + ", data has " + r.cols() + " columns");
        }
        double[] z = new double[r.count()];
        if (r.rows() instanceof DenseRows dense) {
            int d = dense.cols();
            for (int i = 0; i < z.length; i++) {
                int o = dense.offset(r.first() + i);
                double s = 0;
                for (int j = 0; j < d; j++) {
                    s += dense.values()[o + j] * v[j];
                }
                z[i] = s;
            }
        } else {
            CsrRows csr = (CsrRows) r.rows();
            for (int i = 0; i < z.length; i++) {
                double s = 0;
                for (int k = csr.rowPtr()[r.first() + i];
                        k < csr.rowPtr()[r.first() + i + 1];
                        k++) {
                    s += csr.values()[k] * v[csr.colIdx()[k]];
                }
                z[i] = s;
            }
        }
        return z;
    }
}
