package io.codedyarn.coordinator.simulated;

import io.codedyarn.compute.data.DenseRows;
import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.data.Rows;
import io.codedyarn.compute.model.Intercept;
import io.codedyarn.compute.model.LeastSquaresObjective;
import io.codedyarn.compute.model.LogisticObjective;
import io.codedyarn.compute.model.Objective;
import io.codedyarn.compute.task.Workload;
import io.codedyarn.coordinator.optim.Minimize;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;

/**
 * The reference optimum a run's gap is measured against, computed on one machine when the data is
 * in this JVM (simulated and embedded runs): LR/LSQ by L-BFGS to ‖∇F‖ ≤ 1e−10·max(1, ‖∇F(0)‖);
 * PCA's optimal explained variance from Commons Math's eigendecomposition of XᵀX (d ≤ 2,000).
 */
public final class Reference {
    private Reference() {}

    public static double compute(
            Workload workload, Rows data, boolean intercept, double lambda, int components) {
        if (workload == Workload.PCA) {
            return explainedVariance(data, components);
        }
        Rows rows = intercept ? Intercept.append(data) : data;
        List<RowRange> all = List.of(rows.all());
        Objective f =
                workload == Workload.LR
                        ? new LogisticObjective(all, lambda)
                        : lsq(new LeastSquaresObjective(all), lambda);
        double[] x0 = new double[rows.cols()];
        double g0 = 0;
        double[] fg = f.evaluate(x0);
        for (int j = 1; j < fg.length; j++) {
            g0 += fg[j] * fg[j];
        }
        double tol = 1e-10 * Math.max(1, Math.sqrt(g0));
        return Minimize.lbfgs(f::evaluate, x0, 10_000, tol).fg()[0];
    }

    private static Objective lsq(Objective sum, double lambda) {
        return x -> {
            double[] fg = sum.evaluate(x);
            double norm2 = 0;
            for (int j = 0; j < x.length; j++) {
                norm2 += x[j] * x[j];
                fg[1 + j] += lambda * x[j];
            }
            fg[0] += 0.5 * lambda * norm2;
            return fg;
        };
    }

    static double explainedVariance(Rows data, int k) {
        int d = data.cols();
        if (d > 2000) {
            throw new IllegalArgumentException(
                    "--target-gap: no exact PCA reference for d = "
                            + d
                            + " > 2000; give --reference");
        }
        DenseRows dense =
                data instanceof DenseRows dr
                        ? dr
                        : ((io.codedyarn.compute.data.CsrRows) data).toDense();
        double[][] g = new double[d][d];
        double[] x = dense.values();
        for (int i = 0; i < dense.rows(); i++) {
            int o = i * d;
            for (int a = 0; a < d; a++) {
                double xa = x[o + a];
                if (xa == 0) {
                    continue;
                }
                for (int b = a; b < d; b++) {
                    g[a][b] += xa * x[o + b];
                }
            }
        }
        double trace = 0;
        for (int a = 0; a < d; a++) {
            trace += g[a][a];
            for (int b = 0; b < a; b++) {
                g[a][b] = g[b][a];
            }
        }
        double[] eig =
                new EigenDecomposition(new Array2DRowRealMatrix(g, false)).getRealEigenvalues();
        Arrays.sort(eig);
        double top = 0;
        for (int m = 0; m < k && m < d; m++) {
            top += eig[d - 1 - m];
        }
        return top / trace;
    }
}
